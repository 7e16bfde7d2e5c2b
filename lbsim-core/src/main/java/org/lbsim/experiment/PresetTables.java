package org.lbsim.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The tables a preset file's {@code table:} names: its {@code kind} and that kind's keys, the
 * components of the {@link Analysis} it makes ({@code rows}: the row keys, {@code column}: the
 * column key, {@code packet_bytes}: the size queues are counted in). Any kind takes
 * {@code mark_best: [row keys]}: the best row of each column is marked ({@link BestMarked}), once
 * per combination of the listed leading row keys ({@code []}: once per column).
 */
final class PresetTables {
  private static final Map<String, Function<Keys, Analysis>> KINDS = kinds();

  private PresetTables() {}

  private static Map<String, Function<Keys, Analysis>> kinds() {
    Map<String, Function<Keys, Analysis>> kinds = new LinkedHashMap<>();
    kinds.put("over-bound", k -> new OverBoundTable(k.list("rows"), k.text("column")));
    kinds.put("cct", k -> OverBoundTable.cct(k.list("rows"), k.text("column")));
    kinds.put("link-overload", k -> new LinkOverloadTable(k.list("rows")));
    kinds.put("cc-comparison", k -> new CcComparisonTable(k.list("rows"), k.text("baseline"), k.text("cc")));
    kinds.put("training-layer", k -> new TrainingLayerTable(k.text("column"), k.text("baseline")));
    kinds.put("failure-free-normalized", k -> new FailureFreeNormalized(k.text("row"), k.text("rate")));
    kinds.put("queue-scaling", k -> new QueueScaling(k.integer("packet_bytes")));
    kinds.put("queue-slope", k -> new QueueSlopeTable(k.list("rows"), k.integer("packet_bytes")));
    kinds.put("queue-ratio", k -> new QueueRatioTable(k.text("row"), k.text("numerator"), k.text("denominator"),
        k.integer("packet_bytes")));
    kinds.put("queue-model", k -> new QueueModelTable(k.integer("packet_bytes")));
    return Collections.unmodifiableMap(kinds);
  }

  /** The table {@code node} describes; null, with problems beginning with {@code where}, when it is not one. */
  static Analysis read(JsonNode node, String where, List<String> problems) {
    if (node == null || !node.isObject()) {
      problems.add(where + ": expected a mapping with a kind (" + String.join(", ", KINDS.keySet()) + ")");
      return null;
    }
    Function<Keys, Analysis> kind = KINDS.get(node.path("kind").asText());
    if (kind == null) {
      problems.add(where + ".kind: unknown (got '" + node.path("kind").asText() + "'; allowed: "
          + String.join(", ", KINDS.keySet()) + ")");
      return null;
    }
    Keys k = new Keys(node, where, problems);
    Analysis table = kind.apply(k);
    if (node.has("mark_best")) {
      List<String> per = k.list("mark_best");
      List<String> rows = new ArrayList<>();
      node.path("rows").forEach(r -> rows.add(r.asText()));
      if (per.size() > rows.size() || !rows.subList(0, per.size()).equals(per)) {
        problems.add(where + ".mark_best: expected leading keys of rows (got " + per + ")");
      }
      table = new BestMarked(table, per.size());
    }
    k.unread();
    return table;
  }

  /** The keys of one table and which of them its kind read; problems begin with {@code where}. */
  private static final class Keys {
    private final JsonNode node;
    private final String where;
    private final List<String> problems;
    private final Set<String> read = new LinkedHashSet<>(List.of("kind"));

    Keys(JsonNode node, String where, List<String> problems) {
      this.node = node;
      this.where = where;
      this.problems = problems;
    }

    String text(String key) {
      read.add(key);
      JsonNode v = node.get(key);
      if (v == null || v.isContainerNode() || v.isNull()) {
        problems.add(where + "." + key + ": missing; expected one value");
        return "";
      }
      return v.asText();
    }

    List<String> list(String key) {
      read.add(key);
      JsonNode v = node.get(key);
      List<String> out = new ArrayList<>();
      if (v == null || !v.isArray()) {
        problems.add(where + "." + key + ": missing; expected a list of scenario keys");
        return out;
      }
      v.forEach(x -> out.add(x.asText()));
      return out;
    }

    int integer(String key) {
      read.add(key);
      JsonNode v = node.get(key);
      if (v == null || !v.isInt()) {
        problems.add(where + "." + key + ": missing; expected an integer");
        return 1;
      }
      return v.asInt();
    }

    /** Adds a problem for every key the table's kind did not read. */
    void unread() {
      node.fieldNames().forEachRemaining(f -> {
        if (!read.contains(f)) {
          problems.add(where + "." + f + ": unknown key for kind " + node.path("kind").asText());
        }
      });
    }
  }
}
