package org.lbsim.failure;

import org.lbsim.topo.Topology;

/**
 * The W-ECMP weights the study's simulator gives its ToRs when weights converge (profile:
 * reference): one weight per uplink, the same for every destination. For each failed link of
 * link tier 2 (a fat tree's agg–core links), with q the position in its pod of the link's agg
 * (the up port its ToRs reach it by), which the reference takes for a pod number, every ToR
 * weighs its uplink j by the live up links of agg j of pod q (the switch up port j of pod q's
 * first ToR reaches): for a ToR of pod q the live uplinks of its own agg j, for a ToR of another
 * pod the cores at position j whose link down to pod q's agg j is up. The weights of several
 * failed links add up, each failure's weights being appended to the same entries. Failed links
 * of other tiers, which the reference never fails, add nothing; a plane without a failed tier-2
 * link (every plane of a two-tier fabric) keeps the per-destination weights of
 * {@link Convergence} (null here).
 */
final class ReferenceTorWeights {
  private ReferenceTorWeights() {}

  /** Per switch id over every plane: a ToR's weights, or null (not a ToR, or no tier-2 link of its plane failed). */
  static int[][] of(Links links, int[] failed, boolean[] down) {
    Topology t = links.topology;
    int perPlaneSwitches = 0;
    for (int tier = 0; tier < t.tiers(); tier++) {
      perPlaneSwitches += t.switches(tier);
    }
    int[][] w = new int[perPlaneSwitches * links.planes][];
    for (int id : failed) {
      if (links.tier(id) != 2) {
        continue;
      }
      int plane = links.plane(id);
      int base = plane * links.perPlane();
      int q = t.downNeighbourUpPort(1, links.lower(id), 0);
      int podTor = t.torOf(q * t.hostsBelow(1)); // the first ToR of pod q
      int ups = t.upPorts(0);
      for (int tor = 0; tor < t.tors(); tor++) {
        int sw = plane * perPlaneSwitches + tor;
        if (w[sw] == null) {
          w[sw] = new int[ups];
        }
        for (int j = 0; j < ups; j++) {
          int aggQj = t.upNeighbour(0, podTor, j);
          for (int l = 0; l < t.upPorts(1); l++) {
            w[sw][j] += down[base + links.up(1, aggQj, l)] ? 0 : 1;
          }
        }
      }
    }
    return w;
  }
}
