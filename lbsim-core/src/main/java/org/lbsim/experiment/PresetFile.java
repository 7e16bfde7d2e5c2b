package org.lbsim.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.lbsim.scenario.StrictYaml;

/**
 * One preset file: a grid file's {@code base}, {@code axes} and {@code seeds} ({@link GridFile})
 * with the preset's own keys; the preset is named after the file.
 *
 * <pre>
 * title: ...                  # what the preset shows, printed above its table
 * paper: ...                  # what the study reports, printed below it
 * base:                       # optional: scenario keys, flat or nested as in a scenario file, applied in
 *   workload.size: 1MiB       #   this order; a key written "key?" is set only where it applies
 * axes:
 *   lb: [ecmp, ofan]
 *   workload.kind: [all-to-all, permutation]
 * seeds: 10
 * table: {kind: over-bound, rows: [lb], column: workload.kind}   # one of PresetTables' kinds
 * quick:                      # optional: the smaller variant of --quick
 *   seeds: 1
 *   base: {workload.size: 256KiB}   # applied after the full base (a key given again wins)
 *   axes: {...}               # optional: part of the full axes' values, in their order
 * reference:                  # optional: runs besides the grid (Preset.Reference)
 *   axes: [lb]
 *   settings: {failures.kind: none}
 * </pre>
 */
final class PresetFile {
  private static final List<String> KEYS = List.of("title", "paper", "base", "axes", "seeds", "table", "quick",
      "reference");
  private static final List<String> QUICK_KEYS = List.of("seeds", "base", "axes");
  private static final List<String> REFERENCE_KEYS = List.of("axes", "settings");

  private PresetFile() {}

  /** The preset {@code name} that the YAML {@code text} describes; {@code source} names the file in problems. */
  static Preset read(String name, String text, String source) {
    JsonNode root = StrictYaml.readTree(text, source);
    List<String> problems = new ArrayList<>();
    if (!root.isObject()) {
      throw new IllegalStateException(source + ": the top level must be a mapping");
    }
    known(root, KEYS, source, problems);
    String title = text(root, "title", source, problems);
    String paper = text(root, "paper", source, problems);
    List<String> base = overrides(root.get("base"), source + ": base", problems);
    List<Axis> axes = GridFile.axes(root.get("axes"), source + ": axes", problems);
    int seeds = root.has("seeds") ? GridFile.seeds(root.get("seeds"), source + ": seeds", problems) : 1;
    Analysis table = PresetTables.read(root.get("table"), source + ": table", problems);
    Preset.Quick quick = root.has("quick") ? quick(root.get("quick"), source + ": quick", problems) : null;
    Preset.Reference reference = root.has("reference")
        ? reference(root.get("reference"), source + ": reference", problems) : null;
    if (!problems.isEmpty()) {
      throw new IllegalStateException(String.join("\n", problems));
    }
    return new Preset(name, title, paper, base, axes, seeds, table, quick, reference);
  }

  private static Preset.Quick quick(JsonNode q, String where, List<String> problems) {
    known(q, QUICK_KEYS, where, problems);
    int seeds = q.has("seeds") ? GridFile.seeds(q.get("seeds"), where + ".seeds", problems) : 1;
    List<String> base = overrides(q.get("base"), where + ".base", problems);
    List<Axis> axes = q.has("axes") ? GridFile.axes(q.get("axes"), where + ".axes", problems) : null;
    return new Preset.Quick(base, seeds, axes);
  }

  private static Preset.Reference reference(JsonNode r, String where, List<String> problems) {
    known(r, REFERENCE_KEYS, where, problems);
    List<String> axes = new ArrayList<>();
    r.path("axes").forEach(a -> axes.add(a.asText()));
    Map<String, String> settings = new LinkedHashMap<>();
    for (String o : overrides(r.get("settings"), where + ".settings", problems)) {
      int eq = o.indexOf('=');
      settings.put(o.substring(0, eq), o.substring(eq + 1));
    }
    return new Preset.Reference(axes, settings);
  }

  /** The "key=value" overrides of a mapping of scenario keys, nested mappings as dotted keys, in file order. */
  static List<String> overrides(JsonNode base, String where, List<String> problems) {
    List<String> out = new ArrayList<>();
    if (base == null || base.isNull()) {
      return out;
    }
    if (!base.isObject()) {
      problems.add(where + ": expected a mapping of scenario keys to values");
      return out;
    }
    flatten("", base, out);
    return out;
  }

  private static void flatten(String prefix, JsonNode node, List<String> out) {
    Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      String key = prefix + e.getKey();
      if (e.getValue().isObject()) {
        flatten(key + ".", e.getValue(), out);
      } else {
        out.add(key + "=" + (e.getValue().isNull() ? "" : e.getValue().asText()));
      }
    }
  }

  private static String text(JsonNode root, String key, String source, List<String> problems) {
    JsonNode v = root.get(key);
    if (v == null || !v.isTextual() || v.asText().isBlank()) {
      problems.add(source + ": " + key + ": expected one line of text");
      return "";
    }
    return v.asText();
  }

  /** Adds a problem for every key of {@code node} not in {@code keys}. */
  static void known(JsonNode node, List<String> keys, String where, List<String> problems) {
    Iterator<String> names = node.fieldNames();
    while (names.hasNext()) {
      String k = names.next();
      if (!keys.contains(k)) {
        problems.add(where + ": " + k + ": unknown key (allowed: " + String.join(", ", keys) + ")");
      }
    }
  }
}
