package org.lbsim.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CollectivesTest {

  @Test
  void allToAllOfFourHostsHasEveryOrderedPairOnce() {
    List<FlowSpec> flows = Collectives.allToAll(4, 1000);

    assertThat(flows).hasSize(12);
    Set<List<Integer>> pairs = new HashSet<>();
    for (int i = 0; i < flows.size(); i++) {
      FlowSpec f = flows.get(i);
      assertThat(f.id()).isEqualTo(i);
      assertThat(f.src()).isNotEqualTo(f.dst());
      assertThat(f.bytes()).isEqualTo(1000);
      assertThat(f.startPs()).isZero();
      assertThat(f.stage()).isZero();
      assertThat(f.depCount()).isZero();
      pairs.add(List.of(f.src(), f.dst()));
    }
    assertThat(pairs).hasSize(12);
  }

  @Test
  void allToAllIsOrderedBySourceThenDestination() {
    List<FlowSpec> flows = Collectives.allToAll(3, 1);

    assertThat(flows).extracting(f -> f.src() + "->" + f.dst())
        .containsExactly("0->1", "0->2", "1->0", "1->2", "2->0", "2->1");
  }

  @Test
  void allToAllOf128HostsHas16256Flows() {
    assertThat(Collectives.allToAll(128, 1 << 20)).hasSize(16_256);
  }

  @Test
  void permutationIsADerangementWithDenseIds() {
    List<FlowSpec> flows = Collectives.permutation(128, 2_097_152, new SplittableRandom(7));

    assertThat(flows).hasSize(128);
    boolean[] received = new boolean[128];
    for (int i = 0; i < 128; i++) {
      FlowSpec f = flows.get(i);
      assertThat(f.id()).isEqualTo(i);
      assertThat(f.src()).isEqualTo(i);
      assertThat(f.dst()).isNotEqualTo(i).isBetween(0, 127);
      assertThat(received[f.dst()]).as("host %d receives twice", f.dst()).isFalse();
      received[f.dst()] = true;
      assertThat(f.bytes()).isEqualTo(2_097_152);
    }
  }

  @Test
  void permutationIsReproducibleForASeedAndDiffersForAnother() {
    List<FlowSpec> a = Collectives.permutation(128, 1, new SplittableRandom(42));
    List<FlowSpec> b = Collectives.permutation(128, 1, new SplittableRandom(42));
    List<FlowSpec> c = Collectives.permutation(128, 1, new SplittableRandom(43));

    assertThat(a).isEqualTo(b);
    assertThat(a).isNotEqualTo(c);
  }

  @Test
  void crossPodPermutationIsADerangementInWhichEveryFlowLeavesItsPod() {
    for (int seed = 1; seed <= 20; seed++) {
      List<FlowSpec> flows = Collectives.crossGroupPermutation(128, 16, 1, new SplittableRandom(seed));
      boolean[] received = new boolean[128];
      for (int i = 0; i < 128; i++) {
        FlowSpec f = flows.get(i);
        assertThat(f.id()).isEqualTo(i);
        assertThat(f.src()).isEqualTo(i);
        assertThat(f.dst() / 16).as("seed %d flow %d", seed, i).isNotEqualTo(i / 16);
        assertThat(received[f.dst()]).isFalse();
        received[f.dst()] = true;
      }
    }
    assertThat(Collectives.crossGroupPermutation(128, 16, 1, new SplittableRandom(5)))
        .isEqualTo(Collectives.crossGroupPermutation(128, 16, 1, new SplittableRandom(5)))
        .isNotEqualTo(Collectives.crossGroupPermutation(128, 16, 1, new SplittableRandom(6)));
  }

  @Test
  void crossPodPermutationOfTwoPodsCrossesAndOnePodIsRefused() {
    List<FlowSpec> flows = Collectives.crossGroupPermutation(4, 2, 1, new SplittableRandom(1));
    assertThat(flows).allSatisfy(f -> assertThat(f.dst() / 2).isNotEqualTo(f.src() / 2));
    assertThatThrownBy(() -> Collectives.crossGroupPermutation(8, 8, 1, new SplittableRandom(1)))
        .hasMessageContaining("at least 2 groups");
  }

  @Test
  void permutationOfTwoHostsIsTheSwap() {
    List<FlowSpec> flows = Collectives.permutation(2, 5, new SplittableRandom(1));

    assertThat(flows).extracting(FlowSpec::dst).containsExactly(1, 0);
  }

  @Test
  void permutationOfThreeHostsReachesBothDerangementsAboutEquallyOften() {
    // 3 hosts have exactly two derangements: the two 3-cycles.
    SplittableRandom rng = new SplittableRandom(2024);
    int firstCycle = 0;
    int trials = 4000;
    for (int t = 0; t < trials; t++) {
      int[] p = Collectives.randomDerangement(3, rng);
      assertThat(p).isIn(new int[] {1, 2, 0}, new int[] {2, 0, 1});
      if (p[0] == 1) {
        firstCycle++;
      }
    }
    // Binomial(4000, 1/2) has standard deviation ~32; 200 is > 6 sigma.
    assertThat(firstCycle).isBetween(1800, 2200);
  }

  @Test
  void incastSendsOneFlowPerSenderToTheReceiver() {
    List<FlowSpec> flows = Collectives.incast(new int[] {3, 5, 9}, 0, 4096);

    assertThat(flows).extracting(FlowSpec::id).containsExactly(0, 1, 2);
    assertThat(flows).extracting(FlowSpec::src).containsExactly(3, 5, 9);
    assertThat(flows).allSatisfy(f -> {
      assertThat(f.dst()).isZero();
      assertThat(f.bytes()).isEqualTo(4096);
      assertThat(f.depCount()).isZero();
    });
  }

  @Test
  void rejectsArgumentsWithActionableMessages() {
    assertThatThrownBy(() -> Collectives.permutation(1, 10, new SplittableRandom(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("permutation needs at least 2 hosts, got 1");
    assertThatThrownBy(() -> Collectives.allToAll(4, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("all-to-all message size must be positive, got 0 bytes");
    assertThatThrownBy(() -> Collectives.incast(new int[] {1, 2}, 2, 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("receiver 2 is also listed as a sender");
    assertThatThrownBy(() -> Collectives.incast(new int[] {1, 4, 1}, 0, 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("incast: host 1 is listed twice (positions 0 and 2); every sender must be a different host");
    assertThatThrownBy(() -> Collectives.incast(new int[0], 0, 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("incast needs at least 1 sender, got none");
  }

  @Test
  void returnedListsAreUnmodifiable() {
    List<FlowSpec> flows = Collectives.allToAll(2, 1);

    assertThatThrownBy(() -> flows.remove(0)).isInstanceOf(UnsupportedOperationException.class);
  }
}
