package org.lbsim.cli;

import picocli.CommandLine.Option;

/** {@code --overwrite}: may replace result folders that hold a different scenario's results. */
final class OverwriteOption {
  @Option(names = "--overwrite", description = "replace result folders that hold the results of a different "
      + "scenario (a rerun of the same scenario replaces its folder without this)")
  boolean overwrite;
}
