package org.lbsim.cli;

import java.util.Locale;
import org.lbsim.experiment.GridFile;

/**
 * The most runs and seeds a command may be asked for, the same as a grid file's
 * ({@link GridFile#MAX_SEEDS} seeds, {@link GridFile#MAX_RUNS} runs): each run is a simulation of
 * its own and every run is planned before any starts, so a count past these is refused with one
 * line before anything is planned.
 */
final class RunLimits {
  private RunLimits() {}

  /** {@code n} when it is a count of seeds (or draws) from 1 to {@link GridFile#MAX_SEEDS}; else a refusal naming {@code option}. */
  static int seeds(String option, long n) {
    if (n < 1 || n > GridFile.MAX_SEEDS) {
      throw new Errors.UserError(option + " " + n + ": invalid value (got '" + n + "'; allowed: an integer from 1 to "
          + GridFile.MAX_SEEDS + ")");
    }
    return (int) n;
  }

  /** Refuses {@code runs} runs past {@link GridFile#MAX_RUNS}, saying what makes them ({@code how}). */
  static void runs(long runs, String how) {
    if (runs > GridFile.MAX_RUNS) {
      throw new Errors.UserError(String.format(Locale.ROOT, "%s make %,d runs; allowed: at most %,d runs per command "
          + "(each is a simulation of its own)", how, runs, GridFile.MAX_RUNS));
    }
  }
}
