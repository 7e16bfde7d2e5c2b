package org.lbsim.optimize;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.exception.MathIllegalStateException;
import org.apache.commons.math3.optim.InitialGuess;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.SimpleBounds;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunction;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.CMAESOptimizer;
import org.apache.commons.math3.random.MersenneTwister;
import org.lbsim.scenario.ScenarioException;

/**
 * Tunes one design combination's knobs with CMA-ES (Commons Math): each knob is a coordinate in
 * [0, 1] ({@link Knob#position}), started at the defaults, each candidate scored on the screening
 * seed under every condition (one run each), the conditions' scores combined as the search ranks
 * them ({@link Scoring}). A point the rounding maps to one already run is not run again. When CMA-ES
 * converges before the runs are spent, it starts again from the best point so far with a fresh
 * step size. Sequential and seeded, so the same inputs give the same points in the same order.
 */
final class Tuner {
  /** Initial step in each coordinate, a third of its interval. */
  static final double SIGMA = 0.3;
  /** A score for a point the scenario refuses or a run that left flows unfinished: worse than any finished run. */
  static final double REFUSED = 1e12;
  private static final int RESTARTS = 8;

  private Tuner() {}

  /** A point the tuner ran and its metrics under each condition, in the order run. */
  record Run(Point point, List<Metrics> metrics) {}

  /** Signals that the runs allotted are spent. */
  private static final class Spent extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Spent() {
      super(null, null, false, false);
    }
  }

  /**
   * @param combo the combination to tune (it has at least one knob)
   * @param atDefaults its score at its defaults on {@code seed} ({@link #objective(List, List, Scoring)})
   * @param runs the runs it may make, one per point and condition
   * @param rngSeed the seed of CMA-ES's random draws
   */
  static List<Run> tune(DesignCombo combo, double atDefaults, int runs, long rngSeed, Evaluator eval, long seed,
      List<Condition> conditions, Scoring scoring) {
    List<Knob> knobs = combo.knobs();
    int d = knobs.size();
    List<Run> done = new ArrayList<>();
    Map<Map<String, String>, Double> seen = new HashMap<>();
    Map<String, String> defaults = params(knobs, defaultPositions(knobs));
    double[] best = defaultPositions(knobs);
    double[] bestScore = {Double.POSITIVE_INFINITY};
    if (defaults.isEmpty()) { // the defaults lie in the searched intervals: their run is known
      seen.put(defaults, atDefaults);
      bestScore[0] = atDefaults;
    }
    int[] calls = {0};
    int maxCalls = 50 * runs + 100; // cached points cost no run; this bounds the calls all the same
    MersenneTwister random = new MersenneTwister(rngSeed);
    for (int restart = 0; restart < RESTARTS && (done.size() + 1) * conditions.size() <= runs && calls[0] < maxCalls;
        restart++) {
      double[] start = best.clone();
      ObjectiveFunction f = new ObjectiveFunction(u -> {
        if (++calls[0] > maxCalls) {
          throw new Spent();
        }
        Map<String, String> p = params(knobs, u);
        Double known = seen.get(p);
        if (known != null) {
          return known;
        }
        if ((done.size() + 1) * conditions.size() > runs) {
          throw new Spent();
        }
        Point point = new Point(combo, p);
        double score;
        try {
          List<Metrics> ms = new ArrayList<>();
          for (Condition c : conditions) {
            ms.add(eval.run(point, c, seed));
          }
          done.add(new Run(point, ms));
          score = objective(ms, conditions, scoring);
        } catch (ScenarioException e) {
          score = REFUSED;
        }
        seen.put(p, score);
        if (score < bestScore[0]) {
          bestScore[0] = score;
          System.arraycopy(u, 0, best, 0, d);
        }
        return score;
      });
      double[] sigma = new double[d];
      Arrays.fill(sigma, SIGMA);
      double[] lo = new double[d];
      double[] hi = new double[d];
      Arrays.fill(hi, 1);
      try {
        new CMAESOptimizer(10_000, 0, true, 0, 0, random, false, null).optimize(new MaxEval(maxCalls), f,
            GoalType.MINIMIZE, new InitialGuess(start), new SimpleBounds(lo, hi), new CMAESOptimizer.Sigma(sigma),
            new CMAESOptimizer.PopulationSize(4 + (int) Math.floor(3 * Math.log(d))));
      } catch (Spent | MathIllegalStateException e) {
        // the runs or the calls are spent, or CMA-ES stopped on its own: start again or stop
      }
    }
    return done;
  }

  /**
   * What it minimizes for one point: each condition's score ({@code perCondition} in the order of
   * {@code conditions}), unfinished runs worse than any finished one, combined as {@code scoring} says.
   */
  static double objective(List<Metrics> perCondition, List<Condition> conditions, Scoring scoring) {
    double[] xs = new double[perCondition.size()];
    for (int i = 0; i < xs.length; i++) {
      Metrics m = perCondition.get(i);
      xs[i] = m.finished() ? scoring.score(conditions.get(i), m) : REFUSED + m.unfinishedFlows();
    }
    return scoring.robust().of(xs);
  }

  private static double[] defaultPositions(List<Knob> knobs) {
    double[] u = new double[knobs.size()];
    for (int i = 0; i < u.length; i++) {
      u[i] = knobs.get(i).position(knobs.get(i).defaultValue());
    }
    return u;
  }

  /** The knobs' values at positions {@code u}, leaving out those at their default. */
  static Map<String, String> params(List<Knob> knobs, double[] u) {
    Map<String, String> p = new LinkedHashMap<>();
    for (int i = 0; i < u.length; i++) {
      Knob k = knobs.get(i);
      String v = k.text(k.value(u[i]));
      if (!v.equals(k.text(k.defaultValue()))) {
        p.put(k.key(), v);
      }
    }
    return p;
  }
}
