package org.lbsim.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.lbsim.design.Design;
import org.lbsim.design.Param;
import org.lbsim.design.Registry;
import org.lbsim.scenario.Applicability;
import org.lbsim.scenario.Catalog;
import org.lbsim.scenario.ScenarioSchema;
import org.lbsim.scenario.Setting;

/**
 * {@code lbsim list --json} (schemas/list.json): what {@code lbsim list --verbose} prints, as
 * data: every axis' designs with their parameters and keys, then every scenario key.
 */
final class ListJson {
  private ListJson() {}

  static ObjectNode of(Catalog catalog) {
    ObjectNode doc = JsonOut.document("list");
    ArrayNode axes = doc.putArray("axes");
    for (Registry<? extends Design> r : catalog.registries()) {
      ObjectNode a = axes.addObject();
      a.put("axis", r.axis().key());
      ArrayNode designs = a.putArray("designs");
      for (Design d : r.all()) {
        Registry.Origin origin = r.origin(d.name());
        ObjectNode n = designs.addObject();
        n.put("name", d.name());
        n.put("summary", d.summary());
        JsonOut.text(n, "source", d.source().isEmpty() ? null : d.source());
        JsonOut.text(n, "plugin", origin.plugin() ? origin.where() : null);
        n.put("defined_in", d.definedIn());
        ArrayNode params = n.putArray("params");
        for (Param p : d.params()) {
          ObjectNode pn = params.addObject();
          pn.put("name", p.name());
          pn.put("default", p.defaultText());
          pn.put("meaning", p.meaning());
          pn.put("range", p.range());
        }
        ArrayNode keys = n.putArray("keys");
        d.keys().forEach(keys::add);
      }
    }
    ScenarioSchema schema = ScenarioSchema.of(catalog);
    ArrayNode keys = doc.putArray("keys");
    for (Setting s : schema.all()) {
      ObjectNode n = keys.addObject();
      n.put("key", s.key());
      n.put("meaning", s.meaning());
      ArrayNode choices = n.putArray("choices");
      s.choices().forEach(choices::add);
      JsonOut.text(n, "default", s.defaultValue().isEmpty() ? null : s.defaultValue());
      Applicability.Rule rule = schema.applicability().rule(s.key());
      JsonOut.text(n, "only_when", rule == null ? null : rule.when());
    }
    return doc;
  }
}
