package org.lbsim.cli;

import picocli.CommandLine.Option;

/** {@code --json}: standard output carries one JSON document in place of the tables. */
final class JsonOption {
  @Option(names = "--json", description = "print one JSON document on standard output instead of the tables "
      + "(progress and notes stay on standard error; its JSON Schema: lbsim-cli/src/main/resources/schemas/)")
  boolean json;
}
