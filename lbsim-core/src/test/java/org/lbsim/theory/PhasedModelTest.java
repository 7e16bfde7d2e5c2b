package org.lbsim.theory;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Phases within the slot make JSQ sticky. With every host at its own phase, the uplink a host used one slot before
 * finishes sending its packet exactly when the host's next packet arrives, while the uplinks that hosts later in the
 * slot took are still sending theirs: the host's own uplink is the unique shortest, so every flow keeps its first
 * path and sticky flows collide on downlinks as under Simple RR, Θ(m). Counted at slot boundaries (FIXED or SHUFFLED)
 * every slot starts with idle uplinks, and JSQ is a fresh random matching: a random walk, Θ(√m).
 */
class PhasedModelTest {
  private static final int K = 8;

  private static int maxQueue(SlotScheme scheme, ArrivalOrder order, int m, long seed) {
    return SlotModel.run(K, Traffic.derangement(Traffic.hosts(K), seed), m, scheme, order, seed).maxQueue();
  }

  @Test
  void jsqWithPhasesGrowsLinearlyWithTheMessage() {
    for (long seed = 1; seed <= 3; seed++) {
      int small = maxQueue(SlotScheme.JSQ, ArrivalOrder.PHASED, 128, seed);
      int large = maxQueue(SlotScheme.JSQ, ArrivalOrder.PHASED, 1024, seed);
      // 8x the message: a linear queue grows about 8x, a random walk's about sqrt(8) = 2.8x
      assertThat((double) large / small).as("seed %d: %d -> %d", seed, small, large).isGreaterThan(6);
      assertThat(large).as("seed %d", seed).isGreaterThan(1024);
      for (ArrivalOrder slotted : new ArrivalOrder[] {ArrivalOrder.FIXED, ArrivalOrder.SHUFFLED}) {
        int walk = maxQueue(SlotScheme.JSQ, slotted, 1024, seed);
        assertThat(walk).as("%s seed %d", slotted, seed).isLessThan(1024 / 5);
      }
    }
  }

  @Test
  void phasesLeaveTheRandomWalkAndTheRotationsAsTheyAre() {
    for (long seed = 1; seed <= 3; seed++) {
      // RSQ draws per packet: nothing to stick, sqrt(m) growth (about 2.8x for 8x the message)
      int small = maxQueue(SlotScheme.RSQ, ArrivalOrder.PHASED, 128, seed);
      int large = maxQueue(SlotScheme.RSQ, ArrivalOrder.PHASED, 1024, seed);
      assertThat((double) large / small).as("rsq seed %d: %d -> %d", seed, small, large).isBetween(1.5, 4.5);
      // destination rotation: a superposition of periodic streams at random phases, Appendix E's own premise
      assertThat(maxQueue(SlotScheme.OFAN, ArrivalOrder.PHASED, 1024, seed)).isLessThanOrEqualTo(8);
      assertThat(maxQueue(SlotScheme.HOST_DR, ArrivalOrder.PHASED, 1024, seed)).isLessThanOrEqualTo(12);
    }
  }
}
