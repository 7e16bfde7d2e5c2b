package org.lbsim.scenario;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The problems found in one scenario, in the order found and each once. A line about a key names
 * where its value came from: the scenario's source, or the label of the override that set it.
 */
final class ProblemLog {
  private final String source;
  /** Keys an override set, with the override's label; the others come from {@link #source}. */
  private final Map<String, String> origin = new HashMap<>();
  private final Set<String> problems = new LinkedHashSet<>();

  ProblemLog(String source) {
    this.source = source;
  }

  /** The scenario's file (or text) name, which starts its problem lines. */
  String source() {
    return source;
  }

  /** Adds one problem line as it is (it names its source). */
  void problem(String line) {
    problems.add(line);
  }

  /** Reports {@code value} of {@code key} as invalid; {@code allowed} says what would do. */
  void bad(String key, String value, String allowed) {
    problems.add(from(key) + key + ": invalid value (got '" + StrictYaml.show(value) + "'; allowed: " + allowed + ")");
  }

  /** Records who set {@code key}: the label of an override, or null for the scenario's source. */
  void origin(String key, String from) {
    if (from == null) {
      origin.remove(key);
    } else {
      origin.put(key, from);
    }
  }

  /** The start of a line about {@code key}: "file: " or "--set ". */
  String from(String key) {
    String from = origin.getOrDefault(key, source);
    return from + (from.equals(source) ? ": " : " ");
  }

  /** Refuses the scenario with every problem so far, if there is one. */
  void failIfAny() {
    if (!problems.isEmpty()) {
      throw new ScenarioException(new ArrayList<>(problems));
    }
  }
}
