package org.lbsim.cli;

import picocli.CommandLine.Option;

/** {@code --resume}: runs whose folder already holds the same scenario's results are read back, not run again. */
final class ResumeOption {
  @Option(names = "--resume", description = "read back the runs whose folder already holds the results of the same "
      + "scenario (its scenario.key) instead of running them again: finishes an interrupted call; the table is "
      + "the same as an uninterrupted run's")
  boolean resume;
}
