package org.lbsim.scenario;

import java.util.ArrayList;
import java.util.List;
import org.lbsim.design.Axis;
import org.lbsim.design.Design;
import org.lbsim.design.Param;

/**
 * The catalogue tables of docs/algorithms.md, one per {@link Axis}, generated from the built-in
 * registries: each design's name, summary, parameters (default and allowed values), source and
 * defining class. A table sits between {@link #marker} and {@link #END}; {@code lbsim list
 * --algorithms AXIS} prints it. Plug-in designs never appear: the docs describe lbsim's own.
 */
public final class AlgorithmTables {
  /** The line that closes a generated table. */
  public static final String END = "<!-- end generated -->";

  private static final AlgorithmTables BUILT_IN = new AlgorithmTables(ScenarioSchema.of(Catalog.builtIn()));

  private final ScenarioSchema schema;

  private AlgorithmTables(ScenarioSchema schema) {
    this.schema = schema;
  }

  /** The tables of lbsim's own designs. */
  public static AlgorithmTables builtIn() {
    return BUILT_IN;
  }

  /** The line that opens {@code axis}' generated table; it names the command that prints the table. */
  public static String marker(Axis axis) {
    return "<!-- generated: lbsim list --algorithms " + axis.key() + " -->";
  }

  /** The axis whose scenario key is {@code key} ({@code lb}, {@code workload.kind}, ...), or null. */
  public static Axis axis(String key) {
    for (Axis a : Axis.values()) {
      if (a.key().equals(key)) {
        return a;
      }
    }
    return null;
  }

  /** The axes' keys, in order, for messages. */
  public static List<String> axisKeys() {
    List<String> keys = new ArrayList<>();
    for (Axis a : Axis.values()) {
      keys.add(a.key());
    }
    return List.copyOf(keys);
  }

  /** The markdown table of {@code axis}' designs, one row each, in registry order; ends with a newline. */
  public String table(Axis axis) {
    StringBuilder sb = new StringBuilder();
    sb.append("| name | summary | parameters: default (allowed) | source | defined in |\n");
    sb.append("|---|---|---|---|---|\n");
    for (Design d : schema.catalog().of(axis).all()) {
      sb.append("| `").append(d.name()).append("` | ").append(cell(d.summary())).append(" | ")
          .append(parameters(d)).append(" | ").append(d.source().isEmpty() ? "—" : cell(d.source())).append(" | `")
          .append(d.definedIn()).append("` |\n");
    }
    return sb.toString();
  }

  /** Its typed parameters, then its further keys (a section of more than three as {@code section.*}). */
  private String parameters(Design d) {
    List<String> items = new ArrayList<>();
    List<String> paramKeys = new ArrayList<>();
    for (Param p : d.params()) {
      String key = d.name() + "." + p.name();
      paramKeys.add(key);
      String when = p.onlyWhen() == null ? ""
          : "; only when `" + d.name() + "." + p.onlyWhen().param() + "` is " + String.join(" or ", p.onlyWhen().values());
      items.add("`" + key + "` = `" + p.defaultText() + "` (" + cell(p.range()) + when + ")");
    }
    List<String> keys = new ArrayList<>();
    for (String k : d.keys()) {
      if (!paramKeys.contains(k)) {
        keys.add(k);
      }
    }
    String section = keys.isEmpty() ? "" : keys.get(0).substring(0, keys.get(0).indexOf('.') + 1);
    if (keys.size() > 3 && keys.stream().allMatch(k -> k.startsWith(section))) {
      items.add("`" + section + "*` (" + keys.size() + " keys, see [scenario-reference.md](scenario-reference.md))");
    } else {
      for (String k : keys) {
        items.add(key(k));
      }
    }
    return items.isEmpty() ? "—" : String.join("<br>", items);
  }

  /** A key of the schema with its default and allowed values. */
  private String key(String k) {
    Setting s = schema.setting(k);
    if (s == null) {
      return "`" + k + "`";
    }
    String allowed = s.type() == Setting.Type.CHOICE ? String.join(", ", s.choices()) : s.type().describe();
    return "`" + k + "`" + (s.defaultValue().isEmpty() ? "" : " = `" + s.defaultValue() + "`") + " (" + cell(allowed) + ")";
  }

  private static String cell(String text) {
    return text.replace("|", "\\|");
  }
}
