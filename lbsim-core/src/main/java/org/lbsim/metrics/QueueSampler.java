package org.lbsim.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongPredicate;
import org.lbsim.engine.EventQueue;
import org.lbsim.engine.EventTarget;
import org.lbsim.engine.Simulator;
import org.lbsim.net.EgressPort;

/**
 * Samples every egress port's queue at a fixed interval while the collective runs, so a report
 * can draw the queues of the hottest ports over time. It only reads the ports, so it changes no
 * result. It stops when {@code doneAt} says the collective is over; past {@link #MAX_SAMPLES} (fewer on
 * a fabric so large that all ports' samples would exceed {@link #BUDGET}) it
 * halves its resolution (keeps every other sample, doubles the interval), so a run that goes on
 * far longer than expected costs bounded memory.
 *
 * <p>A sample is one row of all ports' queues, written in port order, so taking it reads the
 * ports and writes one array front to back; halving moves rows, not values; the hottest ports
 * are picked in one pass over the rows, without sorting all ports.
 *
 * <p>In a run split into partitions each partition samples its own ports ({@link Part}, a
 * run-wide rank, so after every host and port event of the same picosecond) at the sampler's
 * instants as known at the last window's end, and {@link #afterWindow} takes the window's samples
 * in time order: it keeps those on the sampler's chain (each the previous one plus the interval),
 * halves when full, and stops at the first sample at which {@code doneAt} says the collective is
 * over. A halving within a window leaves the partitions sampling a superset of the chain until
 * the window ends; the chain, and so the series, is the same for every split.
 */
public final class QueueSampler {
  static final int MAX_SAMPLES = 4096;
  /** Sample values kept at most (all ports together), so a 8192-host fabric stays within 64 MB. */
  static final int BUDGET = 16 << 20;
  /** The samplers' place among one picosecond's events: after every host and port (EventQueue.RUN_WIDE_RANKS). */
  static final int RANK = EventQueue.MAX_RANK - 2;

  private final EgressPort[] ports;
  private final Part[] parts;
  private final LongPredicate doneAt;
  private long intervalPs;
  private long nextPs = -1; // the chain's next sample (-1: not started)
  private boolean stopped;
  /** rows[j][i]: port i's queue at sample j (j below count); rows past count are spares to reuse. */
  private int[][] rows = new int[16][];
  private int count;
  private final int maxSamples;

  /**
   * @param sims each partition's simulator, by partition
   * @param ports every port, in the order of the series
   * @param partitionOf the partition of each port
   * @param doneAt whether the collective is over as seen by a sample at the given time (after
   *     every host and port event of that picosecond)
   */
  public QueueSampler(List<Simulator> sims, List<EgressPort> ports, int[] partitionOf, long intervalPs,
      LongPredicate doneAt) {
    if (intervalPs <= 0) {
      throw new IllegalArgumentException("sampling interval must be positive, got " + intervalPs + " ps");
    }
    this.ports = ports.toArray(new EgressPort[0]);
    this.doneAt = doneAt;
    this.intervalPs = intervalPs;
    this.maxSamples = Math.max(16, Math.min(MAX_SAMPLES, BUDGET / Math.max(1, ports.size())));
    int[] per = new int[sims.size()];
    for (int q : partitionOf) {
      per[q]++;
    }
    this.parts = new Part[sims.size()];
    int[][] index = new int[sims.size()][];
    for (int q = 0; q < parts.length; q++) {
      index[q] = new int[per[q]];
      per[q] = 0;
    }
    for (int i = 0; i < partitionOf.length; i++) {
      index[partitionOf[i]][per[partitionOf[i]]++] = i;
    }
    for (int q = 0; q < parts.length; q++) {
      parts[q] = new Part(sims.get(q), index[q], this.ports, intervalPs);
    }
  }

  /** Takes the first sample at the current time, then one every interval. */
  public void start() {
    nextPs = parts[0].sim.now();
    for (Part p : parts) {
      p.sampleAt(nextPs);
    }
  }

  /**
   * At the end of each window of the engine, on one thread while no partition runs: takes the
   * window's samples, in time order, as one sampler would have.
   */
  public void afterWindow() {
    Part first = parts[0];
    for (int j = 0; j < first.n && !stopped; j++) {
      long t = first.times[j];
      if (t != nextPs) {
        continue; // sampled on a finer chain than the one a halving in this window left
      }
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
      for (Part p : parts) {
        int[] values = p.rows[j];
        int[] at = p.index;
        for (int i = 0; i < at.length; i++) {
          row[at[i]] = values[i];
        }
      }
      count++;
      if (doneAt.test(t)) {
        stopped = true;
      } else {
        nextPs = t + intervalPs;
      }
    }
    for (Part p : parts) {
      p.n = 0;
      if (stopped) {
        p.generation++; // its pending sample, if any, does nothing
      } else if (p.pendingPs != nextPs || p.stepPs != intervalPs) {
        p.stepPs = intervalPs;
        p.sampleAt(nextPs);
      }
    }
  }

  /** One partition's sampler: its ports' queues at the instants it is told, kept until the window ends. */
  private static final class Part implements EventTarget {
    private final Simulator sim;
    private final int[] index; // the sampler's numbers of this partition's ports
    private final EgressPort[] ports;
    private long stepPs;
    private long pendingPs = -1;
    private long generation; // a pending sample of an older generation does nothing
    private long[] times = new long[4];
    private int[][] rows = new int[4][];
    private int n;

    Part(Simulator sim, int[] index, EgressPort[] all, long stepPs) {
      this.sim = sim;
      this.index = index;
      this.ports = new EgressPort[index.length];
      for (int i = 0; i < index.length; i++) {
        ports[i] = all[index[i]];
      }
      this.stepPs = stepPs;
    }

    void sampleAt(long t) {
      generation++;
      pendingPs = t;
      sim.schedule(t, this, 0, generation);
    }

    @Override
    public int tieRank() {
      return RANK;
    }

    @Override
    public void onEvent(int kind, long arg) {
      if (arg != generation) {
        return;
      }
      if (n == times.length) {
        times = Arrays.copyOf(times, n * 2);
        rows = Arrays.copyOf(rows, n * 2);
      }
      int[] row = rows[n];
      if (row == null) {
        row = new int[ports.length];
        rows[n] = row;
      }
      for (int i = 0; i < ports.length; i++) {
        row[i] = (int) Math.min(Integer.MAX_VALUE, ports[i].queuedBytes());
      }
      long now = sim.now();
      times[n++] = now;
      pendingPs = now + stepPs;
      sim.schedule(pendingPs, this, 0, generation);
    }
  }

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
