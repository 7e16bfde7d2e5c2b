package org.lbsim.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import org.lbsim.experiment.CollectiveBench;

/**
 * {@code lbsim bench-collective --json} (schemas/bench-collective.json): the nccl-tests tables
 * as data, one entry per design with its rows under bench-collective.csv's names, its average
 * busbw, and the fabric's ideal busbw.
 */
final class BenchJson {
  private BenchJson() {}

  static ObjectNode of(CollectiveBench.Outcome o, Path dir) {
    CollectiveBench.Request q = o.request();
    ObjectNode doc = JsonOut.document("bench-collective");
    doc.put("results_dir", dir.toString());
    doc.put("op", q.op().label());
    doc.put("algorithm", o.algorithm());
    doc.put("ranks", o.ranks());
    doc.put("cc", o.cc());
    doc.put("lr", o.lr());
    doc.put("type", q.type().label());
    doc.put("redop", q.op().redop());
    doc.put("root", q.op().root());
    JsonOut.number(doc, "host_link_gbps", o.hostGbps());
    JsonOut.number(doc, "fabric_ideal_busbw_gbs", o.ideal());
    ArrayNode designs = doc.putArray("designs");
    for (String lb : o.lbs()) {
      ObjectNode d = designs.addObject();
      d.put("lb", lb);
      ArrayNode rows = d.putArray("rows");
      double sum = 0;
      int finished = 0;
      int unfinished = 0;
      for (CollectiveBench.Row r : o.rows()) {
        if (!r.lb().equals(lb)) {
          continue;
        }
        ObjectNode n = rows.addObject();
        n.put("size", r.size());
        n.put("count", r.count());
        JsonOut.number(n, "time_us", r.finished() ? r.timePs() / 1e6 : Double.NaN);
        JsonOut.number(n, "algbw_gbs", r.finished() ? r.algbw() : Double.NaN);
        JsonOut.number(n, "busbw_gbs", r.finished() ? r.busbw() : Double.NaN);
        JsonOut.number(n, "ideal_busbw_gbs", r.idealBusbw());
        JsonOut.time(n, "cct_ps", r.cctPs());
        JsonOut.time(n, "bound_ps", r.boundPs());
        n.put("unfinished_flows", r.unfinished());
        if (r.finished()) {
          sum += r.busbw();
          finished++;
        } else {
          unfinished++;
        }
      }
      JsonOut.number(d, "avg_busbw_gbs", finished == 0 ? Double.NaN : sum / finished);
      d.put("unfinished_sizes", unfinished);
    }
    return doc;
  }
}
