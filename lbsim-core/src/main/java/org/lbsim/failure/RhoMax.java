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
  private final int[] paths; // the shortest paths from ToR pathsFrom to ToR pathsTo, link by link (Links#paths)
  private int pathsFrom = -1;
  private int pathsTo = -1;

  public RhoMax(Links links, long hostBps, long tier1Bps, long tier2Bps) {
    this.links = links;
    this.hostBps = hostBps;
    this.tier1Bps = tier1Bps;
    this.tier2Bps = tier2Bps;
    int top = links.topology.tiers() - 1;
    this.paths = new int[links.topology.upPaths(top) * 2 * top];
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
    int hosts = links.hosts;
    int planes = links.planes;
    // per plane, directed links: host up, host down, then per link tier its links up and its links down
    int per = 2 * hosts + 2 * links.perPlane();
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
      int top = links.topology.lowestCommonTier(f.src(), f.dst());
      int n = links.topology.upPaths(top);
      int length = 2 * top;
      if (s != pathsFrom || t != pathsTo) { // flows of one ToR pair often come one after another
        links.paths(s, t, paths);
        pathsFrom = s;
        pathsTo = t;
      }
      int usable = 0;
      for (int q = 0; q < planes; q++) {
        usable += count(n, length, down, q * links.perPlane());
      }
      if (usable == 0) {
        return Double.NaN;
      }
      double share = 1.0 / usable;
      for (int q = 0; q < planes; q++) {
        int base = q * links.perPlane();
        int at = q * per;
        double hostShare = planes == 1 ? 1 : count(n, length, down, base) * share; // the flow's part on this plane
        load[at + f.src()] += hostShare;
        load[at + hosts + f.dst()] += hostShare;
        for (int p = 0; p < n; p++) {
          if (!usable(p * length, length, down, base)) {
            continue;
          }
          for (int i = 0; i < length; i++) {
            int tier = i < top ? i + 1 : length - i; // climbing, then coming down
            load[at + directed(paths[p * length + i], tier, i < top)] += share;
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

  /** Usable paths of the {@code n} of {@code length} links in {@link #paths}, in the plane starting at {@code base}. */
  private int count(int n, int length, boolean[] down, int base) {
    int usable = 0;
    for (int p = 0; p < n; p++) {
      usable += usable(p * length, length, down, base) ? 1 : 0;
    }
    return usable;
  }

  /** Whether every link of the path at {@code paths[at ..]} is up in the plane whose links start at id {@code base}. */
  private boolean usable(int at, int length, boolean[] down, int base) {
    for (int i = at; i < at + length; i++) {
      if (down[base + paths[i]]) {
        return false;
      }
    }
    return true;
  }

  /** The index among a plane's directed links of link {@code id} (in plane 0) of link tier {@code tier}, up or down. */
  private int directed(int id, int tier, boolean up) {
    return 2 * links.hosts + links.first(tier) + id + (up ? 0 : links.count(tier));
  }

  /** The bandwidth of a directed link of one plane, that plane's links starting at id {@code base}. */
  private double bandwidth(int directed, double[] capacity, int base) {
    long planes = links.planes;
    if (directed < 2 * links.hosts) {
      return hostBps / planes;
    }
    int i = directed - 2 * links.hosts;
    int tier = 1;
    while (i >= 2 * links.count(tier)) {
      i -= 2 * links.count(tier);
      tier++;
    }
    long bps = tier == 1 ? tier1Bps : tier2Bps;
    return bps / planes * capacity[base + links.first(tier) + i % links.count(tier)];
  }
}
