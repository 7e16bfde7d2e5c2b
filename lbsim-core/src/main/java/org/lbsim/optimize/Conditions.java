package org.lbsim.optimize;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.lbsim.engine.RandomStreams;
import org.lbsim.experiment.BaseScenario;
import org.lbsim.failure.Links;
import org.lbsim.scenario.Catalog;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.scenario.ScenarioReader;
import org.lbsim.scenario.StrictYaml;

/**
 * The conditions a search scores every candidate on: each workload file (or the scenario's own
 * workload) under each failure draw (or the scenario's own failures), workloads outer. A workload
 * file's {@code workload} section (and {@code job}, for training and Chakra workloads) replaces the
 * scenario's and must fit its fabric; any other key it holds (a whole scenario file, say) must
 * equal the scenario's, since the fabric, the designs and the rest come from the scenario. Draw
 * {@code d} fails the links a run of the scenario with those {@code failures.*} settings fails at
 * seed {@code seed + d} (the run's {@code failures} stream, docs/failures.md); every candidate,
 * seed and workload sees the same links in that draw, named explicitly so that the draw is part
 * of the resolved scenario.
 *
 * @param base the scenario the conditions' overrides apply to: the file without the sections
 *     they replace
 */
public record Conditions(BaseScenario base, List<Condition> list) {
  /** Sections a workload file may hold. */
  static final Set<String> WORKLOAD_SECTIONS = Set.of("workload", "job");
  /** Keys that name files, resolved against the workload file's folder. */
  private static final Set<String> PATH_KEYS = Set.of("workload.file", "workload.trace");

  public Conditions {
    list = List.copyOf(list);
  }

  /**
   * Drawn link failures.
   *
   * @param settings {@code failures.*} keys without the prefix (rate among them), as given
   * @param draws how many draws, at least 1
   */
  public record Failures(Map<String, String> settings, int draws) {
    public Failures {
      settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }
  }

  /** The scenario as given: one condition, nothing replaced. */
  public static Conditions asGiven(BaseScenario scenario) {
    return new Conditions(scenario, List.of(Condition.AS_GIVEN));
  }

  /**
   * Reads every workload file, checks that each fits the fabric, and samples the draws.
   *
   * @param workloads the workload files; empty: the scenario's own workload
   * @param failures the drawn failures, or null: the scenario's own failures
   * @param sets the user's overrides, applied after a condition's
   * @param seed the scenario's seed, from which the draws' seeds follow
   * @throws ScenarioException naming the file, the key and the numbers when one does not fit
   */
  public static Conditions of(BaseScenario scenario, List<Path> workloads, Failures failures, List<String> sets,
      Catalog catalog, String name, long seed) {
    if (workloads.isEmpty() && failures == null) {
      return asGiven(scenario);
    }
    JsonNode read = StrictYaml.readTree(scenario.yaml(), scenario.source());
    ObjectNode tree = read.isObject() ? ((ObjectNode) read).deepCopy() : JsonNodeFactory.instance.objectNode();
    Map<String, String> failureSettings = new LinkedHashMap<>();
    if (failures != null) {
      flatten("", cut(tree, Set.of("failures")), failureSettings, scenario.source());
      failures.settings().forEach((k, v) -> failureSettings.put("failures." + k, v));
      String kind = failureSettings.get("failures.kind");
      if (kind == null || kind.isBlank() || kind.trim().equals("none")) {
        failureSettings.put("failures.kind", "drop");
      }
    }
    if (!workloads.isEmpty()) {
      cut(tree, WORKLOAD_SECTIONS);
    }
    BaseScenario base = new BaseScenario(tree.isEmpty() ? "" : tree.toString(), scenario.source(), scenario.baseDir());
    List<String[]> loads = new ArrayList<>(); // name, file, then its overrides
    List<List<String>> loadOverrides = new ArrayList<>();
    if (workloads.isEmpty()) {
      loads.add(new String[] {"", null});
      loadOverrides.add(List.of());
    }
    Map<String, String> given = workloads.isEmpty() ? Map.of() : ScenarioReader.fromText(scenario.yaml(),
        scenario.source(), scenario.baseDir(), name, sets, "--set", catalog).identity().values();
    for (Path f : workloads) {
      List<String> o = workload(f, given);
      List<String> all = new ArrayList<>(o);
      all.addAll(sets);
      ScenarioReader.fromText(base.yaml(), base.source(), base.baseDir(), name, all, "--workloads " + f + ":", catalog);
      loads.add(new String[] {stem(f, workloads), f.toString()});
      loadOverrides.add(o);
    }
    List<List<String>> drawOverrides = new ArrayList<>();
    List<List<String>> drawLinks = new ArrayList<>();
    int draws = failures == null ? 0 : failures.draws();
    for (int d = 0; d < draws; d++) {
      if (!selectsLinks(failureSettings)) { // nothing can fail: every draw is the intact fabric
        drawLinks.add(List.of());
        drawOverrides.add(drawn(failureSettings, List.of()));
        continue;
      }
      List<String> sample = new ArrayList<>(loadOverrides.get(0));
      sample.addAll(sets);
      failureSettings.forEach((k, v) -> sample.add(k + "=" + v));
      sample.add("seed=" + (seed + d));
      Scenario s = ScenarioReader.fromText(base.yaml(), base.source(), base.baseDir(), name, sample, "--failures",
          catalog);
      Links links = new Links(s.topology());
      List<String> names = new ArrayList<>();
      for (int id : s.failures().failedLinks(links, new RandomStreams(seed + d))) {
        names.add(links.name(id));
      }
      drawLinks.add(names);
      drawOverrides.add(drawn(failureSettings, names));
    }
    List<Condition> out = new ArrayList<>();
    for (int w = 0; w < loads.size(); w++) {
      if (draws == 0) {
        out.add(new Condition(loads.get(w)[0], loads.get(w)[1], -1, 0, List.of(), loadOverrides.get(w)));
      }
      for (int d = 0; d < draws; d++) {
        List<String> o = new ArrayList<>(loadOverrides.get(w));
        o.addAll(drawOverrides.get(d));
        out.add(new Condition(loads.get(w)[0], loads.get(w)[1], d, seed + d, drawLinks.get(d), o));
      }
    }
    return new Conditions(base, out);
  }

