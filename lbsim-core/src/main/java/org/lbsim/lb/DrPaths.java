package org.lbsim.lb;

import org.lbsim.net.Host;
import org.lbsim.net.Packet;
import org.lbsim.topo.Topology;

/**
 * The rotation sets of Host DR: for a (source, destination) pair, the source routes over the
 * switches at their lowest common ancestor tier, each encoded as a {@link Packet#route}.
 * <ul>
 *   <li>fat tree, other pod: the (k/2)² cores; core c is reached by ToR uplink c mod k/2 (to
 *       the agg at position c mod k/2) and then agg uplink c div k/2 (agg position pp's uplink
 *       l goes to core pp + l·k/2);
 *   <li>fat tree, same pod, other ToR: the pod's k/2 aggs (ToR uplink j);
 *   <li>leaf-spine, other leaf: the spines (leaf uplink s);
 *   <li>same ToR / leaf: one entry, no route (no choice exists).
 * </ul>
 * On P planes each entry becomes P, one per plane ({@link Host#routeOnPlane}), slot i taking
 * plane i mod P and the path of slot i div P, so that successive packets alternate planes and
 * each plane sees every path in turn; a pair under one ToR then rotates over the planes only.
 * Without failures every pair of a class shares one immutable array. Failures will replace
 * this per (source ToR, destination ToR) by the valid subset (reference-model §4.3); the
 * policies take whatever array this returns and can be given a new one.
 */
final class DrPaths {
  private final int[] local;
  private final int hostsPerTor;
  private final int hostsPerPod; // 0 on leaf-spine: no pod tier
  private final int[] samePod;
  private final int[] otherPod;

  DrPaths(Topology topology) {
    int[] same;
    int[] other;
    int ups = topology.uplinksPerTor();
    hostsPerTor = topology.hostsPerTor();
    same = new int[ups];
    for (int j = 0; j < ups; j++) {
      same[j] = Packet.routeWith(Packet.NO_ROUTE, 0, j);
    }
    if (topology.tiers() == 3) {
      hostsPerPod = topology.hostsPerPod();
      other = new int[topology.topSwitches()];
      for (int c = 0; c < other.length; c++) {
        other[c] = coreRoute(c, ups);
      }
    } else {
      hostsPerPod = 0;
      other = same;
    }
    int planes = topology.planes();
    local = onPlanes(new int[] {Packet.NO_ROUTE}, planes);
    samePod = onPlanes(same, planes);
    otherPod = other == same ? samePod : onPlanes(other, planes);
  }

  /** Each route once per plane, slot i on plane i mod planes (the same array with one plane). */
  private static int[] onPlanes(int[] routes, int planes) {
    if (planes == 1) {
      return routes;
    }
    int[] out = new int[routes.length * planes];
    for (int i = 0; i < out.length; i++) {
      out[i] = Host.routeOnPlane(routes[i / planes], i % planes);
    }
    return out;
  }

  /** Route to core {@code c} of a fat tree with {@code half} = k/2. */
  static int coreRoute(int c, int half) {
    return Packet.routeWith(Packet.routeWith(Packet.NO_ROUTE, 0, c % half), 1, c / half);
  }

  /** Routes to rotate over from {@code src} to {@code dst}; shared, do not modify. */
  int[] candidates(int src, int dst) {
    if (src / hostsPerTor == dst / hostsPerTor) {
      return local;
    }
    if (hostsPerPod == 0 || src / hostsPerPod == dst / hostsPerPod) {
      return samePod;
    }
    return otherPod;
  }
}
