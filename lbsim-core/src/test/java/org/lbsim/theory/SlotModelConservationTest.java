package org.lbsim.theory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Every packet is delivered, and no faster than its path allows: packet i enters its first queue in slot i and one
 * switch hop takes one slot, so a flow of m packets over h switch egress queues (5 across pods, 3 in a pod, 1 in a ToR)
 * delivers its last packet in slot m − 1 + h − 1, and a run takes at least m + h − 1 slots.
 */
class SlotModelConservationTest {
  private static final int K = 4;

  /** One flow from host 0 to {@code dest}, nobody else sending. */
  private static int[] lone(int dest) {
    int[] d = Traffic.silent(K);
    d[0] = dest;
    return d;
  }

  @Test
  void aLoneFlowTakesExactlyMPlusHopsMinusOneSlotsAndNeverQueuesBeyondOne() {
    int m = 100;
    // k = 4: ToR 0 holds hosts 0–1, pod 0 hosts 0–3; host 1 shares the ToR, host 2 the pod, host 15 is in pod 3.
    int[][] destAndHops = {{1, 1}, {2, 3}, {15, 5}};
    for (SlotScheme scheme : SlotScheme.values()) {
      for (ArrivalOrder order : ArrivalOrder.values()) {
        for (int[] dh : destAndHops) {
          Finished run = Finished.run(K, lone(dh[0]), m, scheme, order, 7);
          assertThat(run.queues().slots()).as("%s %s to %d", scheme, order, dh[0]).isEqualTo(m + dh[1] - 1);
          assertThat(run.queues().maxQueue()).isEqualTo(1);
          assertThat(run.delivered()[dh[0]]).isEqualTo(m);
        }
      }
    }
  }

  @Test
  void aLoneCrossPodFlowUsesOnePortPerTier() {
    SlotQueues q = SlotModel.run(K, lone(15), 64, SlotScheme.RSQ, ArrivalOrder.FIXED, 3);
    assertThat(q.maxByTier()).containsOnlyKeys("tor-up", "agg-up", "core-down", "agg-down", "tor-down");
    assertThat(q.maxByTier().values()).containsOnly(1);
    // 16 ports per tier at k = 4; RSQ spreads the flow over the up ports, but one port per tier towards host 15.
    assertThat(q.meanMaxByTier().get("core-down")).isBetween(1.0 / 16, 4.0 / 16);
    assertThat(q.meanMaxByTier().get("tor-down")).isEqualTo(1.0 / 16);
  }

  @Test
  void aPermutationDeliversEveryPacketToItsDestination() {
    int m = 50;
    for (int k : new int[] {4, 8}) {
      int[] d = Traffic.derangement(Traffic.hosts(k), k);
      d[5] = -1; // host 5 stays silent, so d's image misses one host
      for (SlotScheme scheme : SlotScheme.values()) {
        for (ArrivalOrder order : ArrivalOrder.values()) {
          Finished run = Finished.run(k, d, m, scheme, order, 11);
          long[] expected = new long[d.length];
          for (int dest : d) {
            if (dest >= 0) {
              expected[dest] += m;
            }
          }
          for (int h = 0; h < d.length; h++) {
            assertThat(run.delivered()[h]).as("k=%d %s %s host %d", k, scheme, order, h).isEqualTo(expected[h]);
          }
          assertThat(run.queues().slots()).isGreaterThanOrEqualTo(m + 5 - 1);
        }
      }
    }
  }

  @Test
  void nothingSentTakesNoSlots() {
    for (ArrivalOrder order : ArrivalOrder.values()) {
      SlotQueues q = SlotModel.run(K, Traffic.silent(K), 10, SlotScheme.JSQ, order, 1);
      assertThat(q.slots()).isZero();
      assertThat(q.maxQueue()).isZero();
    }
  }

  @Test
  void phasesHaveNoQueueInASlot() {
    assertThatThrownBy(() -> SlotModel.meanQueueAt(K, lone(15), 5, SlotScheme.JSQ, ArrivalOrder.PHASED, 1, 2))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not PHASED");
  }

