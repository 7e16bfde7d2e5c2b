package org.lbsim.optimize;

import java.util.List;
import org.lbsim.experiment.Stats;

/**
 * A candidate's runs over the seeds it got, summarized by medians.
 *
 * @param runs its trials, in seed order
 */
public record Standing(Point point, List<Trial> runs) {
  public Standing {
    runs = List.copyOf(runs);
  }

  public int seeds() {
    return runs.size();
  }

  /** Runs that left flows unfinished. */
  public int unfinishedRuns() {
    return (int) runs.stream().filter(t -> !t.metrics().finished()).count();
  }

  /** Median score over the seeds (infinite when a run did not finish). */
  public double score() {
    return unfinishedRuns() > 0 ? Double.POSITIVE_INFINITY : median(runs.stream().mapToDouble(t -> t.metrics().score()).toArray());
  }

  /** The largest score over the seeds: the top of its seed spread. */
  public double worstScore() {
    return runs.stream().mapToDouble(t -> t.metrics().score()).max().orElse(Double.NaN);
  }

  public double medianCctPs() {
    return median(runs.stream().filter(t -> t.metrics().finished()).mapToDouble(t -> t.metrics().cctPs()).toArray());
  }

  public double medianOverBoundPct() {
    return median(runs.stream().filter(t -> t.metrics().finished()).mapToDouble(t -> t.metrics().overBoundPct()).toArray());
  }

  public double medianP99FctPs() {
    return median(runs.stream().filter(t -> t.metrics().finished()).mapToDouble(t -> t.metrics().p99FctPs()).toArray());
  }

  public double medianMaxQueueBytes() {
    return median(runs.stream().mapToDouble(t -> t.metrics().maxQueueBytes()).toArray());
  }

  public double medianDrops() {
    return median(runs.stream().mapToDouble(t -> t.metrics().drops()).toArray());
  }

  private static double median(double[] xs) {
    return Stats.median(xs);
  }
}
