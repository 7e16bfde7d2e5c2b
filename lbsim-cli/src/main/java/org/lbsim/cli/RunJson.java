package org.lbsim.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import org.lbsim.experiment.Gain;
import org.lbsim.metrics.RunResult;
import org.lbsim.scenario.Catalog;

/**
 * {@code lbsim run --json} (schemas/run.json): the comparison table's rows, under summary.json's
 * names and units, each with its results folder and its training jobs as summary.json holds
 * them; then the gains table's rows.
 */
final class RunJson {
  private RunJson() {}

  static ObjectNode of(List<RunResult> results, List<Path> dirs, Catalog catalog) {
    ObjectNode doc = JsonOut.document("run");
    ArrayNode runs = doc.putArray("runs");
    ObjectMapper mapper = new ObjectMapper();
    for (int i = 0; i < results.size(); i++) {
      RunResult r = results.get(i);
      ObjectNode n = runs.addObject();
      n.put("scenario", r.scenario());
      n.put("lb", r.settings().get("lb"));
      n.put("workload", ResultTable.workload(r, catalog));
      JsonOut.time(n, "cct_ps", r.cctPs());
      JsonOut.time(n, "lower_bound_ps", r.boundPs());
      JsonOut.number(n, "cct_over_bound_pct", r.overBoundPct());
      n.put("max_queue_bytes", r.maxSwitchQueueBytes());
      n.put("drops", r.drops());
      n.put("flows_unfinished", r.unfinishedFlows());
      n.put("results_dir", dirs.get(i).toString());
      if (r.training().isEmpty()) {
        n.putNull("training");
      } else {
        n.set("training", mapper.valueToTree(r.training()));
      }
    }
    ArrayNode gains = doc.putArray("gains");
    for (ResultTable.GainRow row : ResultTable.gainRows(results)) {
      ObjectNode n = gains.addObject();
      Gain g = row.gain();
      n.put("scenario", row.scenario());
      n.put("vs", row.vs());
      JsonOut.number(n, "throughput_gain_pct", g.throughputPct());
      JsonOut.number(n, "cct_reduction_pct", g.cctReductionPct());
      JsonOut.number(n, "p99_fct_reduction_pct", g.p99FctReductionPct());
    }
    return doc;
  }
}
