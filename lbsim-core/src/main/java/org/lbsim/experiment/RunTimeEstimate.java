package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import org.lbsim.scenario.Catalog;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.WorkloadSize;

/**
 * How long a batch of runs is expected to take, from how much its workloads send: a run costs
 * about {@value #EVENTS_PER_DATA_PACKET} events per data packet (its hops, its ACK's hops, the
 * sender's and receiver's own) at {@value #EVENTS_PER_SECOND} events per second on one core of
 * the reference machine (docs/performance.md), plus {@value #SETUP_SECONDS} s to set up. Runs with
 * heavy loss or long-lived black holes take longer than this; the estimate is for planning.
 */
public final class RunTimeEstimate {
  static final double EVENTS_PER_DATA_PACKET = 14.5;
  static final double EVENTS_PER_SECOND = 1.4e6;
  static final double SETUP_SECONDS = 0.2;
  /** The keys that choose how a workload is carried, never what it sends. */
  private static final Set<String> TRANSPORT_AXES = Set.of("lb", "cc", "lr");

  private RunTimeEstimate() {}

  /** Expected single-core seconds of one run of {@code s}. */
  public static double seconds(Scenario s) {
    return SETUP_SECONDS + WorkloadSize.dataPackets(s) * EVENTS_PER_DATA_PACKET / EVENTS_PER_SECOND;
  }

  /**
   * The expected seconds of each run of {@code preset} with {@code seeds} seeds, in grid order.
   * A point's seeds send as many packets, and what a run sends does not depend on its load
   * balancer, congestion control or loss recovery, so the first run of each workload stands for
   * every run that sends it.
   */
  public static List<Double> runs(Preset preset, int seeds, Catalog catalog) {
    BaseScenario source = BaseScenario.defaults("preset " + preset.name());
    Map<Map<String, String>, Double> byWorkload = new HashMap<>();
    List<Double> out = new ArrayList<>();
    for (GridPoint p : preset.grid(seeds)) {
      Map<String, String> workload = new HashMap<>(p.values());
      workload.keySet().removeAll(TRANSPORT_AXES);
      out.add(byWorkload.computeIfAbsent(workload,
          w -> seconds(ExperimentRunner.scenario(source, preset.base(), p, List.of(), catalog))));
    }
    return out;
  }

  /**
   * Expected wall seconds of runs of {@code seconds} each on {@code threads} threads, each run
   * going to the thread that frees first in the order given (as the run pool does).
   */
  public static double wall(List<Double> seconds, int threads) {
    PriorityQueue<Double> free = new PriorityQueue<>();
    for (int i = 0; i < threads; i++) {
      free.add(0.0);
    }
    double end = 0;
    for (double s : seconds) {
      double t = free.poll() + s;
      end = Math.max(end, t);
      free.add(t);
    }
    return end;
  }

  /** E.g. {@code 40 s}, {@code 12 min}, {@code 3.4 h}. */
  public static String text(double seconds) {
    if (seconds < 90) {
      return Math.round(seconds) + " s";
    }
    if (seconds < 90 * 60) {
      return Math.round(seconds / 60) + " min";
    }
    return String.format(java.util.Locale.ROOT, "%.1f h", seconds / 3600);
  }
}
