package org.lbsim.optimize;

import java.io.Serializable;
import org.lbsim.metrics.FlowTimes;
import org.lbsim.metrics.RunResult;

/**
 * What one run of a candidate scored: the objectives (CCT against its lower bound, p99 FCT,
 * largest switch queue) and the figures its gains are computed from. Serializable, so that a run
 * made on another machine can send it back.
 *
 * @param boundPs the workload's lower bound; 0 when it has none
 * @param p99FctPs nearest-rank p99 of the finished flows' FCTs; -1 when none finished
 * @param goodputBytesPerSecond all bytes over the CCT; NaN when unfinished
 * @param unfinishedFlows flows that did not finish by the run's limit
 */
public record Metrics(long cctPs, long boundPs, long p99FctPs, long maxQueueBytes, long drops,
    double goodputBytesPerSecond, long unfinishedFlows) implements Serializable {

  /** What {@code r} scored. */
  public static Metrics of(RunResult r) {
    return new Metrics(r.cctPs(), r.boundPs(), FlowTimes.p99Ps(r.flows()), r.maxSwitchQueueBytes(), r.drops(),
        r.unfinishedFlows() > 0 ? Double.NaN : FlowTimes.goodputBytesPerSecond(r), r.unfinishedFlows());
  }

  public boolean finished() {
    return unfinishedFlows == 0;
  }

  /** CCT % over the lower bound; NaN without a bound. */
  public double overBoundPct() {
    return cctPs < 0 || boundPs <= 0 ? Double.NaN : 100.0 * (cctPs - boundPs) / boundPs;
  }

  /**
   * What the search minimizes: % over the bound, or the CCT in microseconds when the workload has
   * no bound; infinite for a run that left flows unfinished.
   */
  public double score() {
    if (!finished()) {
      return Double.POSITIVE_INFINITY;
    }
    return boundPs > 0 ? overBoundPct() : cctPs / 1e6;
  }
}
