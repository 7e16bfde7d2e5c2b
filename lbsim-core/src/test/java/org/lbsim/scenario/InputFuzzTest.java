package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.metrics.RunResult;

/**
 * The input surface under generated inputs: {@code --set} lists and scenario files made from the
 * schema itself (every key, its type and its choices), with values at and past each edge. The
 * property: the reader either accepts the input or refuses it with {@link ScenarioException},
 * whose every line names a key of the input, carries no stack trace and no Java type, and is one
 * line; an accepted input whose keys leave the fabric and workload small runs to the end on a
 * k = 4 fat tree (every invariant of the run checked as in any run).
 *
 * <p>The generator is a small seeded one of this test's own: the values worth trying are the
 * edges of lbsim's own types (sizes with units, integers at 2^31 and 2^63, exponent forms,
 * look-alike digits), which a general-purpose generator would reach only by chance. A run draws
 * {@link #INPUTS} inputs from seed {@link #SEED}; {@code -Dlbsim.fuzz.inputs=N -Dlbsim.fuzz.seed=S}
 * runs a longer or another draw.
 */
class InputFuzzTest {
  private static final int INPUTS = Integer.getInteger("lbsim.fuzz.inputs", 2_000);
  private static final long SEED = Long.getLong("lbsim.fuzz.seed", 20261207L);
  /** Runs at most this many accepted inputs end to end (the rest only through the reader). */
  private static final int RUNS = Integer.getInteger("lbsim.fuzz.runs", 40);

  /** Values at and past the edges of every type, and malformed ones. */
  private static final List<String> EDGES = List.of("0", "-0", "-1", "1", "0.5", "-0.5", "NaN", "Infinity", "-Infinity",
      "2147483647", "2147483648", "-2147483649", "9223372036854775807", "9223372036854775808", "1e308", "1e309",
      "4.9e-324", "1e3", "1E3", "0x10", "010", " 5", "5 ", "\uFF15", "1,5", "", " ", "KB", "1KiB", "1.5GB", "8MiB",
      "-4KB", "1e3KB", "\u221E", "\u0435cmp", "ECMP", "ecmp\r", "null", "~", "true", "[1, 2]", "{a: 1}", "\"5\"",
      "'x'", "a=b", "\t", "\u0000", "x".repeat(300));

  /** Keys whose values scale the fabric, the workload or the run: inputs setting them are only read. */
  private static final List<String> SCALE_PREFIXES = List.of("topology.", "workload.", "job.", "run.", "engine.", "links.",
      "failures.", "chakra.", "metrics.", "seed", "name");

  private static final List<String> SCHEMA_KEYS = ScenarioSchema.settings().stream().map(Setting::key).toList();

  @TempDir
  Path dir;

  @Test
  void everyGeneratedOverrideListIsAcceptedOrRefusedWithOneLinePerProblemNamingItsKey() {
    List<Setting> keys = ScenarioSchema.settings();
    SplittableRandom random = new SplittableRandom(SEED);
    int refused = 0;
    int accepted = 0;
    int runs = 0;
    for (int i = 0; i < INPUTS; i++) {
      Map<String, String> set = new LinkedHashMap<>();
      int n = 1 + random.nextInt(3);
      while (set.size() < n) {
        Setting s = keys.get(random.nextInt(keys.size()));
        set.put(s.key(), value(s, random));
      }
      Map<String, String> all = new LinkedHashMap<>(Map.of("topology.k", "4", "workload.size", "16KiB", "run.limit_ms", "2"));
      all.putAll(set);
      List<String> overrides = new ArrayList<>();
      // half the inputs set their keys with "key?", which applies a key only where it applies
      String only = random.nextBoolean() ? "?" : "";
      all.forEach((k, v) -> overrides.add(k + (set.containsKey(k) ? only : "") + "=" + v));
      Scenario scenario;
      try {
        scenario = ScenarioReader.fromText("", "fuzz.yaml", dir, "fuzz", overrides);
      } catch (ScenarioException e) {
        refused++;
        checkRefusal(e, set.keySet(), "input " + i + " " + overrides);
        continue;
      } catch (RuntimeException e) {
        throw new AssertionError("input " + i + " " + overrides + ": not a ScenarioException", e);
      }
      assertThat(scenario).isNotNull();
      accepted++;
      if (runs < RUNS && set.keySet().stream().noneMatch(InputFuzzTest::scales)) {
        runs++;
        run(scenario, "input " + i + " " + overrides);
      }
    }
    // the draw must exercise both paths, or it tests nothing
    assertThat(refused).as("refused inputs").isGreaterThan(INPUTS / 10);
    assertThat(accepted).as("accepted inputs").isGreaterThan(INPUTS / 10);
    assertThat(runs).as("accepted inputs run end to end").isPositive();
  }

