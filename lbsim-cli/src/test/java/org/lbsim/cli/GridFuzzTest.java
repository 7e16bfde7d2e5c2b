package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.experiment.GridFile;
import org.lbsim.experiment.Sweep;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.scenario.ScenarioSchema;
import org.lbsim.scenario.Setting;

/**
 * Grid files nobody wrote a case for: a small valid grid (a k = 4 base, one axis, one seed) with
 * one to three edits — a top-level key set to an edge value, a list or a mapping, or dropped; an
 * axis of any schema key with values from its choices, its default or the edges; a base key set
 * the same way; the base moved to a {@code base_file} that is valid, broken, missing, a folder or
 * no path at all; the seeds and the name at their edges — and, for one grid in six, its text cut,
 * a character dropped or inserted, a line repeated or CRLF line ends.
 *
 * <p>The property: the grid and every point's scenario are read ({@code GridFile.read}, then
 * {@code Sweep.runs}, what {@code lbsim sweep} does before it runs anything) or refused with
 * {@link ScenarioException}, each problem one clean line naming a file of the input; nothing else
 * is thrown. A sample of the refused grids goes through {@code lbsim sweep} too (exit 2, only
 * {@code error:} lines), and the first accepted grids whose runs are tiny (at most 3 runs of at
 * most 1,024 data packets on at most 16 hosts, within 2 ms) are swept to the end (exit 0).
 * {@link FuzzDraw} sizes and seeds the draw.
 */
class GridFuzzTest {
  private static final List<String> TOP_KEYS = List.of("name", "base", "base_file", "axes", "seeds", "seed", "axis");
  private static final List<Setting> KEYS = ScenarioSchema.settings();

  @TempDir
  Path dir;

  private final FuzzDraw.HangGuard guard = new FuzzDraw.HangGuard();

  @AfterEach
  void closeGuard() {
    guard.close();
  }

  @Test
  void everyGeneratedGridIsReadOrRefusedWithOneLinePerProblemNamingItsFile() throws IOException {
    SplittableRandom random = new SplittableRandom(FuzzDraw.SEED + 11);
    int refused = 0;
    int read = 0;
    int swept = 0;
    int cliRefused = 0;
    List<AssertionError> broken = new ArrayList<>();
    for (int i = 0; i < FuzzDraw.INPUTS; i++) {
      Path folder = FuzzDraw.fresh(dir.resolve("input"));
      Map<String, Object> grid = valid();
      int edits = 1 + random.nextInt(3);
      for (int e = 0; e < edits; e++) {
        edit(grid, folder, random);
      }
      String text = new FuzzYaml(random, 8).write(grid);
      if (random.nextInt(6) == 0) {
        text = FuzzYaml.mangle(text, random);
      }
      Path file = folder.resolve("g.yaml");
      Files.writeString(file, text);
      String what = "grid " + i + ": " + text.replace("\n", "\\n");
      List<String> names = List.of(folder.toString());
      try {
        List<Sweep.Run> runs = guard.run(() -> read(file, names, what), what);
        if (runs == null) {
          refused++;
          if (cliRefused < FuzzDraw.CLI_SAMPLE && i % 8 == 0) {
            cliRefused++;
            FuzzDraw.checkRefusedByCli(sweep(file, folder), folder.resolve("out"), names, what);
          }
          continue;
        }
        read++;
        if (guard.run(() -> tiny(runs, what), what) && swept < FuzzDraw.RUNS) {
          swept++;
          CliRunner.Outcome o = guard.run(() -> sweep(file, folder), what);
          assertThat(o.code()).as(what + "\nstderr:\n" + o.err()).isZero();
          assertThat(o.err()).as(what).doesNotContain("error:").doesNotContain("\tat ");
        }
      } catch (AssertionError e) {
        broken.add(e);
      }
    }
    FuzzDraw.checkNoneBroken(broken);
    // the draw must reach both paths, or it tests nothing
    assertThat(refused).as("refused grids").isGreaterThan(FuzzDraw.INPUTS / 10);
    assertThat(read).as("grids read").isGreaterThan(FuzzDraw.INPUTS / 20);
    assertThat(swept).as("grids swept to the end").isPositive();
  }

  /** The grid's runs, or null when it is refused as the property says. */
  private static List<Sweep.Run> read(Path file, List<String> names, String what) {
    try {
      return Sweep.runs(GridFile.read(file), List.of());
    } catch (ScenarioException e) {
      FuzzDraw.checkProblems(e.problems(), names, what);
      return null;
    } catch (RuntimeException | StackOverflowError e) {
      throw new AssertionError(what + ": not a ScenarioException", e);
    }
  }

  private static CliRunner.Outcome sweep(Path file, Path folder) {
    return CliRunner.run("sweep", file.toString(), "--out", folder.resolve("out").toString(), "--threads", "1");
  }

  private static boolean tiny(List<Sweep.Run> runs, String what) {
    return runs.size() <= 3 && runs.stream().allMatch(r -> FuzzDraw.tiny(r.scenario(), what));
  }

