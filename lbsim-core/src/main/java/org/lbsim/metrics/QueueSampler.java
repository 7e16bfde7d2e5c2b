package org.lbsim.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
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
 */
public final class QueueSampler implements EventTarget {
  static final int MAX_SAMPLES = 4096;
  /** Sample values kept at most (all ports together), so a 8192-host fabric stays within 64 MB. */
  static final int BUDGET = 16 << 20;

  private final Simulator sim;
  private final List<EgressPort> ports;
  private final BooleanSupplier done;
  private long intervalPs;
  private int[][] samples;
  private int count;
  private final int maxSamples;

  public QueueSampler(Simulator sim, List<EgressPort> ports, long intervalPs, BooleanSupplier done) {
    if (intervalPs <= 0) {
      throw new IllegalArgumentException("sampling interval must be positive, got " + intervalPs + " ps");
    }
    this.sim = sim;
    this.ports = List.copyOf(ports);
    this.done = done;
    this.intervalPs = intervalPs;
    this.maxSamples = Math.max(16, Math.min(MAX_SAMPLES, BUDGET / Math.max(1, ports.size())));
    this.samples = new int[ports.size()][16];
  }

  /** Takes the first sample now (time 0) and the others every interval. */
  public void start() {
    sim.schedule(sim.now(), this, 0, 0);
  }

  @Override
  public void onEvent(int kind, long arg) {
    if (count == maxSamples) {
      halve();
    }
    if (count == samples[0].length) {
      for (int i = 0; i < samples.length; i++) {
        samples[i] = Arrays.copyOf(samples[i], Math.min(maxSamples, count * 2));
      }
    }
    for (int i = 0; i < ports.size(); i++) {
      samples[i][count] = (int) Math.min(Integer.MAX_VALUE, ports.get(i).queuedBytes());
    }
    count++;
    if (!done.getAsBoolean()) {
      sim.schedule(sim.now() + intervalPs, this, 0, 0);
    }
  }

  /** Keeps samples 0, 2, 4, ... so that sample j stays at time j * interval. */
  private void halve() {
    for (int[] s : samples) {
      for (int j = 0; 2 * j < count; j++) {
        s[j] = s[2 * j];
      }
    }
    count = (count + 1) / 2;
    intervalPs *= 2;
  }

  /** The {@code top} ports with the largest sampled queue (ties by name), with their samples. */
  public QueueSeries hottest(int top) {
    if (ports.isEmpty() || samples.length == 0) {
      return QueueSeries.NONE;
    }
    Integer[] order = new Integer[ports.size()];
    int[] max = new int[ports.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
      for (int j = 0; j < count; j++) {
        max[i] = Math.max(max[i], samples[i][j]);
      }
    }
    Arrays.sort(order, Comparator.comparingInt((Integer i) -> -max[i]).thenComparing(i -> ports.get(i).name()));
    List<String> names = new ArrayList<>();
    List<long[]> series = new ArrayList<>();
    for (int k = 0; k < Math.min(top, order.length); k++) {
      int i = order[k];
      if (max[i] == 0) {
        break; // an always-empty queue tells nothing over time
      }
      names.add(ports.get(i).name());
      long[] s = new long[count];
      for (int j = 0; j < count; j++) {
        s[j] = samples[i][j];
      }
      series.add(s);
    }
    return new QueueSeries(intervalPs, names, series);
  }
}
