package org.lbsim.optimize;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import org.lbsim.experiment.Stats;

/**
 * A candidate's runs over the conditions and seeds it got. Each objective is summarized per
 * condition by its median over the seeds, then over the conditions by the median and by the
 * worst; {@code scoring} scores each run and says which of the two ranks it.
 *
 * @param runs its trials, in seed order, each seed's in condition order
 */
public record Standing(Point point, List<Trial> runs, Scoring scoring) {
  public Standing {
    runs = List.copyOf(runs);
  }

  /** Seeds it ran on (each under every condition it got). */
  public int seeds() {
    return (int) runs.stream().mapToLong(Trial::seed).distinct().count();
  }

  /** Conditions it ran under. */
  public int conditions() {
    return (int) runs.stream().map(Trial::condition).distinct().count();
  }

  /** Runs that left flows unfinished. */
  public int unfinishedRuns() {
    return (int) runs.stream().filter(t -> !t.metrics().finished()).count();
  }

  /** The score it ranks by ({@code robust} over the conditions); infinite when a run did not finish. */
  public double score() {
    return unfinishedRuns() > 0 ? Double.POSITIVE_INFINITY : scoring.robust().of(perCondition(scoring::score, t -> true));
  }

  /** The median over the conditions of the score; infinite when a run did not finish. */
  public double medianScore() {
    return unfinishedRuns() > 0 ? Double.POSITIVE_INFINITY : Robust.MEDIAN.of(perCondition(scoring::score, t -> true));
  }

  /** The worst condition's score; infinite when a run did not finish. */
  public double worstScore() {
    return unfinishedRuns() > 0 ? Double.POSITIVE_INFINITY : Robust.WORST.of(perCondition(scoring::score, t -> true));
  }

  /**
   * The top of its seed spread: on each seed the score it ranks by over the conditions, the
   * largest of those.
   */
  public double seedSpreadTop() {
    Map<Long, List<Double>> bySeed = new TreeMap<>();
    runs.forEach(t -> bySeed.computeIfAbsent(t.seed(), x -> new ArrayList<>()).add(scoring.score(t)));
    return bySeed.values().stream().mapToDouble(xs -> scoring.robust().of(xs.stream().mapToDouble(Double::doubleValue)
        .toArray())).max().orElse(Double.NaN);
  }

  public double medianCctPs() {
    return Robust.MEDIAN.of(finished(Metrics::cctPs));
  }

  public double worstCctPs() {
    return Robust.WORST.of(finished(Metrics::cctPs));
  }

  /** The CCT it ranks by: the median or worst condition's, as {@code scoring} says. */
  public double cctPs() {
    return scoring.robust().of(finished(Metrics::cctPs));
  }

  public double medianOverBoundPct() {
    return Robust.MEDIAN.of(finished(Metrics::overBoundPct));
  }

  public double worstOverBoundPct() {
    return Robust.WORST.of(finished(Metrics::overBoundPct));
  }

  public double medianP99FctPs() {
    return Robust.MEDIAN.of(finished(Metrics::p99FctPs));
  }

  public double worstP99FctPs() {
    return Robust.WORST.of(finished(Metrics::p99FctPs));
  }

  /** The p99 FCT it ranks by. */
  public double p99FctPs() {
    return scoring.robust().of(finished(Metrics::p99FctPs));
  }

  public double medianMaxQueueBytes() {
    return Robust.MEDIAN.of(perCondition(metric(Metrics::maxQueueBytes), t -> true));
  }

  public double worstMaxQueueBytes() {
    return Robust.WORST.of(perCondition(metric(Metrics::maxQueueBytes), t -> true));
  }

  /** The largest switch queue it ranks by. */
  public double maxQueueBytes() {
    return scoring.robust().of(perCondition(metric(Metrics::maxQueueBytes), t -> true));
  }

  public double medianDrops() {
    return Robust.MEDIAN.of(perCondition(metric(Metrics::drops), t -> true));
  }

  /** Per condition, the median over its seeds of {@code f} over the finished runs where {@code f} is known. */
  private double[] finished(ToDoubleFunction<Metrics> f) {
    return perCondition(metric(f), t -> t.metrics().finished() && !Double.isNaN(f.applyAsDouble(t.metrics())));
  }

  private static ToDoubleFunction<Trial> metric(ToDoubleFunction<Metrics> f) {
    return t -> f.applyAsDouble(t.metrics());
  }

  /**
   * Per condition (in the order they first ran), the median over its seeds of {@code f} over the
   * runs {@code keep} accepts; a condition none of whose runs it accepts is left out.
   */
  private double[] perCondition(ToDoubleFunction<Trial> f, Predicate<Trial> keep) {
    Map<Condition, List<Double>> by = new LinkedHashMap<>();
    for (Trial t : runs) {
      List<Double> xs = by.computeIfAbsent(t.condition(), c -> new ArrayList<>());
      if (keep.test(t)) {
        xs.add(f.applyAsDouble(t));
      }
    }
    return by.values().stream().filter(xs -> !xs.isEmpty())
        .mapToDouble(xs -> Stats.median(xs.stream().mapToDouble(Double::doubleValue).toArray())).toArray();
  }
}
