package org.lbsim.theory;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Appendix C: under SIMPLE_RR with FIXED arrival order and every host sending across pods, a ToR takes its k/2 hosts'
 * packets in the same order every slot and its pointer wraps once per slot, so host position i always gets uplink
 * order[(start + i) % (k/2)]; an agg likewise takes one packet from each of its ToRs every slot, so each flow keeps one
 * (agg position, core) path. The core keeps the agg position into the destination pod.
 *
 * <p>The permutation: pod p sends to pod p + 1 (so every core-down port carries one flow), and the test reads each
 * source host's agg position off the documented draw order (the ToRs' pointers are the first draws of the seed), so
 * it can send c of the k/2 flows through each destination agg to one ToR. Those c flows arrive in lockstep, one packet
 * each per slot from slot 3 to m + 2, at an agg-down port that sends one per slot: after the arrivals of slot 3 + j it
 * holds c(j + 1) − j, so its largest is (c − 1)·m + 1, and it empties c·m packets by slot c·m + 2, delivered one slot
 * later: c·m + 4 slots. Every other port carries one flow and holds at most 1.
 */
class AppendixCTest {
  private static final int K = 8;
  private static final int HALF = K / 2;

  /** The agg position ToR t's pointer gives host position i, replaying the SIMPLE_RR draws: each ToR's rotor in order. */
  private static int[][] stickyAggPosition(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int tors = K * HALF;
    int[][] pos = new int[tors][HALF];
    for (int t = 0; t < tors; t++) {
      int[] order = Traffic.shuffled(HALF, r);
      int start = r.nextInt(HALF);
      for (int i = 0; i < HALF; i++) {
        pos[t][i] = order[(start + i) % HALF];
      }
    }
    return pos;
  }

  /**
   * Pod p sends to pod p + 1. A host at agg position pp on the ToR at position r of its pod sends to the ToR at
   * position pp of the next pod when r < c (c = {@code sharing} for pod 0, 1 for the others), else to position
   * (pp + r) % (k/2): each (agg position, destination ToR) pair then carries at most c flows and every ToR receives k/2.
   */
  static int[] sticky(int sharing, long seed) {
    int[][] pos = stickyAggPosition(seed);
    int podHosts = HALF * HALF;
    int[] dest = new int[Traffic.hosts(K)];
    int[] filled = new int[K * HALF];
    for (int h = 0; h < dest.length; h++) {
      int tor = h / HALF;
      int pod = tor / HALF;
      int c = pod == 0 ? sharing : 1;
      int pp = pos[tor][h % HALF];
      int r = tor % HALF;
      int destTor = (pod + 1) % K * HALF + (r < c ? pp : (pp + r) % HALF);
      dest[h] = destTor * HALF + filled[destTor]++;
    }
    return dest;
  }

  @Test
  void theConstructionIsAPermutationAcrossPods() {
    int[] d = sticky(3, 5);
    boolean[] hit = new boolean[d.length];
    for (int h = 0; h < d.length; h++) {
      assertThat(d[h] / 16).isEqualTo((h / 16 + 1) % K);
      assertThat(hit[d[h]]).isFalse();
      hit[d[h]] = true;
    }
  }

  @Test
  void cStickyFlowsOnOneDownlinkGrowItsQueueByCMinusOnePerSlot() {
    for (long seed = 1; seed <= 3; seed++) {
      for (int c = 1; c <= HALF; c++) {
        int[] d = sticky(c, seed);
        for (int m : new int[] {64, 300}) {
          SlotQueues q = SlotModel.run(K, d, m, SlotScheme.SIMPLE_RR, ArrivalOrder.FIXED, seed);
          assertThat(q.maxQueue()).as("seed %d c=%d m=%d", seed, c, m).isEqualTo((c - 1) * m + 1);
          assertThat(q.maxByTier().get("agg-down")).isEqualTo((c - 1) * m + 1);
          assertThat(q.maxByTier()).containsEntry("tor-up", 1).containsEntry("agg-up", 1)
              .containsEntry("core-down", 1).containsEntry("tor-down", 1);
          assertThat(q.slots()).isEqualTo((long) (c == 1 ? 1 : c) * m + 4);
        }
      }
    }
  }

  @Test
  void aRandomDerangementSticksToo() {
    // Not every flow leaves its pod, so the pointers need not wrap every slot; still the queue grows linearly
    // (measured over seeds 1–30: slopes 0.997–1.010).
    long[] ms = {64, 128, 256, 512, 1024};
    for (long seed = 1; seed <= 3; seed++) {
      int[] d = Traffic.derangement(Traffic.hosts(K), seed);
      double[] q = new double[ms.length];
      for (int i = 0; i < ms.length; i++) {
        q[i] = SlotModel.run(K, d, (int) ms[i], SlotScheme.SIMPLE_RR, ArrivalOrder.FIXED, seed).maxQueue();
      }
      assertThat(Traffic.logLogSlope(ms, q)).as("seed %d", seed).isGreaterThan(0.95);
    }
  }

  /** Measured over seeds 1–30: slopes 0.38–0.59, so 0.7 leaves a margin; sticky FIXED runs give 1.00. */
  @Test
  void shufflingTheArrivalsUnsticksThem() {
    long[] ms = {64, 128, 256, 512, 1024};
    for (long seed = 1; seed <= 5; seed++) {
      int[] d = sticky(HALF, seed);
      double[] q = new double[ms.length];
      for (int i = 0; i < ms.length; i++) {
        q[i] = SlotModel.run(K, d, (int) ms[i], SlotScheme.SIMPLE_RR, ArrivalOrder.SHUFFLED, seed).maxQueue();
      }
      assertThat(Traffic.logLogSlope(ms, q)).as("seed %d", seed).isLessThan(0.7);
    }
  }
}
