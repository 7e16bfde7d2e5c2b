package org.lbsim.bench;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.lbsim.experiment.BaseScenario;
import org.lbsim.experiment.RunPool;
import org.lbsim.experiment.Stats;
import org.lbsim.optimize.Condition;
import org.lbsim.optimize.DesignCombo;
import org.lbsim.optimize.Evaluator;
import org.lbsim.optimize.Knob;
import org.lbsim.optimize.Metrics;
import org.lbsim.optimize.Outcome;
import org.lbsim.optimize.Point;
import org.lbsim.optimize.ScenarioEvaluator;
import org.lbsim.optimize.Search;
import org.lbsim.optimize.SearchSpace;
import org.lbsim.optimize.SpaceRequest;
import org.lbsim.scenario.Catalog;

/**
 * How close {@code optimize} gets to the exhaustive grid over the same space, on the study's fabric (128-host fat
 * tree, k = 8) and an all-to-all: the grid runs every design combination with each searched knob at each of its
 * grid values (one knob per combination at most, so the grid is their union), on seeds 1 to 3; the search runs
 * within its budget on the same seeds. Prints both bests (median CCT over the seeds), the gap in % and the runs
 * and wall time of each. {@code run-optimize-vs-grid.sh} runs it.
 *
 * <pre>java -cp benchmarks.jar org.lbsim.bench.OptimizeVsGrid small|large|flowlet [SIZE [THREADS]]</pre>
 * small: ecmp, plb, letflow x DCTCP x SACK, letflow.gap_us at 11 values (39 grid runs), budget 40 (the space of
 * {@code DefaultFabricSearchTest}); large: ecmp, host-spray, ofan, reps, plb, letflow x DCTCP, MSwift x SACK,
 * letflow.gap_us, plb.window and reps.evs at 7 values each (144 grid runs), budget 300; flowlet: the flow-granular
 * ecmp, plb, letflow, conga x DCTCP, MSwift x SACK, letflow.gap_us, conga.gap_us and plb.window at 7 values each
 * (132 grid runs), budget 300, where the best design needs its knob tuned. SIZE: the all-to-all's
 * bytes per flow (default 16KiB); THREADS: runs at once (default 2).
 */
public final class OptimizeVsGrid {
  private static final int SEEDS = 3;

  private OptimizeVsGrid() {}

  /** A space: the designs, the knobs searched (every other one fixed), each knob's interval and grid values. */
  private record Space(Map<String, List<String>> axes, Map<String, double[]> grid, Map<String, double[]> ranges,
      int budget) {}

  private static Space space(String name) {
    double[] gaps = {0.1, 0.2, 0.3, 0.5, 1, 2, 5, 10, 20, 50, 100};
    return switch (name) {
      case "small" -> new Space(Map.of("lb", List.of("ecmp", "plb", "letflow"), "cc", List.of("dctcp"), "lr",
          List.of("sack")), Map.of("letflow.gap_us", gaps), Map.of("letflow.gap_us", new double[] {0.1, 100}), 40);
      case "large" -> new Space(Map.of("lb", List.of("ecmp", "host-spray", "ofan", "reps", "plb", "letflow"), "cc",
          List.of("dctcp", "mswift"), "lr", List.of("sack")), Map.of(
              "letflow.gap_us", new double[] {0.1, 0.3, 1, 3, 10, 30, 100},
              "plb.window", new double[] {1, 2, 5, 10, 20, 50, 100},
              "reps.evs", new double[] {1600, 4000, 8000, 16000, 40000, 80000, 160000}),
          Map.of("letflow.gap_us", new double[] {0.1, 100}, "plb.window", new double[] {1, 100}, "reps.evs",
              new double[] {1600, 160000}), 300);
      case "flowlet" -> new Space(Map.of("lb", List.of("ecmp", "plb", "letflow", "conga"), "cc",
          List.of("dctcp", "mswift"), "lr", List.of("sack")), Map.of(
              "letflow.gap_us", new double[] {0.1, 0.3, 1, 3, 10, 30, 100},
              "conga.gap_us", new double[] {0.1, 0.3, 1, 3, 10, 30, 100},
              "plb.window", new double[] {1, 2, 5, 10, 20, 50, 100}),
          Map.of("letflow.gap_us", new double[] {0.1, 100}, "conga.gap_us", new double[] {0.1, 100}, "plb.window",
              new double[] {1, 100}), 300);
      default -> throw new IllegalArgumentException("unknown space '" + name + "' (allowed: small, large, flowlet)");
    };
  }

