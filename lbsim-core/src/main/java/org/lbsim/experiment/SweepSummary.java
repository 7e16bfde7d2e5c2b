package org.lbsim.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.lbsim.results.ResultFolder;
import org.lbsim.results.RunList;

/**
 * One row per parameter combination: median and 95 % confidence interval over seeds of CCT %
 * over bound, largest queue, drops and retransmissions. The interval is the distribution-free
 * one for a median (order statistics of a Binomial(n, 1/2)); with fewer than 6 seeds no such
 * interval reaches 95 %, and the range min–max is given instead (marked with '~' in the table).
 */
public final class SweepSummary {
  /** The metrics of each row: key in the store's records, table heading, table format, scale for the table. */
  private static final List<Metric> METRICS = List.of(
      new Metric("cct_over_bound_pct", "% over bound", "%.2f", 1),
      new Metric("max_queue_bytes", "max queue KB", "%.1f", 1e-3),
      new Metric("drops", "drops", "%.0f", 1),
      new Metric("retransmissions", "retx", "%.0f", 1));

  private record Metric(String key, String heading, String format, double tableScale) {}

  private SweepSummary() {}

  /**
   * A metric's median over seeds and its interval.
   *
   * @param confidence95 true when [lo, hi] is the 95 % confidence interval of the median, false
   *     when it is the range min–max (fewer than 6 seeds)
   */
  public record Cell(double median, double lo, double hi, boolean confidence95) {
    /** "ci95" or "range": what [lo, hi] is. */
    public String interval() {
      return confidence95 ? "ci95" : "range";
    }
  }

  /**
   * One parameter combination.
   *
   * @param values each axis' key and this combination's value, in axis order
   * @param seeds how many of its runs are in the store
   * @param cells one per {@link #metricKeys()}, null where no run has that metric
   */
  public record Row(Map<String, String> values, int seeds, List<Cell> cells) {
    public Row {
      values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
      cells = Collections.unmodifiableList(new ArrayList<>(cells));
    }
  }

  /** The metrics' keys, as the store's records and summary.json name them, in column order. */
  public static List<String> metricKeys() {
    return METRICS.stream().map(Metric::key).toList();
  }

  /**
   * Writes the grid's {@code summary.csv} and {@code runs.txt} (its run folders, one per line, so
   * that a report of the folder draws them and not those of an earlier grid of the same name)
   * into its store folder {@code dir} and returns the table as the terminal shows it.
   */
  public static String write(GridFile g, Map<String, JsonNode> records, Path dir) {
    List<Row> rows = rows(g.grid(), records);
    ResultFolder.writeFile(dir.resolve("summary.csv"), csv(g.axes(), rows));
    RunList.write(dir, g.grid().stream().map(GridPoint::name).toList());
    return table(g.axes(), rows).render(g.axes().size());
  }

  /** The rows of {@code grid}, in grid order, from the store's {@code records}. */
  public static List<Row> rows(List<GridPoint> grid, Map<String, JsonNode> records) {
    Map<String, List<JsonNode>> byCombo = new LinkedHashMap<>();
    Map<String, Map<String, String>> comboValues = new LinkedHashMap<>();
    for (GridPoint p : grid) {
      String combo = p.values().toString();
      comboValues.putIfAbsent(combo, p.values());
      JsonNode r = records.get(p.name());
      List<JsonNode> list = byCombo.computeIfAbsent(combo, k -> new ArrayList<>());
      if (r != null) {
        list.add(r);
      }
    }
    List<Row> rows = new ArrayList<>();
    for (Map.Entry<String, List<JsonNode>> e : byCombo.entrySet()) {
      List<Cell> cells = new ArrayList<>();
      for (Metric m : METRICS) {
        cells.add(cell(values(e.getValue(), m.key())));
      }
      rows.add(new Row(comboValues.get(e.getKey()), e.getValue().size(), cells));
    }
    return rows;
  }

  /** The table as the terminal shows it: each metric's median with its interval in one cell. */
  public static Table table(List<Axis> axes, List<GridPoint> grid, Map<String, JsonNode> records) {
    return table(axes, rows(grid, records));
  }

  private static Table table(List<Axis> axes, List<Row> rows) {
    List<String> header = new ArrayList<>();
    for (Axis a : axes) {
      header.add(a.key());
    }
    header.add("seeds");
    for (Metric m : METRICS) {
      header.add(m.heading() + " median [95% CI]");
    }
    List<List<String>> text = new ArrayList<>();
    for (Row r : rows) {
      List<String> row = new ArrayList<>(r.values().values());
      row.add(Integer.toString(r.seeds()));
      for (int i = 0; i < METRICS.size(); i++) {
        row.add(text(r.cells().get(i), METRICS.get(i)));
      }
      text.add(row);
    }
    return new Table(header, text);
  }

  /**
   * {@code summary.csv}: one column per axis, {@code seeds}, then per metric its median, interval
   * bounds and what the interval is ({@code <key>_median}, {@code _lo}, {@code _hi},
   * {@code _interval}: ci95 or range), in the store's units; empty cells where no run has it.
   */
  public static String csv(List<Axis> axes, List<Row> rows) {
    List<String> header = new ArrayList<>();
    for (Axis a : axes) {
      header.add(a.key());
    }
    header.add("seeds");
    for (Metric m : METRICS) {
      header.addAll(List.of(m.key() + "_median", m.key() + "_lo", m.key() + "_hi", m.key() + "_interval"));
    }
    List<List<String>> out = new ArrayList<>();
    for (Row r : rows) {
      List<String> row = new ArrayList<>(r.values().values());
      row.add(Integer.toString(r.seeds()));
      for (Cell c : r.cells()) {
        row.addAll(c == null ? List.of("", "", "", "")
            : List.of(CsvNumber.of(c.median()), CsvNumber.of(c.lo()), CsvNumber.of(c.hi()), c.interval()));
      }
      out.add(row);
    }
    return new Table(header, out).csv();
  }

  private static double[] values(List<JsonNode> runs, String key) {
    List<Double> out = new ArrayList<>();
    for (JsonNode r : runs) {
      JsonNode v = r.get(key);
      if (v != null && v.isNumber()) {
        out.add(v.asDouble());
      }
    }
    return out.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private static Cell cell(double[] xs) {
    if (xs.length == 0) {
      return null;
    }
    double[] ci = Stats.medianInterval(xs, 0.95);
    return ci == null ? new Cell(Stats.median(xs), Stats.min(xs), Stats.max(xs), false)
        : new Cell(Stats.median(xs), ci[0], ci[1], true);
  }

  private static String text(Cell c, Metric m) {
    if (c == null) {
      return "-";
    }
    String f = m.format();
    String mark = c.confidence95() ? "" : "~";
    double s = m.tableScale();
    return String.format(Locale.ROOT, f + " [" + mark + f + ", " + f + "]", c.median() * s, c.lo() * s, c.hi() * s);
  }
}
