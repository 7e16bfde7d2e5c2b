package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToLongFunction;

/**
 * The CCT rows of {@link QueueScaling}: per message size m, the best scheme is the one whose
 * runs all finished with the lowest median CCT (the first in sweep order on a tie), and every
 * run is compared with the best's run of the same seed (the same permutation):
 * <ul>
 *   <li>{@value #RATIO}: the median over seeds of CCT / the best's CCT; the best's cell is marked
 *       {@code *};
 *   <li>{@value #EXCESS}: the median over seeds of CCT − the best's CCT, in microseconds; its
 *       slope is that of log(excess) on log(m) over the sizes where it is positive, "-" when
 *       fewer than two are.
 * </ul>
 * A run with unfinished flows has no CCT and is left out of its cell; a cell without runs is "-".
 */
final class CctBySize {
  static final String RATIO = "CCT / best";
  static final String EXCESS = "CCT - best (us)";

  private final List<RunRecord> runs;
  private final ToLongFunction<RunRecord> size;
  /** Per size, the best scheme's CCT per seed. */
  private final Map<Long, Map<Long, Long>> bestCct = new HashMap<>();
  private final Map<Long, String> best = new HashMap<>();

  CctBySize(List<RunRecord> runs, Set<String> lbs, Set<Long> sizes, ToLongFunction<RunRecord> size) {
    this.runs = runs;
    this.size = size;
    for (long m : sizes) {
      String b = best(lbs, m);
      if (b == null) {
        continue;
      }
      best.put(m, b);
      Map<Long, Long> bySeed = new HashMap<>();
      for (RunRecord r : of(b, m)) {
        bySeed.put(r.point().seed(), r.result().cctPs());
      }
      bestCct.put(m, bySeed);
    }
  }

  /** The row of {@code measure} ({@link #RATIO} or {@link #EXCESS}) for {@code lb}: one cell per size, then the slope. */
  List<String> row(String lb, String measure, Set<Long> sizes) {
    List<String> line = new ArrayList<>(List.of(lb, measure));
    double[] x = new double[sizes.size()];
    double[] y = new double[sizes.size()];
    int i = 0;
    for (long m : sizes) {
      Map<Long, Long> ref = bestCct.getOrDefault(m, Map.of());
      List<Double> xs = new ArrayList<>();
      for (RunRecord r : of(lb, m)) {
        Long b = ref.get(r.point().seed());
        if (b != null && r.result().unfinishedFlows() == 0) {
          long cct = r.result().cctPs();
          xs.add(measure.equals(RATIO) ? (double) cct / b : (cct - b) / 1e6);
        }
      }
      double med = Stats.median(xs.stream().mapToDouble(Double::doubleValue).toArray());
      x[i] = m;
      y[i] = med;
      i++;
      String cell = Double.isNaN(med) ? "-" : String.format(Locale.ROOT, measure.equals(RATIO) ? "%.3f" : "%.2f", med);
      line.add(measure.equals(RATIO) && lb.equals(best.get(m)) ? cell + " *" : cell);
    }
    double slope = measure.equals(EXCESS) ? Stats.logLogSlope(x, y) : Double.NaN;
    line.add(Double.isNaN(slope) ? "-" : String.format(Locale.ROOT, "%.2f", slope));
    return line;
  }

  private List<RunRecord> of(String lb, long m) {
    return runs.stream().filter(r -> r.value("lb").equals(lb) && size.applyAsLong(r) == m).toList();
  }

  /** The scheme with the lowest median CCT at size m among those whose every run finished; null if none. */
  private String best(Set<String> lbs, long m) {
    String out = null;
    double bestMedian = Double.POSITIVE_INFINITY;
    for (String lb : lbs) {
      List<RunRecord> rs = of(lb, m);
      boolean finished = !rs.isEmpty() && rs.stream().allMatch(r -> r.result().unfinishedFlows() == 0);
      double med = Stats.median(rs.stream().mapToDouble(r -> r.result().cctPs()).toArray());
      if (finished && med < bestMedian) {
        out = lb;
        bestMedian = med;
      }
    }
    return out;
  }
}
