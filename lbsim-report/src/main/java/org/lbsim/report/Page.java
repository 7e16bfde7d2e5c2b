package org.lbsim.report;

import static org.lbsim.report.Html.esc;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Assembles report.html: styles, the inlined libraries, the charts' divs and their Vega-Lite
 * specs, the tables. Nothing time- or machine-dependent is written, so the same results give
 * the same bytes.
 */
final class Page {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int FOLD_RUNS = 12;

  /**
   * Runs before the libraries so it also sees their errors: collects uncaught errors, rejected
   * promises and console.error calls for the status line at the bottom of the page.
   */
  private static final String CAPTURE = """
      window.lbsimErrors = [];
      window.addEventListener('error', function (e) { lbsimErrors.push('error: ' + (e.message || e)); });
      window.addEventListener('unhandledrejection', function (e) { lbsimErrors.push('unhandled rejection: ' + e.reason); });
      (function () {
        var original = console.error;
        console.error = function () {
          lbsimErrors.push('console.error: ' + Array.prototype.join.call(arguments, ' '));
          return original.apply(console, arguments);
        };
      })();
      """;

  /**
   * Embeds every chart, then writes the outcome into #lbsim-status (data-status ok / error):
   * a headless browser's DOM dump then shows whether every chart drew, or the error text.
   */
  private static final String EMBED = """
      (function () {
        var status = document.getElementById('lbsim-status');
        function finish() {
          status.setAttribute('data-status', lbsimErrors.length ? 'error' : 'ok');
          status.textContent = lbsimErrors.length ? lbsimErrors.join('\\n') : 'all charts rendered';
        }
        try {
          var specs = JSON.parse(document.getElementById('lbsim-specs').textContent);
          var options = {mode: 'vega-lite', renderer: 'svg',
            actions: {export: true, source: false, compiled: false, editor: false}};
          var ids = Object.keys(specs);
          Promise.all(ids.map(function (id) {
            return vegaEmbed('#chart-' + id, specs[id], options)
              .catch(function (e) { lbsimErrors.push(id + ': ' + e); });
          })).then(function () {
            ids.forEach(function (id) {
              if (!document.querySelector('#chart-' + id + ' svg.marks, #chart-' + id + ' canvas.marks')) {
                lbsimErrors.push(id + ': nothing drawn');
              }
            });
            finish();
          });
        } catch (e) {
          lbsimErrors.push('embedding failed: ' + e);
          finish();
        }
      })();
      """;

  private static final String STYLE = """
      body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; padding: 0 1em; color: #222; }
      h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ddd; } h3 { font-size: 1.05em; }
      table { border-collapse: collapse; font-size: 0.85em; margin: 0.5em 0; }
      th, td { border: 1px solid #ddd; padding: 2px 6px; text-align: left; }
      td.n { text-align: right; font-variant-numeric: tabular-nums; }
      .note { color: #555; max-width: 60em; } .chart { margin: 1em 0; }
      .scroll { overflow-x: auto; } details { margin: 0.2em 0; } table.kv td:first-child { color: #555; }
      #lbsim-status { color: #777; font-size: 0.8em; white-space: pre-wrap; }
      """;

  private Page() {}

  static String render(String title, List<RunData> runs, Schemes schemes, List<Chart> charts, String skipped) {
    StringBuilder b = new StringBuilder(1 << 20);
    b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>").append(esc(title)).append("</title>\n<style>\n").append(STYLE).append("</style>\n")
        .append("<script>\n").append(CAPTURE).append("</script>\n");
    for (String s : Vendor.SCRIPTS) {
      b.append("<script>\n").append(Vendor.script(s)).append("\n</script>\n");
    }
    b.append("</head>\n<body>\n<h1>").append(esc(title)).append("</h1>\n")
        .append("<p>").append(runs.size()).append(runs.size() == 1 ? " run" : " runs")
        .append(". Hover over a chart for values; its menu saves it as SVG or PNG.</p>\n")
        .append("<h2 id=\"runs\">Runs</h2>\n")
        // a sweep's long run list would push the charts off the first screen: fold it
        .append(runs.size() > FOLD_RUNS ? "<details><summary>" + runs.size() + " runs</summary>" : "")
        .append("<div class=scroll>").append(Tables.overview(runs, schemes)).append("</div>\n")
        .append(runs.size() > FOLD_RUNS ? "</details>\n" : "");
    b.append("<h2 id=\"charts\">Charts</h2>\n");
    if (!skipped.isEmpty()) {
      b.append("<p class=note>").append(esc(skipped)).append("</p>\n");
    }
    Map<String, Object> specs = new LinkedHashMap<>();
    for (Chart c : charts) {
      b.append("<section>\n<h3>").append(esc(c.title())).append("</h3>\n<p class=note>").append(esc(c.note()))
          .append("</p>\n<div class=\"chart\" id=\"chart-").append(c.id()).append("\"></div>\n</section>\n");
      specs.put(c.id(), c.vegaLite());
    }
    b.append("<h2 id=\"counters\">Packet counters</h2>\n<div class=scroll>").append(Tables.counters(runs)).append("</div>\n");
    b.append("<h2 id=\"settings\">Settings</h2>\n<div class=scroll>").append(Tables.settings(runs)).append("</div>\n");
    b.append("<p class=note>Made by <code>lbsim report</code>. Charts drawn in the page by Vega ").append(Vendor.VEGA)
        .append(", Vega-Lite ").append(Vendor.VEGA_LITE).append(" and vega-embed ").append(Vendor.VEGA_EMBED)
        .append(" (BSD-3-Clause, University of Washington Interactive Data Lab), inlined: the page needs no network.</p>\n")
        .append("<div id=\"lbsim-status\" data-status=\"pending\">rendering charts…</div>\n");
    b.append("<script type=\"application/json\" id=\"lbsim-specs\">").append(Html.scriptSafeJson(json(specs)))
        .append("</script>\n<script>\n").append(EMBED).append("</script>\n</body>\n</html>\n");
    return b.toString();
  }

  private static String json(Object o) {
    try {
      return JSON.writeValueAsString(o);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
