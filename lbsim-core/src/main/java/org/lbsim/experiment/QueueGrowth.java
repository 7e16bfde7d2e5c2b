package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.LongToDoubleFunction;
import java.util.function.ToDoubleFunction;

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
    return cells(runs, sizes, r -> (double) r.result().maxSwitchQueueBytes() / packetBytes);
  }

  /** As {@link #cells(List, SortedSet)} for any per-run value: its median over the runs of each size. */
  static List<String> cells(List<RunRecord> runs, SortedSet<Long> sizes, ToDoubleFunction<RunRecord> value) {
    return cells(sizes, m -> Stats.median(runs.stream().filter(r -> packets(r) == m).mapToDouble(value).toArray()));
  }

  /** One cell per size of {@code y(m)} (one decimal, "-" for NaN), then the log-log slope over the sizes. */
  static List<String> cells(SortedSet<Long> sizes, LongToDoubleFunction y) {
    List<String> cells = new ArrayList<>();
    double[] xs = new double[sizes.size()];
    double[] ys = new double[sizes.size()];
    int i = 0;
    for (long m : sizes) {
      xs[i] = m;
      ys[i] = y.applyAsDouble(m);
      cells.add(Double.isNaN(ys[i]) ? "-" : String.format(Locale.ROOT, "%.1f", ys[i]));
      i++;
    }
    cells.add(String.format(Locale.ROOT, "%.2f", Stats.logLogSlope(xs, ys)));
    return cells;
  }

  /** A run's message size in packets of its payload. */
  static long packets(RunRecord r) {
    long bytes = r.result().flows().get(0).bytes();
    long payload = Long.parseLong(r.result().settings().get("packet.payload"));
    return (bytes + payload - 1) / payload;
  }
}
