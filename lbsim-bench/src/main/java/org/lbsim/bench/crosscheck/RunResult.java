package org.lbsim.bench.crosscheck;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What one run of one side gives: its flows, how many did not finish, and over the flows that did
 * the largest, the median and the 99th-percentile flow completion time (picoseconds; 0 when none
 * did). With every flow finished the largest FCT is the collective's completion time as both
 * simulators' flow logs give it. Percentiles are nearest-rank: the value at rank ⌈q·n⌉ of the n
 * sorted FCTs. The packets trimmed and resent over the run, where the side reports them (-1 where
 * it does not).
 */
record RunResult(int flows, int unfinished, long maxFctPs, long medianFctPs, long p99FctPs, long trimmed,
    long resent) {
  /** A run whose side reports no packet counts. */
  RunResult(int flows, int unfinished, long maxFctPs, long medianFctPs, long p99FctPs) {
    this(flows, unfinished, maxFctPs, medianFctPs, p99FctPs, -1, -1);
  }

  /** The result of {@code flows} flows of which those with an FCT in {@code finishedFctsPs} finished. */
  static RunResult of(int flows, List<Long> finishedFctsPs) {
    if (finishedFctsPs.size() > flows) {
      throw new IllegalArgumentException(finishedFctsPs.size() + " flows finished of " + flows);
    }
    List<Long> sorted = new ArrayList<>(finishedFctsPs);
    Collections.sort(sorted);
    return new RunResult(flows, flows - sorted.size(), rank(sorted, 1.0), rank(sorted, 0.5), rank(sorted, 0.99));
  }

  /** The same run with its packets trimmed and resent (-1: not reported). */
  RunResult withCounts(long trimmedPackets, long resentPackets) {
    return new RunResult(flows, unfinished, maxFctPs, medianFctPs, p99FctPs, trimmedPackets, resentPackets);
  }

  private static long rank(List<Long> sorted, double q) {
    if (sorted.isEmpty()) {
      return 0;
    }
    int r = (int) Math.ceil(q * sorted.size());
    return sorted.get(Math.max(1, r) - 1);
  }

  boolean finished() {
    return unfinished == 0;
  }

  /** A time metric's value, picoseconds. */
  long ps(Metric m) {
    return switch (m) {
      case CCT -> maxFctPs;
      case FCT_P50 -> medianFctPs;
      case FCT_P99 -> p99FctPs;
      case TRIMMED, RESENT -> throw new IllegalArgumentException(m.key + " is a count, not a time");
    };
  }

  /** The metric's value as the table shows it: microseconds for a time, packets for a count (-1: not reported). */
  double value(Metric m) {
    return switch (m) {
      case TRIMMED -> trimmed;
      case RESENT -> resent;
      default -> ps(m) / 1e6;
    };
  }
}
