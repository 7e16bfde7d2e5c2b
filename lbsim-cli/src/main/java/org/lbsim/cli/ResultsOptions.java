package org.lbsim.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --out DIR}: the folder every result of the command goes under. */
final class ResultsOptions {
  @Option(names = "--out", paramLabel = "DIR", description = "results folder (default: ${DEFAULT-VALUE})")
  Path out = Path.of("results");
}
