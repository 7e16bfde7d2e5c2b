package org.lbsim.lb;

import org.lbsim.net.Host;
import org.lbsim.net.Packet;
import org.lbsim.topo.Topology;

/**
 * The rotation sets of Host DR: for a (source, destination) pair, the source routes over the
 * switches at their lowest common tier ({@link Topology#lowestCommonTier}), each encoded as a
 * {@link Packet#route}: one per way up to that tier, {@link Topology#upPaths} of them, path i
 * taking up port {@code i mod upPorts(0)} at the ToR, then {@code i div upPorts(0) mod upPorts(1)}
 * at tier 1 ({@link #route}).
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
  private final Topology topology;
  private final int[][] byTier; // [lowest common tier]: the routes to rotate over

  DrPaths(Topology topology) {
    this.topology = topology;
    int planes = topology.planes();
    byTier = new int[topology.tiers()][];
    byTier[0] = onPlanes(new int[] {Packet.NO_ROUTE}, planes);
    for (int tier = 1; tier < byTier.length; tier++) {
      int[] routes = new int[topology.upPaths(tier)];
      for (int i = 0; i < routes.length; i++) {
        routes[i] = route(topology, tier, i);
      }
      byTier[tier] = onPlanes(routes, planes);
    }
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

  /**
   * The route of path {@code path} of the {@code upPaths(top)} up to switch tier {@code top}: at
   * each tier below it the up port {@code path div upPaths(tier) mod upPorts(tier)}.
   */
  static int route(Topology t, int top, int path) {
    int route = Packet.NO_ROUTE;
    for (int tier = 0; tier < top; tier++) {
      route = Packet.routeWith(route, tier, path / t.upPaths(tier) % t.upPorts(tier));
    }
    return route;
  }

  /** Routes to rotate over from {@code src} to {@code dst}; shared, do not modify. */
  int[] candidates(int src, int dst) {
    return byTier[topology.lowestCommonTier(src, dst)];
  }
}
