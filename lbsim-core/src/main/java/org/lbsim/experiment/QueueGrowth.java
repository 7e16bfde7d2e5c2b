package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The largest switch queue of a set of runs against the message size m in packets: per m the
 * median over the runs of that size (in data packets of {@code packetBytes} on the wire), then
 * the least-squares slope of log(queue) on log(m): about 1 for Θ(m), 0.5 for Θ(√m), 0 for Θ(1).
 */
record QueueGrowth(int packetBytes) {
  /** The message sizes, in packets, of {@code runs}. */
  static SortedSet<Long> sizes(List<RunRecord> runs) {
    TreeSet<Long> sizes = new TreeSet<>();
    for (RunRecord r : runs) {
      sizes.add(packets(r));
    }
    return sizes;
  }

  /** One cell per size (the median, one decimal, "-" when no run has it), then the slope. */
  List<String> cells(List<RunRecord> runs, SortedSet<Long> sizes) {
    List<String> cells = new ArrayList<>();
    double[] x = new double[sizes.size()];
    double[] y = new double[sizes.size()];
    int i = 0;
    for (long m : sizes) {
      List<Double> q = new ArrayList<>();
      for (RunRecord r : runs) {
        if (packets(r) == m) {
          q.add((double) r.result().maxSwitchQueueBytes() / packetBytes);
        }
      }
      x[i] = m;
      y[i] = q.isEmpty() ? Double.NaN : Stats.median(q.stream().mapToDouble(Double::doubleValue).toArray());
      cells.add(Double.isNaN(y[i]) ? "-" : String.format(Locale.ROOT, "%.1f", y[i]));
      i++;
    }
    cells.add(String.format(Locale.ROOT, "%.2f", Stats.logLogSlope(x, y)));
    return cells;
  }

  /** A run's message size in packets of its payload. */
  static long packets(RunRecord r) {
    long bytes = r.result().flows().get(0).bytes();
    long payload = Long.parseLong(r.result().settings().get("packet.payload"));
    return (bytes + payload - 1) / payload;
  }
}
