package org.lbsim.report;

import static org.lbsim.report.Html.esc;
import static org.lbsim.report.Html.num;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The report's HTML tables: runs at a glance, packet counters, and each run's settings. */
final class Tables {
  private Tables() {}

  static String overview(List<RunData> runs, Schemes schemes) {
    StringBuilder b = new StringBuilder();
    b.append("<table><thead><tr><th>run</th><th>scheme</th><th>workload</th><th>seed</th><th>CCT (µs)</th>")
        .append("<th>bound (µs)</th><th>% over bound</th><th>max queue (KB)</th><th>drops</th>")
        .append("<th>unfinished flows</th></tr></thead><tbody>\n");
    for (RunData r : runs) {
      double cct = r.number("cct_ps");
      double bound = r.number("lower_bound_ps");
      b.append("<tr><td>").append(esc(r.name())).append("</td><td>").append(esc(schemes.of(r)))
          .append("</td><td>").append(esc(r.workload())).append("</td><td class=n>").append(esc(r.setting("seed")))
          .append("</td><td class=n>").append(cct < 0 ? "-" : num(cct / 1e6, 3))
          .append("</td><td class=n>").append(bound <= 0 ? "-" : num(bound / 1e6, 3))
          .append("</td><td class=n>").append(num(r.number("cct_over_bound_pct"), 2))
          .append("</td><td class=n>").append(num(r.number("max_queue_bytes") / 1000, 1))
          .append("</td><td class=n>").append(num(r.number("drops"), 0))
          .append("</td><td class=n>").append(num(r.number("flows_unfinished"), 0))
          .append("</td></tr>\n");
    }
    return b.append("</tbody></table>\n").toString();
  }

  /** One row per run, one column per counter in {@code summary.json}. */
  static String counters(List<RunData> runs) {
    Set<String> keys = new LinkedHashSet<>();
    for (RunData r : runs) {
      r.summary().path("counters").fieldNames().forEachRemaining(keys::add);
    }
    if (keys.isEmpty()) {
      return "<p>No run has packet counters in its summary.json.</p>\n";
    }
    StringBuilder b = new StringBuilder("<table><thead><tr><th>run</th>");
    for (String k : keys) {
      b.append("<th>").append(esc(k)).append("</th>");
    }
    b.append("<th>conservation</th></tr></thead><tbody>\n");
    for (RunData r : runs) {
      b.append("<tr><td>").append(esc(r.name())).append("</td>");
      JsonNode c = r.summary().path("counters");
      for (String k : keys) {
        b.append("<td class=n>").append(c.has(k) ? esc(c.get(k).asText()) : "-").append("</td>");
      }
      JsonNode ok = r.summary().get("conservation_ok");
      b.append("<td>").append(ok == null ? "-" : ok.asBoolean() ? "ok" : "<b>violated</b>").append("</td></tr>\n");
    }
    return b.append("</tbody></table>\n").toString();
  }

  /** The settings whose values differ between runs, then every run's full settings, folded. */
  static String settings(List<RunData> runs) {
    Set<String> keys = new LinkedHashSet<>();
    for (RunData r : runs) {
      keys.addAll(r.settings().keySet());
    }
    List<String> varying = new ArrayList<>();
    for (String k : keys) {
      Set<String> values = new HashSet<>();
      runs.forEach(r -> values.add(r.setting(k)));
      if (values.size() > 1 && !k.equals("name")) {
        varying.add(k);
      }
    }
    StringBuilder b = new StringBuilder();
    if (runs.size() > 1 && !varying.isEmpty()) {
      b.append("<h3>Settings that differ between runs</h3>\n<table><thead><tr><th>run</th>");
      varying.forEach(k -> b.append("<th>").append(esc(k)).append("</th>"));
      b.append("</tr></thead><tbody>\n");
      for (RunData r : runs) {
        b.append("<tr><td>").append(esc(r.name())).append("</td>");
        varying.forEach(k -> b.append("<td>").append(esc(r.setting(k))).append("</td>"));
        b.append("</tr>\n");
      }
      b.append("</tbody></table>\n");
    }
    b.append("<h3>All resolved settings, per run</h3>\n");
    for (RunData r : runs) {
      b.append("<details><summary>").append(esc(r.name())).append("</summary><table class=kv>");
      for (Map.Entry<String, String> e : r.settings().entrySet()) {
        b.append("<tr><td>").append(esc(e.getKey())).append("</td><td>").append(esc(e.getValue())).append("</td></tr>");
      }
      b.append("</table></details>\n");
    }
    return b.toString();
  }
}
