package org.lbsim.cli;

import java.io.PrintWriter;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.lbsim.experiment.ExperimentRunner;
import org.lbsim.experiment.ProgressLines;
import org.lbsim.experiment.Sweep;

/**
 * How {@code sweep}, {@code reproduce} and {@code recommend} show a batch of runs going: the
 * plain lines of {@link ProgressLines} (as the Spark driver prints them), with a progress bar in
 * place of the per-run lines on a terminal (or when asked). Thread-safe.
 */
final class RunProgress implements Sweep.Listener, AutoCloseable {
  private final ProgressLines lines;
  private final boolean bar;
  private final String name;
  private ProgressBar pb;
  private int total;

  /** @param forceBar a bar even when standard output is not a terminal */
  RunProgress(PrintWriter err, boolean forceBar, String name) {
    this.lines = new ProgressLines(err, name);
    this.bar = forceBar || System.console() != null;
    this.name = name;
  }

  @Override
  public void warning(String line) {
    lines.warning(line);
  }

  @Override
  public void changed(int runs) {
    lines.changed(runs);
  }

  @Override
  public synchronized void started(int toRun, int alreadyDone) {
    lines.started(toRun, alreadyDone);
    begin(toRun);
  }

  /** A batch of {@code runs} runs starts (nothing stored to skip); prints {@code headline}. */
  synchronized void started(int runs, String headline) {
    lines.started(runs, headline);
    begin(runs);
  }

  private void begin(int runs) {
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
    } else {
      lines.finished(run, finished, toRun);
    }
  }

  /** Names and counts the finished runs of a batch begun with {@link #started(int, String)}. */
  ExperimentRunner.Finished counter() {
    return (run, done) -> finished(run, done, total);
  }

  @Override
  public synchronized void close() {
    if (pb != null) {
      pb.close();
      pb = null;
    }
  }
}
