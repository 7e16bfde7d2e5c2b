package org.lbsim.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --set KEY=VALUE}: settings that override the scenario's, in every run of the command. */
final class SettingOverrides {
  @Option(names = "--set", paramLabel = "KEY=VALUE",
      description = "override a setting in every run (repeatable), e.g. --set lb=ecmp")
  List<String> values = new ArrayList<>();
}
