package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;

/**
 * Per load balancer against the message size m, one row per measure: the largest switch queue
 * ({@value #QUEUE}, in data packets, median over seeds) with the least-squares slope of
 * log(queue) on log(m), about 1 for Θ(m), 0.5 for Θ(√m), 0 for Θ(1) (the study's Table 3); then
 * the CCT against the best scheme's at each m ({@link CctBySize}, the study's Fig. 6a).
 */
public record QueueScaling(int packetBytes) implements Analysis {
  static final String QUEUE = "max queue (packets)";

  @Override
  public Table analyze(List<RunRecord> runs) {
    Set<String> lbs = new LinkedHashSet<>();
    for (RunRecord r : runs) {
      lbs.add(r.value("lb"));
    }
    SortedSet<Long> sizes = QueueGrowth.sizes(runs);
    List<String> header = new ArrayList<>();
    header.add("lb");
    header.add("measure");
    for (long m : sizes) {
      header.add("m=" + m);
    }
    header.add("slope");
    QueueGrowth growth = new QueueGrowth(packetBytes);
    List<List<String>> out = new ArrayList<>();
    for (String lb : lbs) {
      List<String> line = new ArrayList<>();
      line.add(lb);
      line.add(QUEUE);
      line.addAll(growth.cells(runs.stream().filter(r -> r.value("lb").equals(lb)).toList(), sizes));
      out.add(line);
    }
    CctBySize cct = new CctBySize(runs, lbs, sizes, QueueGrowth::packets);
    for (String measure : List.of(CctBySize.RATIO, CctBySize.EXCESS)) {
      for (String lb : lbs) {
        out.add(cct.row(lb, measure, sizes));
      }
    }
    return new Table(header, out);
  }

  /** The queue's slope per lb from a table this analysis produced. */
  public static double slope(Table t, String lb) {
    return slope(t, lb, QUEUE);
  }

  /** The slope of {@code measure}'s row for lb from a table this analysis produced; NaN for "-". */
  public static double slope(Table t, String lb, String measure) {
    for (List<String> row : t.rows()) {
      if (row.get(0).equals(lb) && row.get(1).equals(measure)) {
        String s = row.get(row.size() - 1);
        if (s.equals("-")) {
          return Double.NaN;
        }
        return Double.parseDouble(s);
      }
    }
    throw new IllegalArgumentException("no " + measure + " row for " + lb);
  }
}
