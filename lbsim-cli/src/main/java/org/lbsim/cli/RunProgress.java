package org.lbsim.cli;

import java.io.PrintWriter;
import java.util.function.IntConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.lbsim.experiment.Sweep;

/**
 * How {@code sweep}, {@code reproduce} and {@code recommend} show a batch of runs going: a
 * progress bar with ETA on a terminal (or when asked); otherwise one plain line per finished run
 * with the elapsed time and the ETA. Thread-safe: runs finish on worker threads.
 */
final class RunProgress implements Sweep.Listener, AutoCloseable {
  private final PrintWriter err;
  private final boolean bar;
  private final String name;
  private ProgressBar pb;
  private long t0;
  private int total;

  /** @param forceBar a bar even when standard output is not a terminal */
  RunProgress(PrintWriter err, boolean forceBar, String name) {
    this.err = err;
    this.bar = forceBar || System.console() != null;
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
    err.printf("%s: %d runs to do, %d already in the store%n", name, toRun, alreadyDone);
    begin(toRun);
  }

  /** A batch of {@code runs} runs starts (nothing stored to skip); prints {@code headline}. */
  synchronized void started(int runs, String headline) {
    err.println(headline);
    begin(runs);
  }

  private void begin(int runs) {
    err.flush();
    t0 = System.nanoTime();
    total = runs;
    if (bar && runs > 0) {
      pb = new ProgressBarBuilder().setTaskName(name).setInitialMax(runs).setStyle(ProgressBarStyle.ASCII)
          .setUpdateIntervalMillis(500).build();
    }
  }

  @Override
  public synchronized void finished(String run, int finished, int toRun) {
    if (pb != null) {
      pb.stepTo(finished);
      return;
    }
    double s = (System.nanoTime() - t0) / 1e9;
    double eta = finished == 0 ? 0 : s / finished * (toRun - finished);
    err.printf("  %d/%d done (%.0f s, ETA %.0f s)%s%n", finished, toRun, s, eta, run == null ? "" : ": " + run);
    err.flush();
  }

  /** Counts finished runs of a batch begun with {@link #started(int, String)}. */
  IntConsumer counter() {
    return done -> finished(null, done, total);
  }

  @Override
  public synchronized void close() {
    if (pb != null) {
      pb.close();
      pb = null;
    }
  }
}
