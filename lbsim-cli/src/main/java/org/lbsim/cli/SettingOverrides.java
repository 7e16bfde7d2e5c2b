package org.lbsim.cli;

import java.util.ArrayList;
import java.util.List;
import org.lbsim.scenario.OverrideList;
import org.lbsim.scenario.RunName;
import picocli.CommandLine.Option;

/** {@code --set KEY=VALUE}: settings that override the scenario's, in every run of the command. */
final class SettingOverrides {
  @Option(names = "--set", paramLabel = "KEY=VALUE",
      description = "override a setting in every run (repeatable), e.g. --set lb=ecmp")
  List<String> values = new ArrayList<>();

  /**
   * The name of a command's results folder for a scenario {@code stem} (a file's name without
   * {@code .yaml}, or {@code default}): a {@code --set name=...} among {@code settings}, else the
   * stem followed by the other settings as a run names them ({@link RunName}).
   */
  static String folderName(String stem, List<String> settings) {
    String named = null;
    for (String s : settings) {
      if ("name".equals(OverrideList.key(s))) {
        named = s.substring(s.indexOf('=') + 1).trim();
      }
    }
    return named != null ? named : RunName.of(stem, settings);
  }
}
