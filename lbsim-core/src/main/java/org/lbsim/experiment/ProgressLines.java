package org.lbsim.experiment;

import java.io.PrintWriter;

/**
 * How a batch of runs (a sweep, on threads or on Spark, a preset, a recommendation) reports its
 * progress in plain text: a headline, then one line per finished run with the elapsed time and
 * the ETA, and the store's warnings. Thread-safe: runs finish on worker threads.
 */
public final class ProgressLines implements Sweep.Listener {
  private final PrintWriter err;
  private final String name;
  private long t0;
  private int total;

  /** @param name the batch's name, which starts the store's lines (e.g. the grid's name) */
  public ProgressLines(PrintWriter err, String name) {
    this.err = err;
    this.name = name;
  }

  @Override
  public synchronized void warning(String line) {
    err.println(line);
    err.flush();
  }

  @Override
  public synchronized void changed(int runs) {
    err.printf("%s: %s%n", name, Sweep.changedMessage(runs));
    err.flush();
  }

  @Override
  public synchronized void started(int toRun, int alreadyDone) {
    started(toRun, String.format("%s: %d runs to do, %d already in the store", name, toRun, alreadyDone));
  }

  /** A batch of {@code runs} runs starts; prints {@code headline}. */
  public synchronized void started(int runs, String headline) {
    err.println(headline);
    err.flush();
    t0 = System.nanoTime();
    total = runs;
  }

  /** Run {@code run} (null: unnamed) is the {@code finished}-th of {@code toRun} to finish. */
  @Override
  public synchronized void finished(String run, int finished, int toRun) {
    double s = (System.nanoTime() - t0) / 1e9;
    double eta = finished == 0 ? 0 : s / finished * (toRun - finished);
    err.printf("  %d/%d done (%.0f s, ETA %.0f s)%s%n", finished, toRun, s, eta, run == null ? "" : ": " + run);
    err.flush();
  }

  /** Names and counts the finished runs of a batch begun with {@link #started(int, String)}. */
  public ExperimentRunner.Finished counter() {
    return (run, done) -> finished(run, done, total);
  }
}
