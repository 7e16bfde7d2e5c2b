package org.lbsim.results;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.function.ToLongFunction;
import org.lbsim.metrics.QueueSeries;

/**
 * The columns of {@code queues.csv}, in file order: the one list that the writer and the reader
 * of result folders (and the report) share. The file is long: one row per sampled port and
 * sample, one port's samples together, at 0, interval, 2 × interval, ... Each column names its
 * unit, the cell it writes for sample {@code j} of port {@code i}, and how its text is read back.
 */
public enum QueueColumn {
  TIME("time_us", "us", (q, i, j, csv) -> csv.text(micros(j * q.intervalPs())), QueueColumn::picos),
  PORT("port", "", (q, i, j, csv) -> csv.text(q.ports().get(i)), null),
  QUEUE("queue_bytes", "bytes", (q, i, j, csv) -> csv.number(q.bytes().get(i)[j]), Long::parseLong);

  private static final BigDecimal PS_PER_US = BigDecimal.valueOf(1_000_000);

  /** Writes one cell of a row. */
  @FunctionalInterface
  interface Cell {
    void write(QueueSeries q, int port, int sample, CsvRows csv) throws IOException;
  }

  private final String header;
  private final String unit;
  private final Cell cell;
  private final ToLongFunction<String> number;

  QueueColumn(String header, String unit, Cell cell, ToLongFunction<String> number) {
    this.header = header;
    this.unit = unit;
    this.cell = cell;
    this.number = number;
  }

  /** The column's name in the file's header row. */
  public String header() {
    return header;
  }

  /** What the column's numbers measure ({@code ""} for the port's name). */
  public String unit() {
    return unit;
  }

  /** Every column's header, in file order. */
  public static String[] headers() {
    return Arrays.stream(values()).map(QueueColumn::header).toArray(String[]::new);
  }

  /** Appends this column's cell of sample {@code sample} of port {@code port} to the row being written. */
  void write(QueueSeries q, int port, int sample, CsvRows csv) throws IOException {
    cell.write(q, port, sample, csv);
  }

  /**
   * The whole number a cell's text holds (the time in ps); throws {@link NumberFormatException}
   * or {@link ArithmeticException} for text that is not one, {@link IllegalStateException} for
   * the port's column, which holds a name.
   */
  long number(String text) {
    if (number == null) {
      throw new IllegalStateException(header + " holds a name, not a number");
    }
    return number.applyAsLong(text);
  }

  /** Microseconds as written: the fewest digits that give the time exactly. */
  private static String micros(long ps) {
    return BigDecimal.valueOf(ps, 6).stripTrailingZeros().toPlainString();
  }

  private static long picos(String us) {
    return new BigDecimal(us).multiply(PS_PER_US).longValueExact();
  }
}
