package org.lbsim.cli;

import java.util.Locale;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.lbsim.scenario.ProgressLine;
import org.lbsim.scenario.ScenarioRunner;

/**
 * The progress bar of one {@code run} call on a terminal: the scenarios' simulated time against
 * their lower bounds (each counts 1000 steps), the bar's ETA, and the simulated time of the
 * running scenario that is least far, over its lower bound. Thread-safe: scenarios run on worker threads.
 */
final class RunBar implements AutoCloseable {
  static final int STEPS = 1000;
  private final ProgressBar bar;
  private final int[] steps;
  private final long[] simulatedPs;
  private final long[] boundPs;
  private final boolean[] running;

  RunBar(int scenarios) {
    steps = new int[scenarios];
    simulatedPs = new long[scenarios];
    boundPs = new long[scenarios];
    running = new boolean[scenarios];
    bar = new ProgressBarBuilder().setTaskName("run").setInitialMax((long) STEPS * scenarios)
        .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(500).build();
  }

  /** The listener of scenario {@code i}. */
  ScenarioRunner.ProgressListener listener(int i) {
    return p -> told(i, p);
  }

  private synchronized void told(int i, ScenarioRunner.Progress p) {
    steps[i] = (int) Math.min(STEPS - 1, Math.round(ProgressLine.fraction(p) * STEPS));
    simulatedPs[i] = p.simulatedPs();
    boundPs[i] = p.boundPs();
    running[i] = true;
    update();
  }

  /** Scenario {@code i} has finished. */
  synchronized void finished(int i) {
    steps[i] = STEPS;
    running[i] = false;
    update();
  }

  private void update() {
    long total = 0;
    int slowest = -1;
    int count = 0;
    for (int i = 0; i < steps.length; i++) {
      total += steps[i];
      if (running[i]) {
        count++;
        slowest = slowest < 0 || steps[i] < steps[slowest] ? i : slowest;
      }
    }
    bar.stepTo(total);
    bar.setExtraMessage(slowest < 0 ? "" : String.format(Locale.ROOT, "%d running, sim %.3f%s ms", count,
        simulatedPs[slowest] / 1e9, boundPs[slowest] > 0 ? String.format(Locale.ROOT, "/%.3f", boundPs[slowest] / 1e9)
        : ""));
  }

  private boolean closed;

  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      bar.close();
    }
  }
}