  /** A finished run of either kind: its measures and the packets each host received. */
  private record Finished(SlotQueues queues, long[] delivered) {
    static Finished run(int k, int[] d, int m, SlotScheme scheme, ArrivalOrder order, long seed) {
      long[] got = new long[d.length];
      if (order == ArrivalOrder.PHASED) {
        PhasedRun r = new PhasedRun(k, d, m, scheme, seed);
        SlotQueues q = r.run();
        for (int h = 0; h < d.length; h++) {
          got[h] = r.delivered(h);
        }
        return new Finished(q, got);
      }
      SlotRun r = new SlotRun(k, d, m, scheme, order, seed).run(-1);
      for (int h = 0; h < d.length; h++) {
        got[h] = r.delivered(h);
      }
      return new Finished(r.queues(), got);
    }
  }

  @Test
  void theSameInputsGiveEqualResults() {
    int[] d = Traffic.derangement(128, 4);
    for (SlotScheme scheme : SlotScheme.values()) {
      for (ArrivalOrder order : ArrivalOrder.values()) {
        SlotQueues a = SlotModel.run(8, d, 300, scheme, order, 42);
        SlotQueues b = SlotModel.run(8, d.clone(), 300, scheme, order, 42);
        assertThat(a).isEqualTo(b);
        if (order != ArrivalOrder.PHASED) {
          assertThat(SlotModel.meanQueueAt(8, d, 300, scheme, order, 42, 200))
              .isEqualTo(SlotModel.meanQueueAt(8, d, 300, scheme, order, 42, 200));
        }
      }
    }
  }

  @Test
  void randomSchemesDependOnTheSeed() {
    int[] d = Traffic.derangement(128, 4);
    assertThat(SlotModel.run(8, d, 300, SlotScheme.RSQ, ArrivalOrder.FIXED, 1))
        .isNotEqualTo(SlotModel.run(8, d, 300, SlotScheme.RSQ, ArrivalOrder.FIXED, 2));
  }

  @Test
  void designNamesMapToTheirModels() {
    assertThat(SlotScheme.forDesign("simple-rr")).isEqualTo(SlotScheme.SIMPLE_RR);
    assertThat(SlotScheme.forDesign("jsq")).isEqualTo(SlotScheme.JSQ);
    assertThat(SlotScheme.forDesign("rsq")).isEqualTo(SlotScheme.RSQ);
    assertThat(SlotScheme.forDesign("host-spray")).isEqualTo(SlotScheme.RSQ);
    assertThat(SlotScheme.forDesign("host-dr")).isEqualTo(SlotScheme.HOST_DR);
    assertThat(SlotScheme.forDesign("ofan")).isEqualTo(SlotScheme.OFAN);
    assertThat(SlotScheme.forDesign("ecmp")).isNull();
    assertThat(SlotScheme.forDesign(null)).isNull();
  }

  @Test
  void malformedInputsAreRejected() {
    assertThatThrownBy(() -> SlotModel.run(5, new int[31], 1, SlotScheme.RSQ, ArrivalOrder.FIXED, 1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> SlotModel.run(K, new int[15], 1, SlotScheme.RSQ, ArrivalOrder.FIXED, 1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> SlotModel.run(K, lone(0), 1, SlotScheme.RSQ, ArrivalOrder.FIXED, 1))
        .hasMessageContaining("host 0 cannot send to 0");
    assertThatThrownBy(() -> SlotModel.run(K, lone(16), 1, SlotScheme.RSQ, ArrivalOrder.FIXED, 1))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void randomWalkQueueIsAppendixD() {
    assertThat(SlotModel.randomWalkQueue(8, 1024)).isCloseTo(Math.sqrt(0.75) * Math.sqrt(2048 / Math.PI),
        org.assertj.core.data.Offset.offset(1e-12));
    assertThat(SlotModel.randomWalkQueue(2, 1024)).isZero();
  }
}
