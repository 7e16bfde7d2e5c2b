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
 *
 * <p>On P planes the rates given are the fabric's (each plane's links run at 1/P of them) and a
 * flow's paths are those of every plane: its share on each plane, host links included, is that
 * plane's part of its usable paths.
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
    int planes = links.planes;
    // per plane, directed links: host up, host down, tier-1 up, tier-1 down, tier-2 up, tier-2 down
    int per = 2 * hosts + 2 * n1 + 2 * n2;
    double[] load = new double[per * planes];
    for (FlowSpec f : flows) {
      int s = f.src() / links.hostsPerTor;
      int t = f.dst() / links.hostsPerTor;
      if (s == t) {
        for (int q = 0; q < planes; q++) {
          load[q * per + f.src()] += 1.0 / planes;
          load[q * per + hosts + f.dst()] += 1.0 / planes;
        }
        continue;
      }
      int paths = 0;
      for (int q = 0; q < planes; q++) {
        paths += count(s, t, down, q * links.perPlane());
      }
      if (paths == 0) {
        return Double.NaN;
      }
      double share = 1.0 / paths;
      for (int q = 0; q < planes; q++) {
        int base = q * links.perPlane();
        int at = q * per;
        double hostShare = planes == 1 ? 1 : count(s, t, down, base) * share; // the flow's part on this plane
        load[at + f.src()] += hostShare;
        load[at + hosts + f.dst()] += hostShare;
        int ups = links.ups1;
        boolean samePod = !links.fatTree || s / links.half == t / links.half;
        for (int j = 0; j < ups; j++) {
          int up1 = s * ups + j;
          int down1 = t * ups + j;
          if (down[base + up1] || down[base + down1]) {
            continue;
          }
          if (samePod) {
            load[at + 2 * hosts + up1] += share;
            load[at + 2 * hosts + n1 + down1] += share;
            continue;
          }
          int h = links.half;
          for (int l = 0; l < h; l++) {
            int up2 = ((s / h) * h + j) * h + l;
            int down2 = ((t / h) * h + j) * h + l;
            if (down[base + n1 + up2] || down[base + n1 + down2]) {
              continue;
            }
            load[at + 2 * hosts + up1] += share;
            load[at + 2 * hosts + 2 * n1 + up2] += share;
            load[at + 2 * hosts + 2 * n1 + n2 + down2] += share;
            load[at + 2 * hosts + n1 + down1] += share;
          }
        }
      }
    }
    double rho = Double.POSITIVE_INFINITY;
    for (int i = 0; i < load.length; i++) {
      if (load[i] > 1e-12) {
        rho = Math.min(rho, bandwidth(i % per, capacity, i / per * links.perPlane()) / load[i]);
      }
    }
    return rho;
  }

  /** Usable shortest paths from ToR s to ToR t (s != t) in the plane whose links start at id {@code base}. */
  private int count(int s, int t, boolean[] down, int base) {
    int ups = links.ups1;
    int n1 = links.tier1Count();
    int paths = 0;
    boolean samePod = !links.fatTree || s / links.half == t / links.half;
    for (int j = 0; j < ups; j++) {
      if (down[base + s * ups + j] || down[base + t * ups + j]) {
        continue;
      }
      if (samePod) {
        paths++;
        continue;
      }
      int h = links.half;
      for (int l = 0; l < h; l++) {
        if (!down[base + n1 + ((s / h) * h + j) * h + l] && !down[base + n1 + ((t / h) * h + j) * h + l]) {
          paths++;
        }
      }
    }
    return paths;
  }

  /** The bandwidth of a directed link of one plane, that plane's links starting at id {@code base}. */
  private double bandwidth(int directed, double[] capacity, int base) {
    int hosts = links.hosts;
    int n1 = links.tier1Count();
    int n2 = links.tier2Count();
    long planes = links.planes;
    if (directed < 2 * hosts) {
      return hostBps / planes;
    }
    int i = directed - 2 * hosts;
    if (i < 2 * n1) {
      return tier1Bps / planes * capacity[base + i % n1];
    }
    i -= 2 * n1;
    return tier2Bps / planes * capacity[base + n1 + i % n2];
  }
}
