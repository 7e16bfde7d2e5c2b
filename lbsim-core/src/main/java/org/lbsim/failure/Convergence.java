package org.lbsim.failure;

import org.lbsim.net.Packet;
import org.lbsim.net.Routes;
import org.lbsim.net.Switch;
import org.lbsim.topo.Topology;

/**
 * Routing's converged view of failed links: which up ports of each switch still lead to a
 * destination ToR, and the W-ECMP weights of those ports. Routes and weights converge
 * separately (reference-model §5: route convergence at r, weights at w), each installing a
 * snapshot of the links then failed.
 *
 * <p>The up ports of a switch towards destination ToR T: a switch above T (a tier above the
 * ToRs) sends down, never up, so all its up ports weigh 0; otherwise up port j weighs the number
 * of shortest paths through it to T whose every link is up, i.e. those that climb through j
 * (and on through any live up port) to a switch above T and come down from there the one way
 * there is ({@link Links#paths}); it is usable iff the weight is positive. A ToR's own rack is
 * weighed the same way, as if it were reached through the switches above. So in a fat tree,
 * destination ToR T in pod P (positions j, uplinks l, k/2 = h):
 * <ul>
 *   <li>aggregation switch at position p of another pod, uplink l: usable iff its link to core
 *       c = p + h·l, c's link down to the agg at p in P, and that agg's link to T are all up;
 *       weight 1;
 *   <li>ToR of another pod, uplink j: weight = the number of usable uplinks of its agg at j, i.e.
 *       the cores reachable both from that agg and from the symmetric agg in P that still reaches
 *       T (the reference's reachable-core count); usable iff the weight is positive;
 *   <li>ToR of pod P: uplink j usable (weight 1) iff its link and the agg at j's link to T are up.
 * </ul>
 * Leaf-spine: leaf uplink s usable (weight 1) iff both the source's and the destination leaf's
 * links to spine s are up. Hosts' source routes (Host DR) are checked link by link the same way.
 *
 * <p>Switches are identified by their position in the fabric's build order (ToRs / leaves, then
 * aggregation switches, then cores / spines; plane by plane on several planes), which
 * {@link FailureInjector} checks by name. Each plane converges on its own links; a source route
 * that names its plane is checked in that plane, one that names none (the NIC spreads it over
 * every plane) must be usable in all of them.
 */
public final class Convergence implements Routes {
  private final Links links;
  private final Topology topology;
  private boolean[] routesDown; // links routing has converged around
  private boolean[] weightsDown; // null = weights never converged: plain ECMP
  private int epoch;
  private long[][] mask; // [switch][dst ToR]
  private int[][][] weight; // [switch][dst ToR][port]; null when weights never converged
  private int[][] paths; // [switch][dst ToR]: the sum of weight[switch][dst ToR]; null with weight
  private final int[] tierStart; // per switch tier, the id in its plane of its first switch; last, the plane's switches
  private final int switches; // of one plane

  public Convergence(Links links) {
    this.links = links;
    this.topology = links.topology;
    this.routesDown = new boolean[links.count()];
    this.tierStart = new int[topology.tiers() + 1];
    for (int tier = 0; tier < topology.tiers(); tier++) {
      tierStart[tier + 1] = tierStart[tier] + topology.switches(tier);
    }
    this.switches = tierStart[topology.tiers()];
    rebuild();
  }

  /** Routes converge onto this set of failed links. */
  public void convergeRoutes(boolean[] down) {
    routesDown = down.clone();
    epoch++;
    rebuild();
  }

  /** W-ECMP weights converge onto this set of failed links. */
  public void convergeWeights(boolean[] down) {
    weightsDown = down.clone();
    epoch++;
    rebuild();
  }

  @Override
  public int epoch() {
    return epoch;
  }

  @Override
  public long usable(Switch sw, int dst) {
    return mask[sw.id()][dst / links.hostsPerTor];
  }

  @Override
  public int[] weights(Switch sw, int dst) {
    return weight == null ? null : weight[sw.id()][dst / links.hostsPerTor];
  }

  @Override
  public boolean routeUsable(int src, int dst, int route) {
    int named = route >>> 24;
    if (route == Packet.NO_ROUTE || links.planes == 1) {
      return routeUsable(src, dst, route, 0);
    }
    if (named != 0xFF) {
      return routeUsable(src, dst, route, named % links.planes * links.perPlane());
    }
    for (int q = 0; q < links.planes; q++) {
      if (!routeUsable(src, dst, route, q * links.perPlane())) {
        return false;
      }
    }
    return true;
  }