  @Test
  void everyGeneratedScenarioFileIsAcceptedOrRefusedWithOneLinePerProblemNamingItsKey() {
    List<Setting> keys = ScenarioSchema.settings();
    SplittableRandom random = new SplittableRandom(SEED + 1);
    int refused = 0;
    for (int i = 0; i < INPUTS / 4; i++) {
      Setting s = keys.get(random.nextInt(keys.size()));
      String v = value(s, random);
      String text = yaml(s.key(), v, random);
      try {
        assertThat(ScenarioReader.fromText(text, "fuzz.yaml", dir, "fuzz", List.of())).isNotNull();
      } catch (ScenarioException e) {
        refused++;
        checkRefusal(e, List.of(s.key(), "fuzz.yaml"), "file " + i + " " + text.replace("\n", "\\n"));
      } catch (RuntimeException e) {
        throw new AssertionError("file " + i + " " + text.replace("\n", "\\n") + ": not a ScenarioException", e);
      }
    }
    assertThat(refused).as("refused files").isPositive();
  }

  /** A value for {@code s}: its default, one of its choices, or an edge, about a third each. */
  private static String value(Setting s, SplittableRandom random) {
    int pick = random.nextInt(3);
    if (pick == 0 && !s.choices().isEmpty()) {
      return s.choices().get(random.nextInt(s.choices().size()));
    }
    if (pick == 1 && !s.defaultValue().isEmpty()) {
      return s.defaultValue();
    }
    return EDGES.get(random.nextInt(EDGES.size()));
  }

  /** A scenario file setting {@code key} to {@code value}, nested, in one of the shapes a file can take. */
  private static String yaml(String key, String value, SplittableRandom random) {
    String[] parts = key.split("\\.");
    StringBuilder sb = new StringBuilder();
    for (int d = 0; d < parts.length; d++) {
      sb.append("  ".repeat(d)).append(parts[d]).append(':');
      sb.append(d == parts.length - 1 ? " " + value : "").append('\n');
    }
    String body = sb.toString();
    return switch (random.nextInt(6)) {
      case 0 -> body.replace("\n", "\r\n");
      case 1 -> "\uFEFF" + body;
      case 2 -> body + "---\n" + body;
      case 3 -> body.replace(": " + value, ": !!str " + value);
      case 4 -> body + body;
      default -> body;
    };
  }

  private static boolean scales(String key) {
    return SCALE_PREFIXES.stream().anyMatch(key::startsWith);
  }

  /**
   * Each problem is one clean line that names a key: one of the input's, or the schema key whose
   * value (given or default) conflicts with them.
   */
  private static void checkRefusal(ScenarioException e, java.util.Collection<String> keys, String what) {
    assertThat(e.problems()).as(what).isNotEmpty();
    for (String line : e.problems()) {
      if (line.isBlank() || line.contains("\n") || line.contains("Exception") || line.contains("\tat ")
          || line.contains("java.") || line.contains("org.lbsim")) {
        fail(what + ": problem line is not one clean line: " + line);
      }
      if (keys.stream().noneMatch(line::contains) && SCHEMA_KEYS.stream().noneMatch(line::contains)) {
        fail(what + ": problem line names no key: " + line);
      }
    }
  }

  private static void run(Scenario s, String what) {
    try {
      RunResult r = Scenarios.run(s);
      assertThat(r.endPs()).as(what).isPositive();
    } catch (ScenarioException e) {
      assertThat(e.problems()).as(what).isNotEmpty();
    } catch (RuntimeException e) {
      throw new AssertionError(what + ": the run failed", e);
    }
  }
}
