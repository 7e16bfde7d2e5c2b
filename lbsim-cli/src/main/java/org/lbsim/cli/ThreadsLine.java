package org.lbsim.cli;

import java.util.Locale;
import org.lbsim.metrics.EngineStats;

/**
 * The line a run on more than one thread adds to its report: events per second per thread and
 * the parallel efficiency, the share of the simulation's wall time the threads spent running
 * windows rather than waiting for each other at the windows' ends.
 */
final class ThreadsLine {
  private ThreadsLine() {}

  /** The line, or null for a run on one thread. */
  static String of(EngineStats engine, long[] busyNanos, double simulationSeconds) {
    if (engine.threads() < 2 || busyNanos.length < 2 || simulationSeconds <= 0) {
      return null;
    }
    StringBuilder perThread = new StringBuilder();
    long busy = 0;
    int threads = busyNanos.length;
    for (int t = 0; t < threads; t++) {
      long events = 0;
      for (int p = t; p < engine.partitions(); p += threads) {
        events += engine.eventsByPartition().get(p);
      }
      perThread.append(t == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.2f M", events / simulationSeconds / 1e6));
      busy += busyNanos[t];
    }
    double efficiency = busy / 1e9 / (threads * simulationSeconds);
    return String.format(Locale.ROOT, "%d threads, %d partitions, %,d windows: events/s per thread %s; parallel "
        + "efficiency %.0f %% (time the threads ran windows rather than waited for each other)", threads,
        engine.partitions(), engine.windows(), perThread, 100 * efficiency);
  }
}