  @Override
  public boolean planeUsable(int src, int dst, int plane) {
    int s = src / links.hostsPerTor;
    int t = dst / links.hostsPerTor;
    return s == t || mask[plane * switches + s][t] != 0;
  }

  @Override
  public int planePaths(int src, int dst, int plane) {
    if (weight == null) {
      return -1;
    }
    int s = src / links.hostsPerTor;
    int t = dst / links.hostsPerTor;
    if (s == t) {
      return 1;
    }
    return paths[plane * switches + s][t];
  }

  /**
   * {@link #routeUsable(int, int, int)} in the plane whose links start at id {@code base}: the
   * ToR's up port the route names, and each tier's above it up to a switch above the destination
   * (where a tier's byte is 0xFF, any live way on), then the way down, all up.
   */
  private boolean routeUsable(int src, int dst, int route, int base) {
    int s = src / links.hostsPerTor;
    int t = dst / links.hostsPerTor;
    if (route == Packet.NO_ROUTE || s == t) {
      return true;
    }
    int first = t * links.hostsPerTor;
    int sw = s;
    int tier = 0;
    while (!topology.isAbove(tier, sw, first)) {
      int j = (route >>> (8 * tier)) & 0xFF;
      if (j == 0xFF && tier > 0) {
        return pathsFrom(routesDown, base, tier, sw, first) > 0;
      }
      if (j >= topology.upPorts(tier) || !up(routesDown, base, links.up(tier, sw, j))) {
        return false;
      }
      sw = topology.upNeighbour(tier, sw, j);
      tier++;
    }
    return descends(routesDown, base, tier, sw, first);
  }

  /**
   * The up ports of {@code sw} towards host {@code dst} that lead to it with the links of
   * {@code down} failed: the mask routes converged on {@code down} would give.
   */
  long usableWith(boolean[] down, Switch sw, int dst) {
    int s = sw.id() % switches;
    int[] w = portWeights(down, sw.id() / switches * links.perPlane(), s, dst / links.hostsPerTor);
    long m = 0;
    for (int i = 0; i < w.length; i++) {
      m |= w[i] > 0 ? 1L << i : 0;
    }
    return m;
  }

  /**
   * The per-port path counts of {@code sw}'s up ports towards host {@code dst} with the links of
   * {@code down} failed: the W-ECMP weights weights converged on {@code down} would give.
   */
  int[] weightsWith(boolean[] down, Switch sw, int dst) {
    return portWeights(down, sw.id() / switches * links.perPlane(), sw.id() % switches, dst / links.hostsPerTor);
  }

  /** Whether {@code sw} is a ToR (of any plane). */
  boolean isTor(Switch sw) {
    return sw.id() % switches < tierStart[1];
  }

  /** Switch ids over every plane (ids run from 0). */
  int switchIds() {
    return switches * links.planes;
  }

  /** Whether {@code sw} is above the ToRs and below the top tier, as a fat tree's aggregation switch (of any plane). */
  boolean isAgg(Switch sw) {
    int s = sw.id() % switches;
    return s >= tierStart[1] && s < tierStart[topology.tiers() - 1];
  }

  /** Up ports of {@code sw}, as its tier has them. */
  int upPorts(Switch sw) {
    return topology.upPorts(tierOf(sw.id() % switches));
  }

  /** The switch tier of the switch with id {@code sw} in its plane. */
  private int tierOf(int sw) {
    int tier = 0;
    while (sw >= tierStart[tier + 1]) {
      tier++;
    }
    return tier;
  }

  /** The W-ECMP weights of ToR {@code tor}'s uplinks towards ToR {@code dstTor} under the converged weights (tests, docs). */
  public int[] torWeights(int tor, int dstTor) { // plane 0's ToR ids are the ToR numbers
    return weight == null ? null : weight[tor][dstTor].clone();
  }

