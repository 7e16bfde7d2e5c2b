package org.lbsim.failure;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.lbsim.workload.FlowSpec;

/**
 * The study's ideal rate under failures (study-notes §3, its Appendix A): every flow sends at
 * ρ_max = B / F, where F is the number of flows crossing the bottleneck link when each flow is
 * spread evenly over its available shortest paths (those avoiding hard-failed links) and B is
 * that link's bandwidth (reduced on a degraded link). Flows are fluid here: a flow with P usable
 * paths puts 1/P of a flow on every link of each.
 *
 * <p>Only flows that run together share links, so ρ_max is taken per dependency stage (an
 * all-to-all or a permutation is one stage; a ring has one per step), and the scenario's factor
 * is the smallest ratio, over stages, of ρ_max with the failures to ρ_max without them (which
 * is the host link's fair share in a non-blocking fat tree).
 */
public final class RhoMax {
  private final Links links;
  private final long hostBps;
  private final long tier1Bps;
  private final long tier2Bps;

  public RhoMax(Links links, long hostBps, long tier1Bps, long tier2Bps) {
    this.links = links;
    this.hostBps = hostBps;
    this.tier1Bps = tier1Bps;
    this.tier2Bps = tier2Bps;
  }

  /**
   * ρ_max with failures divided by ρ_max without, minimized over stages; in (0, 1]. NaN when some
   * flow has no usable path at all (no rate lets it finish).
   *
   * @param down hard-failed links (no path may use them)
   * @param capacity per link, the fraction of its speed it keeps (1 = healthy)
   */
  public double factor(List<FlowSpec> flows, boolean[] down, double[] capacity) {
    Map<Integer, List<FlowSpec>> stages = new HashMap<>();
    for (FlowSpec f : flows) {
      stages.computeIfAbsent(f.stage(), s -> new java.util.ArrayList<>()).add(f);
    }
    double factor = 1;
    double[] healthy = new double[links.count()];
    java.util.Arrays.fill(healthy, 1);
    boolean[] none = new boolean[links.count()];
    for (List<FlowSpec> stage : stages.values()) {
      double with = rate(stage, down, capacity);
      if (Double.isNaN(with)) {
        return Double.NaN;
      }
      factor = Math.min(factor, with / rate(stage, none, healthy));
    }
    return factor;
  }

  /** ρ_max in bits per second for flows that all run together; NaN if one has no usable path. */
  public double rate(List<FlowSpec> flows, boolean[] down, double[] capacity) {
    int n1 = links.tier1Count();
    int n2 = links.tier2Count();
    int hosts = links.hosts;
    // directed links: host up, host down, tier-1 up, tier-1 down, tier-2 up, tier-2 down
    double[] load = new double[2 * hosts + 2 * n1 + 2 * n2];
    int[] path = new int[6];
    for (FlowSpec f : flows) {
      int s = f.src() / links.hostsPerTor;
      int t = f.dst() / links.hostsPerTor;
      load[f.src()] += 1;
      load[hosts + f.dst()] += 1;
      if (s == t) {
        continue;
      }
      int paths = count(s, t, down);
      if (paths == 0) {
        return Double.NaN;
      }
      double share = 1.0 / paths;
      int ups = links.ups1;
      boolean samePod = !links.fatTree || s / links.half == t / links.half;
      for (int j = 0; j < ups; j++) {
        int up1 = s * ups + j;
        int down1 = t * ups + j;
        if (down[up1] || down[down1]) {
          continue;
        }
        if (samePod) {
          load[2 * hosts + up1] += share;
          load[2 * hosts + n1 + down1] += share;
          continue;
        }
        int h = links.half;
        for (int l = 0; l < h; l++) {
          int up2 = ((s / h) * h + j) * h + l;
          int down2 = ((t / h) * h + j) * h + l;
          if (down[n1 + up2] || down[n1 + down2]) {
            continue;
          }
          load[2 * hosts + up1] += share;
          load[2 * hosts + 2 * n1 + up2] += share;
          load[2 * hosts + 2 * n1 + n2 + down2] += share;
          load[2 * hosts + n1 + down1] += share;
        }
      }
    }
    double rho = Double.POSITIVE_INFINITY;
    for (int i = 0; i < load.length; i++) {
      if (load[i] > 1e-12) {
        rho = Math.min(rho, bandwidth(i, capacity) / load[i]);
      }
    }
    return rho;
  }

  /** Usable shortest paths from ToR s to ToR t (s != t). */
  private int count(int s, int t, boolean[] down) {
    int ups = links.ups1;
    int n1 = links.tier1Count();
    int paths = 0;
    boolean samePod = !links.fatTree || s / links.half == t / links.half;
    for (int j = 0; j < ups; j++) {
      if (down[s * ups + j] || down[t * ups + j]) {
        continue;
      }
      if (samePod) {
        paths++;
        continue;
      }
      int h = links.half;
      for (int l = 0; l < h; l++) {
        if (!down[n1 + ((s / h) * h + j) * h + l] && !down[n1 + ((t / h) * h + j) * h + l]) {
          paths++;
        }
      }
    }
    return paths;
  }

  private double bandwidth(int directed, double[] capacity) {
    int hosts = links.hosts;
    int n1 = links.tier1Count();
    int n2 = links.tier2Count();
    if (directed < 2 * hosts) {
      return hostBps;
    }
    int i = directed - 2 * hosts;
    if (i < 2 * n1) {
      return tier1Bps * capacity[i % n1];
    }
    i -= 2 * n1;
    return tier2Bps * capacity[n1 + i % n2];
  }
}
