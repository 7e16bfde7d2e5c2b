package org.lbsim.optimize;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.lbsim.experiment.RunPool;
import org.lbsim.experiment.Stats;

/**
 * The exhaustive grid the search is measured against: every design combination of a space, those
 * with one knob at each of the given values, the others at their defaults, each on every seed.
 */
final class ExhaustiveGrid {
  private ExhaustiveGrid() {}

  /** The grid's points: the combinations without knobs at their defaults, those with one at each of {@code values}. */
  static List<Point> points(SearchSpace space, double[] values) {
    List<Point> points = new ArrayList<>();
    for (DesignCombo c : space.combos()) {
      if (c.knobs().isEmpty()) {
        points.add(Point.defaults(c));
      }
      for (Knob k : c.knobs()) {
        for (double v : values) {
          points.add(new Point(c, Map.of(k.key(), k.text(v))));
        }
      }
    }
    return points;
  }

  /** The smallest median CCT over seeds 1 to {@code seeds} of any point, an unfinished run counting as infinite. */
  static double bestMedianCctPs(List<Point> points, Evaluator eval, int seeds, int threads) {
    ExecutorService pool = RunPool.open(threads);
    try {
      List<Future<Metrics>> runs = new ArrayList<>();
      for (Point p : points) {
        for (long seed = 1; seed <= seeds; seed++) {
          long x = seed;
          runs.add(pool.submit(() -> eval.run(p, Condition.AS_GIVEN, x)));
        }
      }
      double best = Double.POSITIVE_INFINITY;
      for (int i = 0; i < points.size(); i++) {
        double[] cct = new double[seeds];
        for (int s = 0; s < seeds; s++) {
          Metrics m = RunPool.await(runs.get(seeds * i + s));
          cct[s] = m.finished() ? m.cctPs() : Double.POSITIVE_INFINITY;
        }
        best = Math.min(best, Stats.median(cct));
      }
      return best;
    } finally {
      pool.shutdownNow();
    }
  }
}
