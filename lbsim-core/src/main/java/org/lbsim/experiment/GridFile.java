package org.lbsim.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.lbsim.results.ResultPaths;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.scenario.StrictYaml;

/**
 * A sweep: a base scenario, lists of values for any scenario keys, and a number of seeds.
 *
 * <pre>
 * name: lb-vs-size            # optional, default: the file name
 * base:                       # a scenario, as in a scenario file (or base_file: other.yaml)
 *   topology: {k: 4}
 * axes:
 *   lb: [ecmp, host-spray, ofan]
 *   workload.size: [64KiB, 256KiB]
 * seeds: 3
 * </pre>
 *
 * The name must be one safe folder name ({@link ResultPaths}): it names the sweep's folder.
 *
 * @param source the grid file, as error lines name it
 * @param baseSource the file the base scenario comes from (the grid file, or its base_file)
 * @param baseYaml the base scenario as YAML text
 * @param baseDir folder that relative paths in the base scenario are resolved against
 */
public record GridFile(String name, String source, String baseSource, String baseYaml, Path baseDir, List<Axis> axes,
    int seeds) {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final List<String> KEYS = List.of("name", "base", "base_file", "axes", "seeds");

  public GridFile {
    axes = List.copyOf(axes);
  }

  public List<GridPoint> grid() {
    return GridPoint.expand(axes, seeds);
  }

  public static GridFile read(Path file) {
    String src = StrictYaml.escape(file.toString());
    JsonNode root = StrictYaml.readTree(file);
    List<String> problems = new ArrayList<>();
    if (root == null || !root.isObject()) {
      throw new ScenarioException(List.of(src + ": the top level must be a mapping with 'base' and 'axes'"));
    }
    Iterator<String> names = root.fieldNames();
    while (names.hasNext()) {
      String k = names.next();
      if (!KEYS.contains(k)) {
        problems.add(src + ": " + StrictYaml.show(k) + ": unknown key (allowed: " + String.join(", ", KEYS) + ")");
      }
    }
    Path dir = file.toAbsolutePath().getParent();
    String stem = file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
    String name = root.hasNonNull("name") ? root.get("name").asText() : stem;
    String baseYaml = "";
    String baseSource = src;
    if (root.hasNonNull("base") && root.hasNonNull("base_file")) {
      problems.add(src + ": base, base_file: give one of them, not both");
    } else if (root.hasNonNull("base")) {
      if (!root.get("base").isObject()) {
        problems.add(src + ": base: expected a mapping of scenario keys (got " + StrictYaml.show(root.get("base").toString()) + ")");
      } else {
        if (root.get("base").has("seed")) {
          problems.add(src + ": base.seed: a grid's seeds come from 'seeds: N', which would replace it (got '"
              + StrictYaml.show(root.get("base").get("seed").asText()) + "'; allowed: no seed in the base; set seeds instead)");
        }
        try {
          baseYaml = YAML.writeValueAsString(root.get("base"));
        } catch (IOException e) {
          problems.add(src + ": base: " + e.getMessage());
        }
      }
    } else if (root.hasNonNull("base_file")) {
      String given = root.get("base_file").asText();
      try {
        Path bf = dir.resolve(given);
        baseSource = StrictYaml.escape(bf.toString());
        dir = bf.toAbsolutePath().getParent();
        baseYaml = readBase(bf, src);
        JsonNode base = StrictYaml.readTree(baseYaml, baseSource);
        if (base.has("seed")) {
          problems.add(baseSource + ": seed: the grid " + src + " runs seeds 1..N from its 'seeds: N', which would replace it "
              + "(got '" + StrictYaml.show(base.get("seed").asText()) + "'; allowed: no seed in a grid's base file)");
        }
      } catch (InvalidPathException e) {
        problems.add(src + ": base_file: invalid value (got '" + StrictYaml.show(given) + "'; allowed: the path of a "
            + "scenario file, relative to the grid's folder)");
      } catch (ScenarioException e) {
        problems.addAll(e.problems());
      }
    }
    List<Axis> axes = axes(root.get("axes"), src + ": axes", problems);
    int seeds = root.has("seeds") ? seeds(root.get("seeds"), src + ": seeds", problems) : 1;
    String tooMany = tooManyRuns(axes, seeds);
    if (tooMany != null) {
      problems.add(src + ": " + tooMany);
    }
    try {
      ResultPaths.child(Path.of("."), name, src + ": name");
    } catch (ScenarioException e) {
      problems.addAll(e.problems());
    }
    if (!problems.isEmpty()) {
      throw new ScenarioException(problems);
    }
    return new GridFile(name, src, baseSource, baseYaml, dir, axes, seeds);
  }

  /**
   * The axes of an {@code axes:} mapping, each scenario key with its list of values (a single
   * value is a list of one); problems go to {@code problems}, each beginning with {@code where}
   * (e.g. "grid.yaml: axes").
   */
  static List<Axis> axes(JsonNode ax, String where, List<String> problems) {
    List<Axis> axes = new ArrayList<>();
    if (ax == null || !ax.isObject() || ax.isEmpty()) {
      problems.add(where + ": missing; expected a mapping of scenario keys to lists of values, e.g. lb: [ecmp, ofan]");
      return axes;
    }
    Iterator<Map.Entry<String, JsonNode>> it = ax.properties().iterator();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      JsonNode v = e.getValue();
      List<String> values = new ArrayList<>();
      if (v.isArray()) {
        for (JsonNode x : v) {
          if (x.isContainerNode() || x.isNull()) {
            problems.add(where + "." + StrictYaml.show(e.getKey()) + ": values must be single values (got "
                + StrictYaml.show(x.toString()) + ")");
          } else {
            values.add(x.asText());
          }
        }
      } else if (!v.isContainerNode() && !v.isNull()) {
        values.add(v.asText());
      }
      if (values.isEmpty()) {
        problems.add(where + "." + StrictYaml.show(e.getKey()) + ": expected a non-empty list of values (got "
            + StrictYaml.show(v.toString()) + ")");
      } else {
        axes.add(new Axis(e.getKey(), values));
      }
    }
    return axes;
  }

  /**
   * The number of seeds {@code sn} gives, from 1 to {@link #MAX_SEEDS}; otherwise 1, and a problem
   * beginning with {@code where}.
   */
  static int seeds(JsonNode sn, String where, List<String> problems) {
    if (!sn.canConvertToInt() || !sn.isIntegralNumber() || sn.asInt() < 1 || sn.asInt() > MAX_SEEDS) {
      problems.add(where + ": invalid value (got '" + StrictYaml.show(sn.asText()) + "'; allowed: an integer from 1 to "
          + MAX_SEEDS + ")");
      return 1;
    }
    return sn.asInt();
  }

  /** The base file's text, or why the grid {@code src} cannot read it. */
  private static String readBase(Path bf, String src) {
    try {
      return StrictYaml.readFile(bf);
    } catch (ScenarioException e) {
      throw new ScenarioException(e.problems().stream().map(p -> src + ": base_file: cannot read " + p).toList());
    }
  }

  /** The most runs one sweep takes: each is a simulation of its own, and all are checked before any runs. */
  public static final long MAX_RUNS = 100_000;

  /** The most seeds one sweep (or any command) takes. */
  public static final int MAX_SEEDS = 10_000;

  /** Why the grid has too many runs (counted exactly), or null when it fits. */
  static String tooManyRuns(List<Axis> axes, int seeds) {
    java.math.BigInteger runs = java.math.BigInteger.valueOf(seeds);
    StringBuilder how = new StringBuilder();
    for (Axis a : axes) {
      runs = runs.multiply(java.math.BigInteger.valueOf(a.values().size()));
      how.append(a.values().size()).append(" × ");
    }
    if (runs.compareTo(java.math.BigInteger.valueOf(MAX_RUNS)) <= 0) {
      return null;
    }
    return String.format(java.util.Locale.ROOT, "the grid has %,d runs (%s%d %s); allowed: at most %,d runs per sweep "
        + "(each is a simulation of its own): split the axes over several grids", runs, how, seeds,
        seeds == 1 ? "seed" : "seeds", MAX_RUNS);
  }
}
