package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.List;

/**
 * Marks, in every "% over bound" column of another analysis's table, the best setting of the
 * swept parameter per workload with a trailing {@code *}: the first row (in sweep order, e.g.
 * the smallest threshold) whose value is within {@link #TOLERANCE_PP} percentage points of the
 * column's lowest. Past the knee a larger setting buys nothing measurable, so the knee is what
 * a user should pick and what the study reports.
 */
public record BestMarked(Analysis inner) implements Analysis {
  /** Differences smaller than this are noise between settings, not a better setting. */
  public static final double TOLERANCE_PP = 0.1;

  @Override
  public Table analyze(List<RunRecord> runs) {
    Table t = inner.analyze(runs);
    List<List<String>> rows = new ArrayList<>();
    for (List<String> r : t.rows()) {
      rows.add(new ArrayList<>(r));
    }
    for (int c = 1; c < t.header().size(); c++) {
      if (!t.header().get(c).endsWith("% over bound")) {
        continue;
      }
      int best = -1;
      double bestValue = Double.POSITIVE_INFINITY;
      for (int i = 0; i < rows.size(); i++) {
        String v = rows.get(i).get(c);
        if (!v.equals("-") && Double.parseDouble(v) < bestValue) {
          bestValue = Double.parseDouble(v);
          best = i;
        }
      }
      if (best >= 0) {
        for (int i = 0; i < rows.size(); i++) {
          String v = rows.get(i).get(c);
          if (!v.equals("-") && Double.parseDouble(v) <= bestValue + TOLERANCE_PP) {
            best = i;
            break;
          }
        }
        rows.get(best).set(c, rows.get(best).get(c) + " *");
      }
    }
    return new Table(t.header(), rows);
  }
}
