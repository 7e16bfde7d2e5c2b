package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Largest switch queue of two load balancers side by side, one row per value of {@code rowKey}:
 * each design's median over seeds (in data packets of {@code packetBytes} on the wire) and their
 * ratio {@code numerator / denominator} (the study's Fig. 18: Host DR's largest queue over Ofan's
 * against the network size).
 */
public record QueueRatioTable(String rowKey, String numerator, String denominator, int packetBytes)
    implements Analysis {
  @Override
  public Table analyze(List<RunRecord> runs) {
    Set<String> rows = new LinkedHashSet<>();
    for (RunRecord r : runs) {
      rows.add(r.value(rowKey));
    }
    List<String> header = List.of(rowKey, "flows", numerator + " max queue (pkts)", denominator + " max queue (pkts)",
        numerator + " / " + denominator);
    List<List<String>> out = new ArrayList<>();
    for (String row : rows) {
      double num = medianQueue(runs, row, numerator);
      double den = medianQueue(runs, row, denominator);
      out.add(List.of(row, Integer.toString(flows(runs, row)), format(num), format(den),
          den > 0 ? String.format(Locale.ROOT, "%.2f", num / den) : "-"));
    }
    return new Table(header, out);
  }

  private double medianQueue(List<RunRecord> runs, String row, String lb) {
    List<Double> q = new ArrayList<>();
    for (RunRecord r : runs) {
      if (r.value(rowKey).equals(row) && r.value("lb").equals(lb)) {
        q.add((double) r.result().maxSwitchQueueBytes() / packetBytes);
      }
    }
    return Stats.median(q.stream().mapToDouble(Double::doubleValue).toArray());
  }

  private int flows(List<RunRecord> runs, String row) {
    for (RunRecord r : runs) {
      if (r.value(rowKey).equals(row)) {
        return r.result().flows().size();
      }
    }
    return 0;
  }

  private static String format(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
  }
}
