package org.lbsim.bench.crosscheck;

import java.util.ArrayList;
import java.util.List;

/**
 * The cross-check table, printed as a Markdown table whose columns also line up in a terminal;
 * the difference column is right-aligned, the others left-aligned. Comparing the CCT alone it has
 * one line per case; comparing several metrics, one line per case and metric, with a metric
 * column.
 */
final class Table {
  static final List<String> HEADER = List.of("case", "lbsim CCT µs, median [min, max]", "htsim CCT µs, median [min, max]",
      "lbsim − htsim", "verdict");
  static final List<String> METRIC_HEADER = List.of("case", "metric", "lbsim µs, median [min, max]",
      "htsim µs, median [min, max]", "lbsim − htsim", "verdict");
  /** With a count among the metrics: times in µs, counts in packets. */
  static final List<String> COUNT_HEADER = List.of("case", "metric", "lbsim, median [min, max]",
      "htsim, median [min, max]", "lbsim − htsim", "verdict");

  private Table() {}

  static String format(List<CaseRow> rows) {
    return format(rows, List.of(Metric.CCT));
  }

  static String format(List<CaseRow> rows, List<Metric> metrics) {
    boolean cctOnly = metrics.equals(List.of(Metric.CCT));
    List<List<String>> lines = new ArrayList<>();
    boolean counts = metrics.stream().anyMatch(m -> m.count);
    lines.add(cctOnly ? HEADER : counts ? COUNT_HEADER : METRIC_HEADER);
    for (CaseRow r : rows) {
      for (Metric m : metrics) {
        List<String> cells = List.of(r.lbsim().cell(m), r.htsim().cell(m), r.difference(m), r.verdict(m));
        List<String> line = new ArrayList<>();
        line.add(r.name());
        if (!cctOnly) {
          line.add(counts ? m.label + (m.count ? " (packets)" : " (µs)") : m.label);
        }
        line.addAll(cells);
        lines.add(line);
      }
    }
    return render(lines, lines.get(0).size() - 2);
  }

  private static String render(List<List<String>> lines, int difference) {
    int[] width = new int[lines.get(0).size()];
    for (List<String> line : lines) {
      for (int c = 0; c < width.length; c++) {
        width[c] = Math.max(width[c], line.get(c).length());
      }
    }
    List<String> rule = new ArrayList<>();
    for (int c = 0; c < width.length; c++) {
      rule.add(c == difference ? "-".repeat(width[c] - 1) + ":" : "-".repeat(width[c]));
    }
    lines.add(1, rule);
    StringBuilder out = new StringBuilder();
    for (List<String> line : lines) {
      out.append('|');
      for (int c = 0; c < width.length; c++) {
        String cell = line.get(c);
        String pad = " ".repeat(width[c] - cell.length());
        out.append(' ').append(c == difference ? pad + cell : cell + pad).append(" |");
      }
      out.append('\n');
    }
    return out.toString();
  }
}
