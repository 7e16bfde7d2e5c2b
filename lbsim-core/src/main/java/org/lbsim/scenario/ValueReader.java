package org.lbsim.scenario;

import java.nio.file.Path;
import java.util.Map;
import org.lbsim.engine.Simulator;

/**
 * Reads one setting of a scenario as its type. A bad value is reported to the scenario's
 * {@link ProblemLog} and read as a sentinel (null, NaN, -1 or the type's minimum), so that reading
 * goes on and every problem is found at once. The sections and the workload kinds read with it.
 */
public final class ValueReader {
  private final ProblemLog log;
  private final ScenarioSchema schema;
  private final Path baseDir;

  ValueReader(ProblemLog log, ScenarioSchema schema, Path baseDir) {
    this.log = log;
    this.schema = schema;
    this.baseDir = baseDir;
  }

  String text(Map<String, String> v, String key) {
    return v.get(key);
  }

  String choice(Map<String, String> v, String key) {
    Setting s = schema.setting(key);
    String value = v.get(key);
    if (!s.choices().contains(value)) {
      bad(key, value, String.join(", ", s.choices()));
      return null;
    }
    return value;
  }

  int intValue(Map<String, String> v, String key, int min) {
    return intValue(v, key, min, Integer.MAX_VALUE);
  }

  /** An integer in [min, max]; Integer.MIN_VALUE (reported) otherwise. */
  int intValue(Map<String, String> v, String key, int min, int max) {
    String s = v.get(key);
    try {
      long x = ValueText.parseInteger(s);
      if (x >= min && x <= max) {
        return (int) x;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    bad(key, s, "an integer from " + min + " to " + max);
    return Integer.MIN_VALUE;
  }

  long longValue(Map<String, String> v, String key, long min) {
    String s = v.get(key);
    try {
      long x = ValueText.parseInteger(s);
      if (x >= min) {
        return x;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    bad(key, s, "an integer from " + min + " to " + Long.MAX_VALUE);
    return Long.MIN_VALUE;
  }

  double number(Map<String, String> v, String key) {
    return parseNumber(key, v.get(key));
  }

  double parseNumber(String key, String s) {
    try {
      return ValueText.parseNumber(s);
    } catch (NumberFormatException e) {
      bad(key, s, "a number, finite and decimal, e.g. 0.5 or 1e-3");
      return Double.NaN;
    }
  }

  long microsToPs(Map<String, String> v, String key, boolean allowZero) {
    double us = number(v, key);
    if (Double.isNaN(us)) {
      return -1;
    }
    if (us < 0 || (!allowZero && us == 0) || us > 1e9) {
      bad(key, v.get(key), "a positive number of microseconds up to 1e9");
      return -1;
    }
    long ps = Math.round(us * Simulator.PS_PER_US);
    if (!allowZero && ps == 0) {
      bad(key, v.get(key), "a number of microseconds from 0.000001 (1 ps, the clock's step) up to 1e9");
      return -1;
    }
    return ps;
  }

  long size(Map<String, String> v, String key) {
    String s = v.get(key).trim();
    long bytes = ValueText.parseSize(s);
    if (bytes <= 0) {
      bad(key, s, "a positive size up to 1e15 B, e.g. 1048576, 1MiB or 800KB");
      return -1;
    }
    return bytes;
  }

  /** Adds one problem line as it is (it names its source). */
  void problem(String line) {
    log.problem(line);
  }

  /** Reports {@code value} of {@code key} as invalid; {@code allowed} says what would do. */
  void bad(String key, String value, String allowed) {
    log.bad(key, value, allowed);
  }

  /** The designs the scenario chooses from. */
  Catalog catalog() {
    return schema.catalog();
  }

  /** The scenario's file (or text) name, which starts its problem lines. */
  String source() {
    return log.source();
  }

  /** The folder relative paths of the scenario are resolved against; null for none. */
  Path baseDir() {
    return baseDir;
  }
}
