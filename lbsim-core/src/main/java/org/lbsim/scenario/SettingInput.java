package org.lbsim.scenario;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * The settings a scenario's YAML and its {@code key=value} overrides set, flattened to dotted
 * keys of {@link ScenarioSchema}: an override replaces the file's value, a key written "key?" is
 * set only where it applies ({@link Applicability}), and every other key set where it does not
 * apply is a problem.
 */
final class SettingInput {
  private final ScenarioSchema schema;
  private final ProblemLog log;
  private final ValueReader reader;
  private final DesignParams designs;
  private final String overrideLabel;
  private final Map<String, String> raw = new LinkedHashMap<>();
  /** Keys written "key?": set only where they apply. */
  private final Set<String> conditional = new HashSet<>();
  /** Keys in {@link #raw} that the reader filled in, not the user. */
  private final Set<String> defaulted = new HashSet<>();

  /** {@code overrideLabel} names the overrides' origin in problem lines (e.g. "--set", "grid.yaml axis"). */
  SettingInput(ScenarioSchema schema, ProblemLog log, ValueReader reader, DesignParams designs,
      String overrideLabel) {
    this.schema = schema;
    this.log = log;
    this.reader = reader;
    this.designs = designs;
    this.overrideLabel = overrideLabel;
  }

  /** Sets the keys of the YAML text {@code yaml}. */
  void load(String yaml) {
    Node root = StrictYaml.compose(yaml, log.source());
    if (root == null || StrictYaml.isNull(root)) {
      return;
    }
    if (!(root instanceof MappingNode m)) {
      throw new ScenarioException(List.of(log.source() + ": the top level must be a mapping of keys to values (got "
          + StrictYaml.describe(root) + ")"));
    }
    flatten("", m);
  }

  private void flatten(String prefix, MappingNode node) {
    for (NodeTuple t : node.getValue()) {
      String name = ((ScalarNode) t.getKeyNode()).getValue();
      String key = prefix.isEmpty() ? name : prefix + "." + name;
      Node v = t.getValueNode();
      String plain = Applicability.unconditional(key);
      if (schema.setting(plain) == null && schema.isSection(key)) {
        if (v instanceof MappingNode m) {
          flatten(key, m);
        } else if (!StrictYaml.isNull(v)) {
          log.problem(log.source() + ": " + key + ": expected a mapping of " + key + ".* keys (got "
              + StrictYaml.describe(v) + ")");
        }
      } else if (schema.setting(plain) == null) {
        unknown(log.source() + ": ", key);
      } else if (!(v instanceof ScalarNode s)) {
        log.problem(log.source() + ": " + plain + ": expected a single value, not " + StrictYaml.describe(v));
      } else {
        put(plain, StrictYaml.text(s), !plain.equals(key), null);
      }
    }
  }

  private void unknown(String from, String key) {
    String hint = schema.closest(Applicability.unconditional(key));
    log.problem(from + StrictYaml.show(key) + ": unknown key" + (hint == null ? "" : " (did you mean '" + hint + "'?)")
        + "; run 'lbsim list' for every key");
  }

  /** Records a value the user set; {@code conditional}: only where it applies (key written "key?"). */
  private void put(String key, String value, boolean conditional, String from) {
    raw.put(key, value);
    log.origin(key, from);
    if (conditional) {
      this.conditional.add(key);
    } else {
      this.conditional.remove(key);
    }
  }

  /** Sets one "key=value" override on top of what is set. */
  void override(String assignment) {
    int eq = assignment.indexOf('=');
    if (eq <= 0) {
      log.problem(overrideLabel + " " + StrictYaml.show(assignment) + ": expected key=value");
      return;
    }
    String written = assignment.substring(0, eq).trim();
    String value = assignment.substring(eq + 1).trim();
    String key = Applicability.unconditional(written);
    if (schema.setting(key) == null) {
      unknown(overrideLabel + " ", written);
      return;
    }
    put(key, value, !key.equals(written), overrideLabel);
  }

  /** Names the run {@code name} when nothing set its name; the name is the reader's, not the user's. */
  void defaultName(String name) {
    if (!raw.containsKey("name")) {
      raw.put("name", name);
      defaulted.add("name");
    }
  }

  private Map<String, String> values() {
    Map<String, String> values = new LinkedHashMap<>();
    for (Setting s : schema.all()) {
      values.put(s.key(), raw.getOrDefault(s.key(), s.defaultValue()));
    }
    return values;
  }

  /**
   * Every setting, in schema order, as set or by default. Drops the keys set only where they
   * apply ("key?") that do not, then reports every other key the user set that does not apply.
   */
  Map<String, String> applicable() {
    Map<String, String> values = values();
    for (String k : List.copyOf(conditional)) {
      if (schema.applicability().reason(k, values) != null) {
        checkAlone(k, raw.get(k));
        raw.remove(k);
        log.origin(k, null);
      }
    }
    values = values();
    for (String k : raw.keySet()) {
      String why = defaulted.contains(k) ? null : schema.applicability().reason(k, values);
      if (why != null) {
        log.problem(log.from(k) + k + ": does not apply, as " + why + " (got '" + StrictYaml.show(raw.get(k))
            + "'; allowed: only when " + schema.applicability().rule(k).when() + "; " + k
            + "? sets it only where it applies, and drops it here" + KeyInstead.hint(k, values) + ")");
      }
    }
    return values;
  }

  /**
   * The checks a value of {@code key} gets without the scenario around it (its type, its choices,
   * a design parameter's range), for a "key?" that does not apply here and is dropped.
   */
  private void checkAlone(String key, String value) {
    Setting s = schema.setting(key);
    Map<String, String> one = Map.of(key, value);
    if (designs.checkAlone(key, value)) {
      return;
    }
    switch (s.type()) {
      case INT -> reader.intValue(one, key, Integer.MIN_VALUE);
      case LONG -> reader.longValue(one, key, Long.MIN_VALUE);
      case NUMBER -> reader.number(one, key);
      case SIZE -> reader.size(one, key);
      case CHOICE -> reader.choice(one, key);
      default -> { }
    }
  }
}
