package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * Largest switch queue (in data packets, median over seeds) against the message size m, per
 * load balancer, and the least-squares slope of log(queue) on log(m): about 1 for Θ(m), 0.5 for
 * Θ(√m), 0 for Θ(1) (the study's Table 3).
 */
public record QueueScaling(int packetBytes) implements Analysis {
  @Override
  public Table analyze(List<RunRecord> runs) {
    Set<String> lbs = new LinkedHashSet<>();
    TreeSet<Long> sizes = new TreeSet<>();
    for (RunRecord r : runs) {
      lbs.add(r.value("lb"));
      sizes.add(packets(r));
    }
    List<String> header = new ArrayList<>();
    header.add("lb");
    for (long m : sizes) {
      header.add("m=" + m);
    }
    header.add("slope");
    List<List<String>> out = new ArrayList<>();
    for (String lb : lbs) {
      List<String> line = new ArrayList<>();
      line.add(lb);
      double[] x = new double[sizes.size()];
      double[] y = new double[sizes.size()];
      int i = 0;
      for (long m : sizes) {
        List<Double> q = new ArrayList<>();
        for (RunRecord r : runs) {
          if (r.value("lb").equals(lb) && packets(r) == m) {
            q.add((double) r.result().maxSwitchQueueBytes() / packetBytes);
          }
        }
        x[i] = m;
        y[i] = Stats.median(q.stream().mapToDouble(Double::doubleValue).toArray());
        line.add(String.format(Locale.ROOT, "%.1f", y[i]));
        i++;
      }
      line.add(String.format(Locale.ROOT, "%.2f", Stats.logLogSlope(x, y)));
      out.add(line);
    }
    return new Table(header, out);
  }

  /** Slope per lb from a table this analysis produced. */
  public static double slope(Table t, String lb) {
    for (List<String> row : t.rows()) {
      if (row.get(0).equals(lb)) {
        return Double.parseDouble(row.get(row.size() - 1));
      }
    }
    throw new IllegalArgumentException("no row for " + lb);
  }

  private static long packets(RunRecord r) {
    long bytes = r.result().flows().get(0).bytes();
    long payload = Long.parseLong(r.result().settings().get("packet.payload"));
    return (bytes + payload - 1) / payload;
  }
}
