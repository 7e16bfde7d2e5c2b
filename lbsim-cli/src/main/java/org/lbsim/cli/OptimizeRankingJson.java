package org.lbsim.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import org.lbsim.experiment.Gain;
import org.lbsim.optimize.Answer;
import org.lbsim.optimize.Condition;
import org.lbsim.optimize.Outcome;
import org.lbsim.optimize.Point;
import org.lbsim.optimize.Standing;

/**
 * {@code lbsim optimize --json} (schemas/optimize.json): the table's rows, one per design
 * combination, best first, every objective as its median and its worst condition
 * ({@code _median}, {@code _worst}; the same when there is one condition), each gain over the
 * baseline as its median and its smallest and largest value over the runs ({@code _lo}, {@code _hi}),
 * the conditions, the baseline, the tie, the Pareto front and the answer's lines. Every trial is
 * in optimize.json beside it.
 */
final class OptimizeRankingJson {
  private OptimizeRankingJson() {}

  static ObjectNode of(Outcome o, Path dir) {
    ObjectNode doc = JsonOut.document("optimize");
    doc.put("results_dir", dir.toString());
    doc.put("budget", o.settings().budget());
    doc.put("runs", o.runs());
    doc.put("seeds", o.settings().seeds());
    doc.put("robust", o.settings().robust().key());
    ArrayNode cs = doc.putArray("conditions");
    List<Condition> conditions = o.settings().conditions();
    for (int i = 0; i < conditions.size(); i++) {
      Condition k = conditions.get(i);
      ObjectNode n = cs.addObject();
      n.put("index", i);
      JsonOut.text(n, "workload", k.workload().isEmpty() ? null : k.workload());
      if (k.draw() < 0) {
        n.putNull("draw");
      } else {
        n.put("draw", k.draw());
      }
      ArrayNode links = n.putArray("failed_links");
      k.failedLinks().forEach(links::add);
      Long ref = o.winner().scoring().referencePs().get(k);
      if (ref == null) {
        n.putNull("reference_cct_ps");
      } else {
        n.put("reference_cct_ps", ref);
      }
    }
    ArrayNode rows = doc.putArray("ranking");
    List<Standing> shown = o.perCombo();
    for (int i = 0; i < shown.size(); i++) {
      Standing x = shown.get(i);
      ObjectNode n = rows.addObject();
      n.put("rank", i + 1);
      n.set("design", design(x.point()));
      n.put("seeds", x.seeds());
      n.put("conditions", x.conditions());
      n.put("unfinished_runs", x.unfinishedRuns());
      JsonOut.number(n, "score", x.score());
      JsonOut.number(n, "score_median", x.medianScore());
      JsonOut.number(n, "score_worst", x.worstScore());
      whole(n, "cct_ps_median", x.medianCctPs());
      whole(n, "cct_ps_worst", x.worstCctPs());
      JsonOut.number(n, "cct_over_bound_pct_median", x.medianOverBoundPct());
      JsonOut.number(n, "cct_over_bound_pct_worst", x.worstOverBoundPct());
      whole(n, "p99_fct_ps_median", x.medianP99FctPs());
      whole(n, "p99_fct_ps_worst", x.worstP99FctPs());
      whole(n, "max_queue_bytes_median", x.medianMaxQueueBytes());
      whole(n, "max_queue_bytes_worst", x.worstMaxQueueBytes());
      whole(n, "drops_median", x.medianDrops());
      Gain.Spread g = o.gainsOf(x);
      figure(n, "throughput_gain_pct", g == null ? null : g.throughput());
      figure(n, "cct_reduction_pct", g == null ? null : g.cctReduction());
      figure(n, "p99_fct_reduction_pct", g == null ? null : g.p99FctReduction());
    }
    if (o.baseline() == null) {
      doc.putNull("baseline");
    } else {
      doc.set("baseline", design(o.baseline().point()));
    }
    JsonOut.text(doc, "baseline_note", o.baselineNote());
    ArrayNode tie = doc.putArray("tie");
    if (!o.tied().isEmpty()) {
      tie.add(design(o.winner().point()));
      o.tied().forEach(x -> tie.add(design(x.point())));
    }
    JsonOut.number(doc, "tie_within_pct", o.tied().isEmpty() ? Double.NaN : o.tieWithinPct());
    ArrayNode front = doc.putArray("pareto_front");
    o.front().forEach(x -> front.add(design(x.point())));
    ArrayNode answer = doc.putArray("answer");
    Answer.lines(o).forEach(answer::add);
    return doc;
  }

  /** A count or a time: a whole number when it is one (a median of two may end in .5), null when not known. */
  private static void whole(ObjectNode n, String key, double x) {
    if (Double.isFinite(x) && x == Math.rint(x) && Math.abs(x) < 0x1p53) {
      n.put(key, (long) x);
    } else {
      JsonOut.number(n, key, x);
    }
  }

  private static ObjectNode design(Point p) {
    ObjectNode n = JsonNodeFactory.instance.objectNode();
    n.put("lb", p.combo().lb());
    n.put("cc", p.combo().cc());
    n.put("lr", p.combo().lr());
    n.put("deployable", p.combo().undeployable().isEmpty());
    n.set("params", JsonOut.strings(p.params()));
    return n;
  }

  private static void figure(ObjectNode n, String name, Gain.Figure f) {
    boolean known = f != null && f.n() > 0;
    JsonOut.number(n, name + "_median", known ? f.median() : Double.NaN);
    JsonOut.number(n, name + "_lo", known ? f.min() : Double.NaN);
    JsonOut.number(n, name + "_hi", known ? f.max() : Double.NaN);
  }
}
