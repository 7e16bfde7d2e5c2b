package org.lbsim.optimize;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.lbsim.experiment.Gain;

/**
 * {@code optimize.json}: the settings, the conditions (workloads x failure draws), the space, every
 * trial in order (designs, parameters, condition, seed, rung, metrics), the ranking with each
 * objective's median and worst condition, the Pareto front, the tie and the answer. The same
 * search gives the same bytes.
 */
public final class OptimizeJson {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private OptimizeJson() {}

  public static String write(Outcome o, SearchSpace space) {
    ObjectNode root = JSON.createObjectNode();
    root.put("budget", o.settings().budget());
    root.put("seeds", o.settings().seeds());
    root.put("seed", o.settings().seed());
    root.put("sensitivity_pass", o.settings().sensitivity());
    root.put("runs", o.runs());
    root.put("sensitivity_probes", o.probes());
    root.put("robust", o.settings().robust().key());
    List<Condition> conditions = o.settings().conditions();
    ArrayNode cs = root.putArray("conditions");
    for (int i = 0; i < conditions.size(); i++) {
      Condition k = conditions.get(i);
      ObjectNode n = cs.addObject();
      n.put("index", i);
      n.put("workload", k.workload().isEmpty() ? null : k.workload());
      n.put("file", k.file());
      if (k.draw() < 0) {
        n.putNull("draw");
        n.putNull("draw_seed");
      } else {
        n.put("draw", k.draw());
        n.put("draw_seed", k.drawSeed());
      }
      strings(n.putArray("failed_links"), k.failedLinks());
      Long ref = o.winner().scoring().referencePs().get(k);
      if (ref == null) {
        n.putNull("reference_cct_us");
      } else {
        n.put("reference_cct_us", ref / 1e6);
      }
      strings(n.putArray("overrides"), k.overrides());
    }
    ObjectNode sp = root.putObject("space");
    sp.put("design_combinations", space.combos().size());
    ArrayNode knobs = sp.putArray("knobs");
    space.combos().stream().flatMap(c -> c.knobs().stream()).distinct().forEach(k -> {
      ObjectNode n = knobs.addObject();
      n.put("key", k.key());
      n.put("low", k.low());
      n.put("high", k.high());
      n.put("default", k.defaultValue());
      n.put("integer", k.integer());
      n.put("scale", k.logScale() ? "log" : "linear");
    });
    strings(sp.putArray("notes"), o.notes());
    ArrayNode trials = root.putArray("trials");
    for (Trial t : o.trials()) {
      ObjectNode n = trials.addObject();
      n.put("index", t.index());
      n.put("stage", t.stage());
      n.put("rung", t.rung());
      design(n, t.point());
      n.put("condition", conditions.indexOf(t.condition()));
      n.put("seed", t.seed());
      metrics(n.putObject("metrics"), t.metrics());
    }
    ArrayNode ranking = root.putArray("ranking");
    o.standings().forEach(x -> standing(ranking.addObject(), x, o));
    ArrayNode front = root.putArray("pareto_front");
    o.front().forEach(x -> design(front.addObject(), x.point()));
    ArrayNode tie = root.putArray("tie");
    if (!o.tied().isEmpty()) {
      design(tie.addObject(), o.winner().point());
      o.tied().forEach(x -> design(tie.addObject(), x.point()));
    }
    root.put("tie_within_pct", o.tieWithinPct());
    if (o.baseline() != null) {
      design(root.putObject("baseline"), o.baseline().point());
    } else {
      root.putNull("baseline");
    }
    root.put("baseline_note", o.baselineNote());
    strings(root.putArray("answer"), Answer.lines(o));
    try {
      return JSON.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void strings(ArrayNode a, List<String> xs) {
    xs.forEach(a::add);
  }

  private static void design(ObjectNode n, Point p) {
    n.put("lb", p.combo().lb());
    n.put("cc", p.combo().cc());
    n.put("lr", p.combo().lr());
    n.put("deployable", p.combo().undeployable().isEmpty());
    ObjectNode params = n.putObject("params");
    for (Map.Entry<String, String> e : p.params().entrySet()) {
      params.put(e.getKey(), e.getValue());
    }
    ArrayNode o = n.putArray("overrides");
    p.overrides().forEach(o::add);
  }

  private static void metrics(ObjectNode n, Metrics m) {
    n.put("cct_us", m.cctPs() / 1e6);
    n.put("bound_us", m.boundPs() / 1e6);
    number(n, "over_bound_pct", m.overBoundPct());
    n.put("p99_fct_us", m.p99FctPs() / 1e6);
    n.put("max_queue_kb", m.maxQueueBytes() / 1e3);
    n.put("drops", m.drops());
    n.put("unfinished_flows", m.unfinishedFlows());
    number(n, "score", m.score());
  }

  private static void standing(ObjectNode n, Standing x, Outcome o) {
    design(n, x.point());
    n.put("seeds", x.seeds());
    n.put("conditions", x.conditions());
    n.put("unfinished_runs", x.unfinishedRuns());
    number(n, "score", x.score());
    number(n, "median_score", x.medianScore());
    number(n, "worst_score", x.worstScore());
    number(n, "median_cct_us", x.medianCctPs() / 1e6);
    number(n, "worst_cct_us", x.worstCctPs() / 1e6);
    number(n, "median_over_bound_pct", x.medianOverBoundPct());
    number(n, "worst_over_bound_pct", x.worstOverBoundPct());
    number(n, "median_p99_fct_us", x.medianP99FctPs() / 1e6);
    number(n, "worst_p99_fct_us", x.worstP99FctPs() / 1e6);
    n.put("median_max_queue_kb", x.medianMaxQueueBytes() / 1e3);
    n.put("worst_max_queue_kb", x.worstMaxQueueBytes() / 1e3);
    if (o.baseline() != null) {
      Gain.Spread g = Outcome.gains(x, o.baseline());
      figure(n.putObject("throughput_gain_pct"), g.throughput());
      figure(n.putObject("cct_reduction_pct"), g.cctReduction());
      figure(n.putObject("p99_fct_reduction_pct"), g.p99FctReduction());
    }
  }

  private static void figure(ObjectNode n, Gain.Figure f) {
    number(n, "median", f.median());
    number(n, "min", f.min());
    number(n, "max", f.max());
  }

  /** A number, or null when it is not finite (JSON has no NaN or infinity). */
  private static void number(ObjectNode n, String key, double v) {
    if (Double.isFinite(v)) {
      n.put(key, v);
    } else {
      n.putNull(key);
    }
  }
}
