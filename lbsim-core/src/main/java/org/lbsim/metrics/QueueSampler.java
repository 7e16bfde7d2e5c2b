package org.lbsim.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.lbsim.engine.EventTarget;
import org.lbsim.engine.Simulator;
import org.lbsim.net.EgressPort;

/**
 * Samples every egress port's queue at a fixed interval while the collective runs, so a report
 * can draw the queues of the hottest ports over time. It only reads the ports, so it changes no
 * result. It stops when {@code done} says the collective is over; past {@link #MAX_SAMPLES} (fewer on
 * a fabric so large that all ports' samples would exceed {@link #BUDGET}) it
 * halves its resolution (keeps every other sample, doubles the interval), so a run that goes on
 * far longer than expected costs bounded memory.
 *
 * <p>A sample is one row of all ports' queues, written in port order, so taking it reads the
 * ports and writes one array front to back; halving moves rows, not values; the hottest ports
 * are picked in one pass over the rows, without sorting all ports.
 */
public final class QueueSampler implements EventTarget {
  static final int MAX_SAMPLES = 4096;
  /** Sample values kept at most (all ports together), so a 8192-host fabric stays within 64 MB. */
  static final int BUDGET = 16 << 20;

  private final Simulator sim;
  private final EgressPort[] ports;
  private final BooleanSupplier done;
  private long intervalPs;
  /** rows[j][i]: port i's queue at sample j (j below count); rows past count are spares to reuse. */
  private int[][] rows = new int[16][];
  private int count;
  private final int maxSamples;

  public QueueSampler(Simulator sim, List<EgressPort> ports, long intervalPs, BooleanSupplier done) {
    if (intervalPs <= 0) {
      throw new IllegalArgumentException("sampling interval must be positive, got " + intervalPs + " ps");
    }
    this.sim = sim;
    this.ports = ports.toArray(new EgressPort[0]);
    this.done = done;
    this.intervalPs = intervalPs;
    this.maxSamples = Math.max(16, Math.min(MAX_SAMPLES, BUDGET / Math.max(1, ports.size())));
  }

  /** Takes the first sample now (time 0) and the others every interval. */
  public void start() {
    sim.schedule(sim.now(), this, 0, 0);
  }

  @Override
  public int tieRank() {
    return org.lbsim.engine.EventQueue.MAX_RANK - 2; // a run-wide target (EventQueue.RUN_WIDE_RANKS)
  }

  @Override
  public void onEvent(int kind, long arg) {
    if (count == maxSamples) {
      halve();
    }
    if (count == rows.length) {
      rows = Arrays.copyOf(rows, Math.min(maxSamples, count * 2));
    }
    int[] row = rows[count];
    if (row == null) {
      row = new int[ports.length];
      rows[count] = row;
    }
    for (int i = 0; i < ports.length; i++) {
      row[i] = (int) Math.min(Integer.MAX_VALUE, ports[i].queuedBytes());
    }
    count++;
    if (!done.getAsBoolean()) {
      sim.schedule(sim.now() + intervalPs, this, 0, 0);
    }
  }

  /** Keeps samples 0, 2, 4, ... so that sample j stays at time j * interval; the others' rows become spares. */
  private void halve() {
    int kept = (count + 1) / 2;
    int[][] spare = new int[count - kept][];
    for (int j = 1, s = 0; j < count; j += 2) {
      spare[s++] = rows[j];
    }
    for (int j = 0; 2 * j < count; j++) {
      rows[j] = rows[2 * j];
    }
    System.arraycopy(spare, 0, rows, kept, spare.length);
    count = kept;
    intervalPs *= 2;
  }

  /** The {@code top} ports with the largest sampled queue (ties by name), with their samples. */
  public QueueSeries hottest(int top) {
    if (ports.length == 0) {
      return QueueSeries.NONE;
    }
    int[] max = new int[ports.length];
    for (int j = 0; j < count; j++) {
      int[] row = rows[j];
      for (int i = 0; i < max.length; i++) {
        max[i] = Math.max(max[i], row[i]);
      }
    }
    // the hottest first: a short list kept in order, which most ports do not enter
    int[] best = new int[Math.max(0, Math.min(top, ports.length))];
    int n = 0;
    for (int i = 0; i < max.length; i++) {
      if (max[i] == 0) {
        continue; // an always-empty queue tells nothing over time
      }
      if (n == best.length && (n == 0 || !hotter(i, best[n - 1], max))) {
        continue;
      }
      int at = n == best.length ? n - 1 : n++;
      while (at > 0 && hotter(i, best[at - 1], max)) {
        best[at] = best[at - 1];
        at--;
      }
      best[at] = i;
    }
    List<String> names = new ArrayList<>();
    List<long[]> series = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      int i = best[k];
      names.add(ports[i].name());
      long[] s = new long[count];
      for (int j = 0; j < count; j++) {
        s[j] = rows[j][i];
      }
      series.add(s);
    }
    return new QueueSeries(intervalPs, names, series);
  }

  /** Port a before port b: larger sampled queue, then smaller name, then smaller index. */
  private boolean hotter(int a, int b, int[] max) {
    if (max[a] != max[b]) {
      return max[a] > max[b];
    }
    int byName = ports[a].name().compareTo(ports[b].name());
    return byName != 0 ? byName < 0 : a < b;
  }
}
