package org.lbsim.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import org.lbsim.experiment.Gain;
import org.lbsim.experiment.Recommendation;

/**
 * {@code lbsim recommend --json} (schemas/recommend.json): ranking.csv's rows, best first, with
 * the same names (each gain's median and its smallest and largest value over seeds as {@code _lo}
 * and {@code _hi}), the baseline's and the winner's values and the headline sentence.
 */
final class RecommendJson {
  private RecommendJson() {}

  static ObjectNode of(Recommendation rec, List<String> keys, Path dir) {
    ObjectNode doc = JsonOut.document("recommend");
    doc.put("results_dir", dir.toString());
    ArrayNode k = doc.putArray("keys");
    keys.forEach(k::add);
    doc.set("best", JsonOut.strings(rec.best().values()));
    if (rec.baseline() == null) {
      doc.putNull("baseline");
    } else {
      doc.set("baseline", JsonOut.strings(rec.baseline().values()));
    }
    doc.put("baseline_note", rec.baselineNote());
    ArrayNode tie = doc.putArray("tie");
    if (!rec.tied().isEmpty()) {
      tie.add(JsonOut.strings(rec.best().values()));
      rec.tied().forEach(c -> tie.add(JsonOut.strings(c.values())));
    }
    JsonOut.number(doc, "tie_within_pct", rec.tieWithinPct());
    doc.put("headline", rec.headline());
    ArrayNode out = doc.putArray("candidates");
    for (int i = 0; i < rec.ranked().size(); i++) {
      Recommendation.Candidate c = rec.ranked().get(i);
      ObjectNode n = out.addObject();
      n.put("rank", i + 1);
      n.set("values", JsonOut.strings(c.values()));
      n.put("seeds", c.seeds());
      JsonOut.number(n, "cct_ps_median", c.medianCctPs() > 0 ? c.medianCctPs() : Double.NaN);
      JsonOut.number(n, "cct_over_bound_pct_median", c.medianOverBoundPct());
      List<Gain.Figure> figures = Recommendation.figures(c.gains());
      for (int g = 0; g < figures.size(); g++) {
        Gain.Figure f = figures.get(g);
        boolean known = f != null && f.n() > 0;
        String name = Recommendation.GAINS.get(g);
        JsonOut.number(n, name + "_median", known ? f.median() : Double.NaN);
        JsonOut.number(n, name + "_lo", known ? f.min() : Double.NaN);
        JsonOut.number(n, name + "_hi", known ? f.max() : Double.NaN);
      }
      n.put("max_queue_bytes_median", c.maxQueueBytes());
      n.put("drops_median", c.drops());
      n.put("retransmissions_median", c.retransmissions());
      n.put("unfinished_runs", c.unfinishedRuns());
      n.put("why", c.diagnosis());
    }
    return doc;
  }
}