  private void rebuild() {
    int tors = topology.tors();
    int all = switches * links.planes;
    mask = new long[all][tors];
    weight = weightsDown == null ? null : new int[all][tors][];
    paths = weightsDown == null ? null : new int[all][tors];
    int[] routesReach = new int[switches];
    int[] weightsReach = new int[switches];
    for (int q = 0; q < links.planes; q++) {
      int base = q * links.perPlane();
      for (int t = 0; t < tors; t++) {
        reach(routesDown, base, t, routesReach);
        if (weight != null) {
          reach(weightsDown, base, t, weightsReach);
        }
        for (int s = 0; s < switches; s++) {
          int sw = q * switches + s;
          int[] w = portWeights(routesDown, base, s, t, routesReach);
          long m = 0;
          for (int i = 0; i < w.length; i++) {
            m |= w[i] > 0 ? 1L << i : 0;
          }
          mask[sw][t] = m;
          if (weight != null) {
            weight[sw][t] = portWeights(weightsDown, base, s, t, weightsReach);
            paths[sw][t] = java.util.Arrays.stream(weight[sw][t]).sum();
          }
        }
      }
    }
  }

  /**
   * Fills {@code reach} with, per switch of the plane whose links start at id {@code base} (by its
   * id in the plane), the live shortest paths from it to ToR {@code t}: {@link #pathsFrom} for
   * every switch at once, the top tier first.
   */
  private void reach(boolean[] down, int base, int t, int[] reach) {
    int first = t * links.hostsPerTor;
    for (int tier = topology.tiers() - 1; tier >= 0; tier--) {
      for (int i = 0, s = tierStart[tier]; s < tierStart[tier + 1]; i++, s++) {
        if (topology.isAbove(tier, i, first)) {
          reach[s] = descends(down, base, tier, i, first) ? 1 : 0;
          continue;
        }
        int n = 0;
        for (int l = 0; l < topology.upPorts(tier); l++) {
          if (up(down, base, links.up(tier, i, l))) {
            n += reach[tierStart[tier + 1] + topology.upNeighbour(tier, i, l)];
          }
        }
        reach[s] = n;
      }
    }
  }

  /**
   * Paths to destination ToR {@code t} through each up port of the switch with id {@code sw} in
   * its plane (empty for top-tier switches, all 0 for a switch above ToR {@code t}).
   */
  private int[] portWeights(boolean[] down, int base, int sw, int t) {
    return portWeights(down, base, sw, t, null);
  }

  /**
   * As {@link #portWeights(boolean[], int, int, int)}, the paths from each switch of the tier
   * above given by {@code reach} (null: counted here).
   */
  private int[] portWeights(boolean[] down, int base, int sw, int t, int[] reach) {
    int tier = tierOf(sw);
    int index = sw - tierStart[tier];
    int first = t * links.hostsPerTor;
    int[] w = new int[topology.upPorts(tier)];
    if (tier > 0 && topology.isAbove(tier, index, first)) {
      return w; // the destination is below: traffic goes down, never up
    }
    for (int j = 0; j < w.length; j++) {
      if (up(down, base, links.up(tier, index, j))) {
        int upper = topology.upNeighbour(tier, index, j);
        w[j] = reach != null ? reach[tierStart[tier + 1] + upper] : pathsFrom(down, base, tier + 1, upper, first);
      }
    }
    return w;
  }

  /**
   * Live shortest paths from switch {@code sw} of {@code tier} to host {@code dst}: on up through
   * live links until above it, then down.
   */
  private int pathsFrom(boolean[] down, int base, int tier, int sw, int dst) {
    if (topology.isAbove(tier, sw, dst)) {
      return descends(down, base, tier, sw, dst) ? 1 : 0;
    }
    int n = 0;
    for (int l = 0; l < topology.upPorts(tier); l++) {
      if (up(down, base, links.up(tier, sw, l))) {
        n += pathsFrom(down, base, tier + 1, topology.upNeighbour(tier, sw, l), dst);
      }
    }
    return n;
  }

  /** Whether the way down from switch {@code sw} of {@code tier}, above host {@code dst}, to dst's ToR is up. */
  private boolean descends(boolean[] down, int base, int tier, int sw, int dst) {
    for (int x = sw, d = tier; d > 0; d--) {
      int port = topology.downPortTowards(d, x, dst);
      if (!up(down, base, links.down(d, x, port))) {
        return false;
      }
      x = topology.downNeighbour(d, x, port);
    }
    return true;
  }

  /** Whether link {@code id} (its id in plane 0) of the plane whose ids start at {@code base} is up. */
  private static boolean up(boolean[] down, int base, int id) {
    return !down[base + id];
  }
}
