package org.lbsim.failure;

import org.lbsim.net.Packet;
import org.lbsim.net.Routes;
import org.lbsim.net.Switch;

/**
 * Routing's converged view of failed links: which up ports of each switch still lead to a
 * destination ToR, and the W-ECMP weights of those ports. Routes and weights converge
 * separately (reference-model §5: route convergence at r, weights at w), each installing a
 * snapshot of the links then failed.
 *
 * <p>Fat tree, destination ToR T in pod P (positions j, uplinks l, k/2 = h):
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
  private boolean[] routesDown; // links routing has converged around
  private boolean[] weightsDown; // null = weights never converged: plain ECMP
  private int epoch;
  private long[][] mask; // [switch][dst ToR]
  private int[][][] weight; // [switch][dst ToR][port]; null when weights never converged
  private int[][] paths; // [switch][dst ToR]: the sum of weight[switch][dst ToR]; null with weight
  private final int switches; // of one plane

  public Convergence(Links links) {
    this.links = links;
    this.routesDown = new boolean[links.count()];
    int all = 0;
    for (int tier = 0; tier < links.topology.tiers(); tier++) {
      all += links.topology.switches(tier);
    }
    this.switches = all;
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

  /** {@link #routeUsable(int, int, int)} in the plane whose links start at id {@code base}. */
  private boolean routeUsable(int src, int dst, int route, int base) {
    int s = src / links.hostsPerTor;
    int t = dst / links.hostsPerTor;
    if (route == Packet.NO_ROUTE || s == t) {
      return true;
    }
    int j = route & 0xFF;
    if (!links.fatTree) {
      return j < links.ups1 && up(routesDown, base, 1, s * links.ups1 + j) && up(routesDown, base, 1, t * links.ups1 + j);
    }
    int h = links.half;
    if (j >= h || !up(routesDown, base, 1, s * h + j)) {
      return false;
    }
    if (s / h == t / h) {
      return up(routesDown, base, 1, t * h + j);
    }
    int l = (route >>> 8) & 0xFF;
    if (l == 0xFF) {
      return pathsViaAgg(routesDown, base, (s / h) * h + j, t) > 0;
    }
    return l < h && up(routesDown, base, 2, ((s / h) * h + j) * h + l) && coreReaches(routesDown, base, j + h * l, t);
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

  /** Whether {@code sw} is a ToR of a fat tree (of any plane). */
  boolean isTor(Switch sw) {
    return links.fatTree && sw.id() % switches < links.lowers1;
  }

  /** Switch ids over every plane (ids run from 0). */
  int switchIds() {
    return switches * links.planes;
  }

  /** Whether {@code sw} is an aggregation switch of a fat tree (of any plane). */
  boolean isAgg(Switch sw) {
    int s = sw.id() % switches;
    return links.fatTree && s >= links.lowers1 && s < links.lowers1 + links.aggs;
  }

  /** The W-ECMP weights of ToR {@code tor}'s uplinks towards ToR {@code dstTor} under the converged weights (tests, docs). */
  public int[] torWeights(int tor, int dstTor) { // plane 0's ToR ids are the ToR numbers
    return weight == null ? null : weight[tor][dstTor].clone();
  }

  private void rebuild() {
    int tors = links.lowers1;
    int all = switches * links.planes;
    mask = new long[all][tors];
    weight = weightsDown == null ? null : new int[all][tors][];
    paths = weightsDown == null ? null : new int[all][tors];
    for (int sw = 0; sw < all; sw++) {
      int base = sw / switches * links.perPlane();
      for (int t = 0; t < tors; t++) {
        int[] w = portWeights(routesDown, base, sw % switches, t);
        long m = 0;
        for (int i = 0; i < w.length; i++) {
          m |= w[i] > 0 ? 1L << i : 0;
        }
        mask[sw][t] = m;
        if (weight != null) {
          weight[sw][t] = portWeights(weightsDown, base, sw % switches, t);
          paths[sw][t] = java.util.Arrays.stream(weight[sw][t]).sum();
        }
      }
    }
  }

  /** Paths to destination ToR {@code t} through each up port of switch {@code sw} (empty for top-tier switches). */
  private int[] portWeights(boolean[] down, int base, int sw, int t) {
    if (!links.fatTree) {
      if (sw >= links.lowers1) {
        return new int[0];
      }
      int[] w = new int[links.ups1];
      for (int s = 0; s < links.ups1; s++) {
        w[s] = up(down, base, 1, sw * links.ups1 + s) && up(down, base, 1, t * links.ups1 + s) ? 1 : 0;
      }
      return w;
    }
    int h = links.half;
    int pod = t / h;
    if (sw < links.lowers1) { // a ToR
      int[] w = new int[h];
      for (int j = 0; j < h; j++) {
        if (!up(down, base, 1, sw * h + j)) {
          continue;
        }
        w[j] = sw / h == pod ? (up(down, base, 1, t * h + j) ? 1 : 0) : pathsViaAgg(down, base, (sw / h) * h + j, t);
      }
      return w;
    }
    if (sw < links.lowers1 + links.aggs) {
      int a = sw - links.lowers1;
      int[] w = new int[h];
      if (a / h == pod) {
        return w; // the destination is below: traffic goes down, never up
      }
      for (int l = 0; l < h; l++) {
        w[l] = up(down, base, 2, a * h + l) && coreReaches(down, base, a % h + h * l, t) ? 1 : 0;
      }
      return w;
    }
    return new int[0];
  }

  /** Usable uplinks of aggregation switch {@code agg} towards ToR {@code t} in another pod. */
  private int pathsViaAgg(boolean[] down, int base, int agg, int t) {
    int h = links.half;
    int n = 0;
    for (int l = 0; l < h; l++) {
      if (up(down, base, 2, agg * h + l) && coreReaches(down, base, agg % h + h * l, t)) {
        n++;
      }
    }
    return n;
  }

  /** Whether core {@code c} reaches ToR {@code t}: its link down to the agg at c mod k/2 in t's pod, and that agg's link to t. */
  private boolean coreReaches(boolean[] down, int base, int c, int t) {
    int h = links.half;
    int agg = (t / h) * h + c % h;
    return up(down, base, 2, agg * h + c / h) && up(down, base, 1, t * h + c % h);
  }

  /** Whether a link of the plane whose ids start at {@code base} is up. */
  private boolean up(boolean[] down, int base, int tier, int index) {
    return !down[base + links.id(tier, index)];
  }
}
