package org.lbsim.cli;

import picocli.CommandLine.Option;

/** {@code --threads N}: how many runs go at once (each on its scenario's {@code engine.threads}, 1 by default). */
final class ThreadsOption {
  @Option(names = "--threads", paramLabel = "N", description = "parallel runs (default: number of cores)")
  int threads = Runtime.getRuntime().availableProcessors();

  /** The thread count, refused below 1. */
  int threads() {
    if (threads < 1) {
      throw new Errors.UserError("--threads: must be >= 1, got " + threads);
    }
    return threads;
  }
}
