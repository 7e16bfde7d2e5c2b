package org.lbsim.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Option;

/** {@code --resume}: runs whose folder already holds the same scenario's results are read back, not run again. */
final class ResumeOption {
  @Option(names = "--resume", description = "read back the runs whose folder already holds the results of the same "
      + "scenario (its scenario.key) instead of running them again: finishes an interrupted call; the table is "
      + "the same as an uninterrupted run's")
  boolean resume;

  /** A registered hint, removed on close. */
  interface Hint extends AutoCloseable {
    @Override
    void close();
  }

  /** The line telling that {@code held} runs' results are already there and will be run again; null if none. */
  String rerunNote(String what, int held) {
    return resume || held == 0 ? null : String.format("%s: %d of the runs' folders already hold their results; they "
        + "run again (--resume reads them back instead)", what, held);
  }

  /**
   * Until closed, a process stopped by a signal (Ctrl-C, SIGTERM) first prints how to continue: the finished runs
   * are in their folders and the same command with --resume reads them back.
   */
  static Hint continueHint(PrintWriter err, String what) {
    Thread hook = new Thread(() -> {
      err.println(what + ": stopped; every finished run is in its folder: the same command with --resume continues");
      err.flush();
    }, "lbsim-resume-hint");
    Runtime.getRuntime().addShutdownHook(hook);
    return () -> {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the hook runs or has run
      }
    };
  }
}
