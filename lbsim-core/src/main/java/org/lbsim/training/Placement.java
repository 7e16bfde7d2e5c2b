package org.lbsim.training;

import java.util.List;
import java.util.SplittableRandom;

/** Which servers of the cluster each job gets. */
public final class Placement {
  public static final List<String> POLICIES = List.of("packed", "spread", "random");

  private Placement() {}

  /**
   * packed: jobs take consecutive servers, in job order. spread: servers are dealt round-robin,
   * one per job in turn, so jobs interleave (and share ToRs and aggregation switches). random: a
   * seeded shuffle of the servers, then consecutive runs of it as in packed.
   *
   * @param needs servers each job needs
   * @return for each job, its servers in rank order
   */
  public static int[][] place(String policy, int[] needs, int servers, SplittableRandom rng) {
    int total = 0;
    for (int n : needs) {
      total += n;
    }
    if (total > servers) {
      throw new IllegalArgumentException("the jobs need " + total + " servers but the fabric has " + servers);
    }
    int[] order = new int[servers];
    for (int i = 0; i < servers; i++) {
      order[i] = i;
    }
    int[][] out = new int[needs.length][];
    for (int j = 0; j < needs.length; j++) {
      out[j] = new int[needs[j]];
    }
    switch (policy) {
      case "packed", "random" -> {
        if (policy.equals("random")) {
          for (int i = servers - 1; i > 0; i--) {
            int k = rng.nextInt(i + 1);
            int t = order[i];
            order[i] = order[k];
            order[k] = t;
          }
        }
        int next = 0;
        for (int j = 0; j < needs.length; j++) {
          for (int k = 0; k < needs[j]; k++) {
            out[j][k] = order[next++];
          }
        }
      }
      case "spread" -> {
        int[] filled = new int[needs.length];
        int next = 0;
        boolean progress = true;
        while (progress) {
          progress = false;
          for (int j = 0; j < needs.length; j++) {
            if (filled[j] < needs[j]) {
              out[j][filled[j]++] = order[next++];
              progress = true;
            }
          }
        }
      }
      default -> throw new IllegalArgumentException("unknown placement " + policy + " (allowed: " + POLICIES + ")");
    }
    return out;
  }
}
