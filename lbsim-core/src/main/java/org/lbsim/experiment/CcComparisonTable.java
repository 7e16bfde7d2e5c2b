package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A congestion control against a baseline (study Fig. 13: MSwift against the ideal constant
 * rate): the {@link OverBoundTable} with one column per {@code cc}, plus the CCT inflation the
 * control costs, 100 x (median CCT with {@code cc} / median CCT with {@code baseline} - 1), per row.
 */
public record CcComparisonTable(List<String> rowKeys, String baseline, String cc) implements Analysis {
  public CcComparisonTable {
    rowKeys = List.copyOf(rowKeys);
  }

  @Override
  public Table analyze(List<RunRecord> runs) {
    Table base = new OverBoundTable(rowKeys, "cc").analyze(runs);
    List<String> header = new ArrayList<>(base.header());
    header.add(header.size() - 1, cc + " CCT inflation %");
    List<List<String>> rows = new ArrayList<>();
    for (List<String> row : base.rows()) {
      List<String> values = row.subList(0, rowKeys.size());
      double inflation = 100 * (medianCct(runs, values, cc) / medianCct(runs, values, baseline) - 1);
      List<String> line = new ArrayList<>(row);
      line.add(line.size() - 1, Double.isNaN(inflation) ? "-" : String.format(Locale.ROOT, "%.2f", inflation));
      rows.add(line);
    }
    return new Table(header, rows);
  }

  /** Median CCT of the finished runs with these row values and congestion control; NaN when none. */
  private double medianCct(List<RunRecord> runs, List<String> values, String name) {
    List<Double> xs = new ArrayList<>();
    for (RunRecord r : runs) {
      boolean match = name.equals(r.value("cc"));
      for (int i = 0; i < rowKeys.size() && match; i++) {
        match = values.get(i).equals(r.value(rowKeys.get(i)));
      }
      if (match && r.result().unfinishedFlows() == 0) {
        xs.add((double) r.result().cctPs());
      }
    }
    return Stats.median(xs.stream().mapToDouble(Double::doubleValue).toArray());
  }
}
