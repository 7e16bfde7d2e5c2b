package org.lbsim.results;

import java.io.IOException;
import java.io.Writer;
import java.util.Formatter;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;

/**
 * Writes CSV rows field by field, as {@code CSVPrinter.printRecord} with {@link CSVFormat#DEFAULT}
 * and a {@code '\n'} record separator writes them, byte for byte, at a cost per field of the field
 * alone: text goes through the same {@link CSVFormat#print} (so quoting is Commons CSV's), whole
 * numbers are appended as decimal digits (which that format never quotes), and fixed-point
 * numbers come from one reused {@link Formatter} (what {@code String.format(Locale.ROOT, ...)}
 * gives: Locale.US has the same digits, point and sign, and takes the formatter's fast path).
 */
final class CsvRows {
  private static final CSVFormat FORMAT = CSVFormat.DEFAULT;

  private final Writer out;
  private final StringBuilder number = new StringBuilder(32);
  private final Formatter fixed = new Formatter(number, Locale.US);
  private boolean newRecord = true;

  CsvRows(Writer out) {
    this.out = out;
  }

  /** A row of text fields (a header). */
  void header(String... names) throws IOException {
    for (String n : names) {
      text(n);
    }
    end();
  }

  void text(String value) throws IOException {
    FORMAT.print(value, out, newRecord);
    newRecord = false;
  }

  void number(long value) throws IOException {
    separate();
    number.setLength(0);
    number.append(value);
    out.append(number);
  }

  /** {@code value} with {@code digits} digits after the point, as {@code %.<digits>f} gives it. */
  void fixed(double value, int digits) throws IOException {
    separate();
    number.setLength(0);
    fixed.format(digits == 2 ? "%.2f" : digits == 6 ? "%.6f" : "%." + digits + "f", value);
    out.append(number);
  }

  /** Ends the row. */
  void end() throws IOException {
    out.write('\n');
    newRecord = true;
  }

  private void separate() throws IOException {
    if (!newRecord) {
      out.write(FORMAT.getDelimiterString());
    }
    newRecord = false;
  }
}
