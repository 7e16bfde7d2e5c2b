package org.lbsim.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class RingCollectivesTest {

  @Test
  void allReduceSendsTwoNMinusOneChunksPerRank() {
    int n = 8;
    long buffer = 1_000_003; // not a multiple of 8: the chunk rounds up to 125,001
    List<FlowSpec> flows = Collectives.ringAllReduce(n, buffer);

    assertThat(flows).hasSize(2 * (n - 1) * n);
    long[] sent = new long[n];
    long[] received = new long[n];
    for (FlowSpec f : flows) {
      sent[f.src()] += f.bytes();
      received[f.dst()] += f.bytes();
    }
    for (int r = 0; r < n; r++) {
      assertThat(sent[r]).isEqualTo(2L * (n - 1) * 125_001);
      assertThat(received[r]).isEqualTo(2L * (n - 1) * 125_001);
    }
  }

  @Test
  void reduceScatterAndAllGatherHaveNMinusOneStepsOfOneChunk() {
    List<FlowSpec> rs = Collectives.ringReduceScatter(4, 1024);
    List<FlowSpec> ag = Collectives.ringAllGather(4, 1024);

    assertThat(rs).hasSize(12).allSatisfy(f -> assertThat(f.bytes()).isEqualTo(256));
    assertThat(ag).isEqualTo(rs);
    assertThat(rs.get(rs.size() - 1).stage()).isEqualTo(2);
  }

  @Test
  void eachStepWaitsForThePreviousStepIntoItsSenderAndForItsSlot() {
    int[] ring = {5, 2, 7, 0};
    int n = ring.length;
    List<FlowSpec> flows = Collectives.ringAllReduce(ring, 4000);

    for (int s = 0; s < 2 * (n - 1); s++) {
      for (int i = 0; i < n; i++) {
        FlowSpec f = flows.get(s * n + i);
        assertThat(f.id()).isEqualTo(s * n + i);
        assertThat(f.src()).isEqualTo(ring[i]);
        assertThat(f.dst()).isEqualTo(ring[(i + 1) % n]);
        assertThat(f.stage()).isEqualTo(s);
        if (s == 0) {
          assertThat(f.deps()).isEmpty();
        } else {
          assertThat(f.deps()).hasSize(s < 4 ? 1 : 2); // from step 4 on, also its hop's slot: step s-4's flow
          FlowSpec dep = flows.get(f.dep(0));
          assertThat(dep.stage()).isEqualTo(s - 1);
          assertThat(dep.dst()).isEqualTo(f.src());
          if (s >= 4) {
            assertThat(flows.get(f.dep(1))).isEqualTo(flows.get((s - 4) * n + i));
          }
        }
      }
    }
  }

  @Test
  void stepZeroOfPositionZeroIsTheFirstFlowAndStepOneWaitsOnTheLastPosition() {
    List<FlowSpec> flows = Collectives.ringReduceScatter(3, 300);

    assertThat(flows.get(0)).isEqualTo(FlowSpec.independent(0, 0, 1, 100, 0));
    assertThat(flows.get(3)).isEqualTo(new FlowSpec(3, 0, 1, 100, 0, new int[] {2}, 1));
  }

  @Test
  void twoRanksGiveOneStepEachWay() {
    List<FlowSpec> flows = Collectives.ringReduceScatter(2, 10);

    assertThat(flows).extracting(f -> f.src() + "->" + f.dst()).containsExactly("0->1", "1->0");
    assertThat(flows).allSatisfy(f -> assertThat(f.bytes()).isEqualTo(5));
  }

  @Test
  void rejectsBadRings() {
    assertThatThrownBy(() -> Collectives.ringAllReduce(1, 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("ring AllReduce needs at least 2 hosts, got 1");
    assertThatThrownBy(() -> Collectives.ringAllGather(new int[] {3}, 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("ring AllGather needs at least 2 ranks, got 1");
    assertThatThrownBy(() -> Collectives.ringReduceScatter(new int[] {0, 3, 1, 3}, 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("ring ReduceScatter: host 3 is listed twice (positions 1 and 3); every rank must be a different host");
    assertThatThrownBy(() -> Collectives.ringAllReduce(new int[] {0, -1}, 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("ring AllReduce rank at position 1 must be a host number >= 0, got -1");
    assertThatThrownBy(() -> Collectives.ringAllReduce(4, -5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("ring AllReduce message size must be positive, got -5 bytes");
  }
}
