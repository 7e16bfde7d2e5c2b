package org.lbsim.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A command's {@code --set} list: each key at most once ({@code key} and {@code key?} are one key),
 * since a second value for the same key would silently replace the first.
 */
public final class OverrideList {
  private OverrideList() {}

  /**
   * The key that {@code override} ("key=value" or "key?=value") sets, without its "?"; null when it
   * is not of that form (the scenario reader reports it).
   */
  public static String key(String override) {
    int eq = override.indexOf('=');
    return eq <= 0 ? null : Applicability.unconditional(override.substring(0, eq).trim());
  }

  /** One line per key given again, naming both values; empty when each key is given once. */
  public static List<String> repeats(List<String> overrides) {
    Map<String, String> first = new LinkedHashMap<>();
    List<String> problems = new ArrayList<>();
    for (String o : overrides) {
      String key = key(o);
      if (key == null) {
        continue;
      }
      String earlier = first.putIfAbsent(key, o.trim());
      if (earlier != null) {
        problems.add("--set " + StrictYaml.show(o.trim()) + ": " + key + " is already set by --set "
            + StrictYaml.show(earlier) + " (allowed: each key once)");
      }
    }
    return problems;
  }

  /** Refuses a list with a key given twice. */
  public static void requireEachKeyOnce(List<String> overrides) {
    List<String> problems = repeats(overrides);
    if (!problems.isEmpty()) {
      throw new ScenarioException(problems);
    }
  }
}
