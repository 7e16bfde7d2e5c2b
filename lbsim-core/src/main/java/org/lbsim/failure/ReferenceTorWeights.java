package org.lbsim.failure;

/**
 * The W-ECMP weights the study's simulator gives its ToRs when weights converge (profile:
 * reference): one weight per uplink, the same for every destination. For each failed agg–core
 * link, with q the position in its pod of the link's agg (which the reference takes for a pod
 * number), a ToR of pod q weighs its uplink to agg j by the live uplinks of agg j in pod q, and a
 * ToR of any other pod by the cores at position j whose link down to agg j of pod q is up; both
 * count the live links of agg j of pod q. The weights of several failed links add up, each
 * failure's weights being appended to the same entries. Failed links of other tiers, which the
 * reference never fails, add nothing; a plane without a failed agg–core link keeps the
 * per-destination weights of {@link Convergence} (null here).
 */
final class ReferenceTorWeights {
  private ReferenceTorWeights() {}

  /** Per switch id over every plane: a ToR's weights, or null (not a ToR, or no agg–core link of its plane failed). */
  static int[][] of(Links links, int[] failed, boolean[] down) {
    int h = links.half;
    int perPlaneSwitches = links.lowers1 + links.aggs + links.cores;
    int[][] w = new int[perPlaneSwitches * links.planes][];
    for (int id : failed) {
      if (!links.fatTree || links.tier1(id)) {
        continue;
      }
      int plane = links.plane(id);
      int base = plane * links.perPlane();
      int agg = (id - base - links.tier1Count()) / h;
      int q = agg % h;
      for (int t = 0; t < links.lowers1; t++) {
        int sw = plane * perPlaneSwitches + t;
        if (w[sw] == null) {
          w[sw] = new int[h];
        }
        for (int j = 0; j < h; j++) {
          int aggQj = q * h + j;
          for (int l = 0; l < h; l++) {
            w[sw][j] += down[base + links.id(2, aggQj * h + l)] ? 0 : 1;
          }
        }
      }
    }
    return w;
  }
}