  /** Whether the settings can fail a link: a positive rate, or links or switches named. */
  private static boolean selectsLinks(Map<String, String> settings) {
    double rate;
    try {
      rate = Double.parseDouble(settings.getOrDefault("failures.rate", "0").trim());
    } catch (NumberFormatException e) {
      return true; // the reader names it
    }
    return rate != 0 || !settings.getOrDefault("failures.links", "").isBlank()
        || !settings.getOrDefault("failures.switches", "").isBlank();
  }

  /**
   * A draw's overrides: its links named, the sampling and the switches (whose links it names)
   * left out; with no link failed, no failure at all, the other settings then dropped ({@code key?}).
   */
  private static List<String> drawn(Map<String, String> settings, List<String> names) {
    List<String> o = new ArrayList<>();
    o.add("failures.kind=" + (names.isEmpty() ? "none" : settings.get("failures.kind")));
    if (!names.isEmpty()) {
      o.add("failures.links=" + String.join(",", names));
    }
    settings.forEach((k, v) -> {
      String plain = k.endsWith("?") ? k.substring(0, k.length() - 1) : k;
      if (!Set.of("failures.kind", "failures.rate", "failures.links", "failures.switches").contains(plain)) {
        o.add(plain + "?=" + v);
      }
    });
    return o;
  }

  /**
   * A workload file's workload settings as overrides, its relative file paths resolved against
   * its folder; its other settings must equal {@code given}'s, the scenario's.
   */
  static List<String> workload(Path file, Map<String, String> given) {
    if (!Files.isRegularFile(file)) {
      throw new ScenarioException(List.of("--workloads " + file + ": no such file (allowed: a YAML file with a "
          + "workload section)"));
    }
    JsonNode t = StrictYaml.readTree(file);
    if (!t.isObject() || t.isEmpty()) {
      throw new ScenarioException(List.of("--workloads " + file + ": expected a mapping with a workload section "
          + "(e.g. workload: {kind: all-to-all, size: 64KiB})"));
    }
    Map<String, String> flat = new LinkedHashMap<>();
    flatten("", t, flat, file.toString());
    List<String> o = new ArrayList<>();
    for (Map.Entry<String, String> e : flat.entrySet()) {
      String key = e.getKey();
      String section = key.contains(".") ? key.substring(0, key.indexOf('.')) : key;
      String value = e.getValue();
      String plain = key.endsWith("?") ? key.substring(0, key.length() - 1) : key;
      if (!WORKLOAD_SECTIONS.contains(section)) {
        String has = given.get(plain);
        if (!plain.equals("name") && !value.trim().equals(has)) {
          throw new ScenarioException(List.of("--workloads " + file + ": " + plain + ": differs from the scenario's (got '"
              + StrictYaml.show(value) + "'" + (has == null ? "" : "; the scenario has '" + StrictYaml.show(has) + "'")
              + "); a workload file gives the workload (its workload and job sections), the fabric, the designs "
              + "and the rest come from the scenario"));
        }
        continue;
      }
      if (PATH_KEYS.contains(plain) && !value.isEmpty()) {
        try {
          value = file.toAbsolutePath().getParent().resolve(value).normalize().toString();
        } catch (InvalidPathException x) {
          // the reader names it
        }
      }
      o.add(key + "=" + value);
    }
    return o;
  }

  /** Removes the top-level sections {@code names} (also written as dotted keys), returning them as one tree. */
  private static ObjectNode cut(ObjectNode tree, Set<String> names) {
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    for (Iterator<Map.Entry<String, JsonNode>> it = tree.properties().iterator(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String section = e.getKey().contains(".") ? e.getKey().substring(0, e.getKey().indexOf('.')) : e.getKey();
      if (names.contains(section)) {
        out.set(e.getKey(), e.getValue());
        it.remove();
      }
    }
    return out;
  }

  private static void flatten(String prefix, JsonNode n, Map<String, String> out, String source) {
    for (Map.Entry<String, JsonNode> e : n.properties()) {
      String key = prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey();
      JsonNode v = e.getValue();
      if (v.isObject()) {
        flatten(key, v, out, source);
      } else if (v.isArray()) {
        throw new ScenarioException(List.of(source + ": " + key + ": expected one value (got a list)"));
      } else {
        out.put(key, v.isNull() ? "" : v.asText());
      }
    }
  }

  /** The file's stem, or the whole path when another file of the list has the same stem. */
  private static String stem(Path f, List<Path> all) {
    String s = stemOf(f);
    return all.stream().filter(x -> stemOf(x).equals(s)).count() > 1 ? f.toString() : s;
  }

  private static String stemOf(Path f) {
    return f.getFileName().toString().replaceFirst("\\.ya?ml$", "");
  }
}
