package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.List;

/**
 * Marks, in every "% over bound" column of another analysis's table, the best setting of the
 * swept parameter per workload with a trailing {@code *}: the first row (in sweep order, e.g.
 * the smallest threshold) whose value is within {@link #TOLERANCE_PP} percentage points of the
 * column's lowest. Past the knee a larger setting buys nothing measurable, so the knee is what
 * a user should pick and what the study reports. With {@code groupColumns > 0}, rows that share
 * their first {@code groupColumns} cells (e.g. one scheme) each get their own best.
 */
public record BestMarked(Analysis inner, int groupColumns) implements Analysis {
  /** Differences smaller than this are noise between settings, not a better setting. */
  public static final double TOLERANCE_PP = 0.1;

  /** One best per column over all rows. */
  public BestMarked(Analysis inner) {
    this(inner, 0);
  }

  @Override
  public Table analyze(List<RunRecord> runs) {
    Table t = inner.analyze(runs);
    List<List<String>> rows = new ArrayList<>();
    for (List<String> r : t.rows()) {
      rows.add(new ArrayList<>(r));
    }
    List<List<Integer>> groups = new ArrayList<>();
    List<String> lastKey = null;
    for (int i = 0; i < rows.size(); i++) {
      List<String> key = rows.get(i).subList(0, groupColumns);
      if (lastKey == null || !key.equals(lastKey)) {
        groups.add(new ArrayList<>());
        lastKey = List.copyOf(key);
      }
      groups.get(groups.size() - 1).add(i);
    }
    for (int c = 1; c < t.header().size(); c++) {
      String h = t.header().get(c);
      if (!h.endsWith("% over bound") && !h.endsWith("CCT (us)")) {
        continue;
      }
      // a CCT column marks its true minimum; a percentage column the knee within the tolerance
      double tolerance = h.endsWith("% over bound") ? TOLERANCE_PP : 0;
      for (List<Integer> g : groups) {
        mark(rows, g, c, tolerance);
      }
    }
    return new Table(t.header(), rows);
  }

  private static void mark(List<List<String>> rows, List<Integer> group, int c, double tolerance) {
    int best = -1;
    double bestValue = Double.POSITIVE_INFINITY;
    for (int i : group) {
      String v = rows.get(i).get(c);
      if (!v.equals("-") && Double.parseDouble(v) < bestValue) {
        bestValue = Double.parseDouble(v);
        best = i;
      }
    }
    if (best >= 0) {
      for (int i : group) {
        String v = rows.get(i).get(c);
        if (!v.equals("-") && Double.parseDouble(v) <= bestValue + tolerance) {
          best = i;
          break;
        }
      }
      rows.get(best).set(c, rows.get(best).get(c) + " *");
    }
  }
}
