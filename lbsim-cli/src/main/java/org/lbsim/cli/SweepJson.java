package org.lbsim.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import org.lbsim.experiment.Axis;
import org.lbsim.experiment.GridFile;
import org.lbsim.experiment.SweepSummary;

/**
 * {@code lbsim sweep --json} (schemas/sweep.json): summary.csv's rows, one per parameter
 * combination, each metric's median, interval bounds and interval kind as their own fields.
 */
final class SweepJson {
  private SweepJson() {}

  static ObjectNode of(GridFile g, List<SweepSummary.Row> rows, Path dir) {
    ObjectNode doc = JsonOut.document("sweep");
    doc.put("grid", g.name());
    doc.put("results_dir", dir.toString());
    ArrayNode axes = doc.putArray("axes");
    g.axes().stream().map(Axis::key).forEach(axes::add);
    ArrayNode out = doc.putArray("rows");
    List<String> metrics = SweepSummary.metricKeys();
    for (SweepSummary.Row r : rows) {
      ObjectNode n = out.addObject();
      n.set("values", JsonOut.strings(r.values()));
      n.put("seeds", r.seeds());
      for (int i = 0; i < metrics.size(); i++) {
        SweepSummary.Cell c = r.cells().get(i);
        String m = metrics.get(i);
        JsonOut.number(n, m + "_median", c == null ? Double.NaN : c.median());
        JsonOut.number(n, m + "_lo", c == null ? Double.NaN : c.lo());
        JsonOut.number(n, m + "_hi", c == null ? Double.NaN : c.hi());
        JsonOut.text(n, m + "_interval", c == null ? null : c.interval());
      }
    }
    return doc;
  }
}