  /** Three ECMP / host-spray runs of a 4 KiB permutation on 16 hosts. */
  private static Map<String, Object> valid() {
    Map<String, Object> base = new LinkedHashMap<>();
    base.put("topology", new LinkedHashMap<>(Map.of("k", "4")));
    base.put("workload", new LinkedHashMap<>(Map.of("kind", "permutation", "size", "4KiB")));
    base.put("run", new LinkedHashMap<>(Map.of("limit_ms", "1")));
    Map<String, Object> axes = new LinkedHashMap<>();
    axes.put("lb", new ArrayList<>(List.of("ecmp", "host-spray")));
    Map<String, Object> grid = new LinkedHashMap<>();
    grid.put("name", "g");
    grid.put("base", base);
    grid.put("axes", axes);
    grid.put("seeds", "1");
    return grid;
  }

  @SuppressWarnings("unchecked")
  private static void edit(Map<String, Object> grid, Path folder, SplittableRandom random) throws IOException {
    switch (random.nextInt(8)) {
      case 0 -> grid.put(FuzzDraw.pick(TOP_KEYS, random), anyValue(random, 0));
      case 1 -> grid.remove(FuzzDraw.pick(TOP_KEYS, random));
      case 2, 3 -> {
        Setting s = FuzzDraw.pick(KEYS, random);
        List<Object> values = new ArrayList<>();
        for (int n = 1 + random.nextInt(3); n > 0; n--) {
          values.add(random.nextInt(8) == 0 ? anyValue(random, 1) : value(s, random));
        }
        String key = s.key() + (random.nextInt(4) == 0 ? "?" : "");
        axes(grid).put(random.nextInt(10) == 0 ? FuzzDraw.edge(random) : key, random.nextInt(10) == 0 ? values.get(0) : values);
      }
      case 4 -> {
        Setting s = FuzzDraw.pick(KEYS, random);
        Object at = grid.computeIfAbsent("base", k -> new LinkedHashMap<>());
        String[] path = s.key().split("\\.");
        for (int d = 0; d < path.length - 1 && at instanceof Map<?, ?>; d++) {
          at = ((Map<String, Object>) at).computeIfAbsent(path[d], k -> new LinkedHashMap<>());
        }
        if (at instanceof Map<?, ?> m) {
          ((Map<String, Object>) m).put(path[path.length - 1], value(s, random));
        }
      }
      case 5 -> {
        grid.remove("base");
        grid.put("base_file", baseFile(folder, random));
      }
      case 6 -> grid.put("seeds", random.nextBoolean() ? FuzzDraw.pick(List.of("1", "2", "3", "0", "10001"), random)
          : FuzzDraw.edge(random));
      default -> grid.put("name", FuzzDraw.edge(random));
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> axes(Map<String, Object> grid) {
    Object a = grid.get("axes");
    if (a instanceof Map<?, ?> m) {
      return (Map<String, Object>) m;
    }
    Map<String, Object> fresh = new LinkedHashMap<>();
    grid.put("axes", fresh);
    return fresh;
  }

  /** A base file reference: a valid or broken file next to the grid, or a path that is no file. */
  private static String baseFile(Path folder, SplittableRandom random) throws IOException {
    String valid = "topology: {k: 4}\nworkload: {kind: permutation, size: 4KiB}\nrun: {limit_ms: 1}\n";
    return switch (random.nextInt(9)) {
      case 0, 1 -> write(folder, "b.yaml", valid);
      case 2 -> write(folder, "b.yaml", FuzzYaml.mangle(valid, random));
      case 3 -> write(folder, "b.yaml", valid + "seed: " + FuzzDraw.edge(random) + "\n");
      case 4 -> write(folder, "b.yaml", FuzzDraw.pick(List.of("", "~\n", "[1, 2]\n", "5\n", "\uFEFF", "\u0000\u00ff"), random));
      case 5 -> {
        Files.createDirectories(folder.resolve("sub"));
        yield FuzzDraw.pick(List.of("sub", ".", ""), random);
      }
      case 6 -> "missing.yaml";
      case 7 -> "g.yaml";
      default -> FuzzDraw.edge(random);
    };
  }

  private static String write(Path folder, String name, String text) throws IOException {
    Files.writeString(folder.resolve(name), text);
    return name;
  }

  /** A value for {@code s}: one of its choices, its default or an edge, about a third each. */
  static String value(Setting s, SplittableRandom random) {
    int pick = random.nextInt(3);
    if (pick == 0 && !s.choices().isEmpty()) {
      return FuzzDraw.pick(s.choices(), random);
    }
    if (pick == 1 && !s.defaultValue().isEmpty()) {
      return s.defaultValue();
    }
    return FuzzDraw.edge(random);
  }

  /** Any YAML value: an edge scalar, nothing, or a short list or mapping of such values. */
  static Object anyValue(SplittableRandom random, int depth) {
    int kind = depth > 1 ? 0 : random.nextInt(5);
    return switch (kind) {
      case 1 -> null;
      case 2 -> {
        List<Object> l = new ArrayList<>();
        for (int n = random.nextInt(3); n > 0; n--) {
          l.add(anyValue(random, depth + 1));
        }
        yield l;
      }
      case 3 -> {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int n = random.nextInt(3); n > 0; n--) {
          m.put(FuzzDraw.edge(random), anyValue(random, depth + 1));
        }
        yield m;
      }
      default -> FuzzDraw.edge(random);
    };
  }
}
