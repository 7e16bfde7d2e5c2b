package org.lbsim.metrics;

import java.util.List;
import org.lbsim.transport.FlowOutcome;

/** Figures over a run's flows: completion-time percentiles and the collective's goodput. */
public final class FlowTimes {
  private FlowTimes() {}

  /** The finished flows' FCTs, sorted ascending. */
  public static long[] sortedFcts(List<FlowOutcome> flows) {
    return flows.stream().filter(FlowOutcome::finished).mapToLong(FlowOutcome::fctPs).sorted().toArray();
  }

  /** The nearest-rank {@code pct}-th percentile of {@code sorted} (non-empty, ascending). */
  public static long nearestRank(long[] sorted, int pct) {
    int rank = (int) Math.ceil(pct / 100.0 * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }

  /** The nearest-rank p99 FCT of the finished flows; -1 when none finished. */
  public static long p99Ps(List<FlowOutcome> flows) {
    long[] s = sortedFcts(flows);
    return s.length == 0 ? -1 : nearestRank(s, 99);
  }

  /** Collective goodput in bytes per second: every flow's bytes over the CCT; NaN when unfinished. */
  public static double goodputBytesPerSecond(RunResult r) {
    if (r.cctPs() <= 0) {
      return Double.NaN;
    }
    long bytes = 0;
    for (FlowOutcome f : r.flows()) {
      bytes += f.bytes();
    }
    return bytes / (r.cctPs() / 1e12);
  }
}
