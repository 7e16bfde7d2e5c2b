package org.lbsim.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.junit.jupiter.api.Test;

/** CsvRows writes what CSVPrinter with String.format(Locale.ROOT, ...) writes, byte for byte. */
class CsvRowsTest {
  private static final String[] TEXTS = {"tor0>h0", "a,b", "say \"hi\"", "", "#hash", " lead", "trail ", "x\ny",
      "-dash", "agg3>core12", "tier1"};

  @Test
  void rowsOfTextWholeAndFixedNumbersMatchCsvPrinter() throws IOException {
    SplittableRandom rnd = new SplittableRandom(11);
    List<Object[]> rows = new ArrayList<>();
    double[] awkward = {0, -0.0, 0.125, 1.005, 2.675, 0.005, 0.0049999999, 1e-7, 123456789.125, 0.999999949,
        0.9999995, 1.0, 1e15, 5e-324, Double.NaN, Double.POSITIVE_INFINITY, -1.5, 0.1 + 0.2};
    for (double d : awkward) {
      rows.add(new Object[] {"", d, -1L, d, Long.MIN_VALUE});
    }
    for (int i = 0; i < 20_000; i++) {
      double d = switch (i % 4) {
        case 0 -> rnd.nextDouble();
        case 1 -> rnd.nextInt(1_000_000) / 1000.0 + 0.0005; // halves at the third digit
        case 2 -> rnd.nextDouble() * Math.pow(10, rnd.nextInt(12));
        default -> Math.round(rnd.nextDouble() * 1e6) / 8.0;
      };
      rows.add(new Object[] {TEXTS[i % TEXTS.length], d, rnd.nextLong(), rnd.nextDouble() * 3, (long) i});
    }
    StringWriter expected = new StringWriter();
    try (CSVPrinter p = new CSVPrinter(expected, CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get())) {
      p.printRecord("port", "mean", "n", "util", "last");
      for (Object[] r : rows) {
        p.printRecord(r[0], String.format(Locale.ROOT, "%.2f", (double) r[1]), r[2],
            String.format(Locale.ROOT, "%.6f", (double) r[3]), r[4]);
      }
    }
    StringWriter actual = new StringWriter();
    CsvRows csv = new CsvRows(actual);
    csv.header("port", "mean", "n", "util", "last");
    for (Object[] r : rows) {
      csv.text((String) r[0]);
      csv.fixed((double) r[1], 2);
      csv.number((long) r[2]);
      csv.fixed((double) r[3], 6);
      csv.number((long) r[4]);
      csv.end();
    }
    assertThat(actual.toString()).isEqualTo(expected.toString());
  }

  @Test
  void aRowMayStartWithANumber() throws IOException {
    StringWriter expected = new StringWriter();
    try (CSVPrinter p = new CSVPrinter(expected, CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get())) {
      p.printRecord(-7L, "", 3L);
      p.printRecord(0L, "a b", -0L);
    }
    StringWriter actual = new StringWriter();
    CsvRows csv = new CsvRows(actual);
    csv.number(-7);
    csv.text("");
    csv.number(3);
    csv.end();
    csv.number(0);
    csv.text("a b");
    csv.number(0);
    csv.end();
    assertThat(actual.toString()).isEqualTo(expected.toString());
  }
}
