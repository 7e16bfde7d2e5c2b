package org.lbsim.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.lbsim.scenario.ResultFolder;

/**
 * One row per parameter combination: median and 95 % confidence interval over seeds of CCT %
 * over bound, largest queue, drops and retransmissions. The interval is the distribution-free
 * one for a median (order statistics of a Binomial(n, 1/2)); with fewer than 6 seeds no such
 * interval reaches 95 %, and the range min–max is shown instead, marked with '~'.
 */
public final class SweepSummary {
  private static final String[][] METRICS = {
      {"cct_over_bound_pct", "% over bound", "%.2f"},
      {"max_queue_bytes", "max queue KB", "%.1f"},
      {"drops", "drops", "%.0f"},
      {"retransmissions", "retx", "%.0f"}};

  private SweepSummary() {}

  /**
   * Writes the grid's {@code summary.csv} into its store folder {@code dir} and returns the
   * table as the terminal shows it.
   */
  public static String write(GridFile g, Map<String, JsonNode> records, Path dir) {
    Table t = table(g.axes(), g.grid(), records);
    ResultFolder.writeFile(dir.resolve("summary.csv"), t.csv());
    return t.render(g.axes().size());
  }

  public static Table table(List<Axis> axes, List<GridPoint> grid, Map<String, JsonNode> records) {
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
    List<String> header = new ArrayList<>();
    for (Axis a : axes) {
      header.add(a.key());
    }
    header.add("seeds");
    for (String[] m : METRICS) {
      header.add(m[1] + " median [95% CI]");
    }
    List<List<String>> rows = new ArrayList<>();
    for (Map.Entry<String, List<JsonNode>> e : byCombo.entrySet()) {
      List<String> row = new ArrayList<>(comboValues.get(e.getKey()).values());
      row.add(Integer.toString(e.getValue().size()));
      for (String[] m : METRICS) {
        double[] xs = values(e.getValue(), m[0], m[0].equals("max_queue_bytes") ? 1e-3 : 1);
        row.add(cell(xs, m[2]));
      }
      rows.add(row);
    }
    return new Table(header, rows);
  }

  private static double[] values(List<JsonNode> runs, String key, double scale) {
    List<Double> out = new ArrayList<>();
    for (JsonNode r : runs) {
      JsonNode v = r.get(key);
      if (v != null && v.isNumber()) {
        out.add(v.asDouble() * scale);
      }
    }
    return out.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private static String cell(double[] xs, String fmt) {
    if (xs.length == 0) {
      return "-";
    }
    double med = Stats.median(xs);
    double[] ci = Stats.medianInterval(xs, 0.95);
    String f = fmt;
    String mark = ci == null ? "~" : "";
    double lo = ci == null ? Stats.min(xs) : ci[0];
    double hi = ci == null ? Stats.max(xs) : ci[1];
    return String.format(Locale.ROOT, f + " [" + mark + f + ", " + f + "]", med, lo, hi);
  }
}