  public static void main(String[] args) {
    if (args.length < 1 || args.length > 3) {
      System.err.println("usage: OptimizeVsGrid small|large|flowlet [SIZE [THREADS]]");
      System.exit(2);
    }
    Space sp = space(args[0]);
    String size = args.length > 1 ? args[1] : "16KiB";
    int threads = args.length > 2 ? Integer.parseInt(args[2]) : 2;
    Catalog catalog = Catalog.builtIn();
    Set<String> fixed = new HashSet<>(SearchSpace.of(catalog, new SpaceRequest(sp.axes(), Set.of(), Map.of(), false))
        .knobKeys());
    fixed.removeAll(sp.grid().keySet());
    SearchSpace space = SearchSpace.of(catalog, new SpaceRequest(sp.axes(), fixed, sp.ranges(), false));
    Evaluator eval = new ScenarioEvaluator(new BaseScenario("workload: {kind: all-to-all, size: " + size + "}\n",
        "bench", null), List.of(), catalog, "bench");

    long t0 = System.nanoTime();
    List<Point> points = gridPoints(space, sp.grid());
    double[] grid = bestOfGrid(points, eval, threads);
    Point gridWinner = points.get((int) grid[1]);
    long t1 = System.nanoTime();
    Outcome o = Search.run(space, eval, new Search.Settings(sp.budget(), SEEDS, 1, threads));
    long t2 = System.nanoTime();
    double found = o.winner().medianCctPs();
    System.out.printf(Locale.ROOT, "space %s, all-to-all %s on 128 hosts, %d design combinations, %d seeds, %d threads%n",
        args[0], size, space.combos().size(), SEEDS, threads);
    System.out.printf(Locale.ROOT, "grid:     %d runs, %.0f s wall; best %s, median CCT %.3f us%n",
        points.size() * SEEDS, (t1 - t0) / 1e9, gridWinner.label(), grid[0] / 1e6);
    System.out.printf(Locale.ROOT, "optimize: %d runs of a budget of %d, %.0f s wall; best %s, median CCT %.3f us%n",
        o.runs(), sp.budget(), (t2 - t1) / 1e9, o.winner().point().label(), found / 1e6);
    System.out.printf(Locale.ROOT, "optimize's best is %+.2f %% from the grid's (%s)%n", 100 * (found / grid[0] - 1),
        found <= grid[0] * 1.01 ? "within 1 %" : "NOT within 1 %");
  }

  /** Every combination at its defaults, and each with a searched knob at each of the knob's grid values. */
  private static List<Point> gridPoints(SearchSpace space, Map<String, double[]> grid) {
    List<Point> points = new ArrayList<>();
    for (DesignCombo c : space.combos()) {
      if (c.knobs().isEmpty()) {
        points.add(new Point(c, Map.of()));
      }
      for (Knob k : c.knobs()) {
        for (double v : grid.get(k.key())) {
          Map<String, String> p = new LinkedHashMap<>();
          p.put(k.key(), k.integer() ? Long.toString(Math.round(v)) : Double.toString(v));
          points.add(new Point(c, p));
        }
      }
    }
    return points;
  }

  /** {smallest median CCT over the seeds (ps), the index of its point}; an unfinished run counts as infinite. */
  private static double[] bestOfGrid(List<Point> points, Evaluator eval, int threads) {
    ExecutorService pool = RunPool.open(threads);
    try {
      List<Future<Metrics>> runs = new ArrayList<>();
      for (Point p : points) {
        for (long seed = 1; seed <= SEEDS; seed++) {
          long x = seed;
          runs.add(pool.submit(() -> eval.run(p, Condition.AS_GIVEN, x)));
        }
      }
      double[] best = {Double.POSITIVE_INFINITY, -1};
      for (int i = 0; i < points.size(); i++) {
        double[] cct = new double[SEEDS];
        for (int s = 0; s < SEEDS; s++) {
          Metrics m = RunPool.await(runs.get(SEEDS * i + s));
          cct[s] = m.finished() ? m.cctPs() : Double.POSITIVE_INFINITY;
        }
        double median = Stats.median(cct);
        if (median < best[0]) {
          best[0] = median;
          best[1] = i;
        }
      }
      return best;
    } finally {
      pool.shutdownNow();
    }
  }
}
