package org.lbsim.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.workload.NcclCollective.Algorithm;
import org.lbsim.workload.NcclCollective.Op;

/** NCCL's pipeline as sends: which send waits for which, exactly, for the ring, the chain and the trees. */
class NcclCollectiveTest {
  /** 32 B slots, 8 of them: ring chunks of up to 128 B (2 per hop above 2 B), tree pieces of 64 B (4 per edge), rooted pieces of 32 B (8 per hop). */
  private static final NcclProtocol SMALL = new NcclProtocol(256, 8);

  @Test
  void ncclsDefaultsAreFourMibInEightSlots() {
    assertThat(NcclProtocol.DEFAULT.slotBytes()).isEqualTo(512 * 1024);
    assertThat(NcclProtocol.DEFAULT.ringChunkBytes()).isEqualTo(2 << 20);
    assertThat(NcclProtocol.DEFAULT.ringChunksInFlight(32 * 1024)).isEqualTo(4); // one slice of 2 slots
    assertThat(NcclProtocol.DEFAULT.ringChunksInFlight(32 * 1024 + 1)).isEqualTo(2); // two slices
    assertThat(NcclProtocol.DEFAULT.treePieceBytes()).isEqualTo(1 << 20);
    assertThat(NcclProtocol.DEFAULT.treePiecesInFlight()).isEqualTo(4);
    assertThat(NcclProtocol.DEFAULT.rootedPiecesInFlight()).isEqualTo(8);
  }

  /**
   * A 4-rank ring AllReduce of 1 KiB: two loops of 4 chunks of 128 B, 6 steps each: 2 x 6 x 4 = 48
   * sends, send (l*6 + s)*4 + i being loop l's step s from position i.
   */
  @Test
  void aFourRankPipelinedRingWaitsForItsDataAndItsSlots() {
    List<PipelinedSend> sends = NcclCollective.plan(Op.ALL_REDUCE, Algorithm.RING, 4, 1024, SMALL);
    assertThat(sends).hasSize(48).allSatisfy(s -> {
      assertThat(s.bytes()).isEqualTo(128);
      assertThat(s.to()).isEqualTo((s.from() + 1) % 4);
    });
    for (int i = 0; i < 4; i++) {
      int prev = (i + 3) % 4;
      assertThat(sends.get(at(0, 0, i)).after()).isEmpty();
      // step 1: step 0 into this position; its hop has a free slot (2 chunks fit)
      assertThat(sends.get(at(0, 1, i)).after()).containsExactly(at(0, 0, prev));
      // step 2 is the hop's third chunk: it also waits for the hop's first to have arrived
      assertThat(sends.get(at(0, 2, i)).after()).containsExactly(at(0, 1, prev), at(0, 0, i));
      assertThat(sends.get(at(0, 5, i)).after()).containsExactly(at(0, 4, prev), at(0, 3, i));
      // loop 1 starts at a rank once loop 0's last step has arrived there, and takes the hop's next slot
      assertThat(sends.get(at(1, 0, i)).after()).containsExactly(at(0, 5, prev), at(0, 4, i));
      assertThat(sends.get(at(1, 0, i)).round()).isEqualTo(6);
    }
  }

  private static int at(int loop, int step, int position) {
    return (loop * 6 + step) * 4 + position;
  }

  @Test
  void aRingOfOneLoopIsTheChainOfStepsWithSlots() {
    List<FlowSpec> flows = Collectives.ringAllReduce(new int[] {3, 1, 2, 0}, 4000);
    assertThat(flows).hasSize(6 * 4);
    // step 4 from position 1 (host 1 to host 2): step 3 into position 1 (flow 12), and, 4 chunks of
    // one slice fitting a hop, step 0 on its hop (flow 1)
    assertThat(flows.get(4 * 4 + 1)).isEqualTo(new FlowSpec(17, 1, 2, 1000, 0, new int[] {12, 1}, 4));
  }

  /** 10 slots over a 3-rank chain: piece k on hop h waits for piece k on hop h-1 and for piece k-8 on hop h. */
  @Test
  void aBroadcastChainKeepsEightPiecesInFlightPerHop() {
    List<PipelinedSend> sends = NcclCollective.plan(Op.BROADCAST, Algorithm.RING, 3, 10 * 32 - 5, SMALL);
    assertThat(sends).hasSize(20);
    for (int k = 0; k < 10; k++) {
      PipelinedSend first = sends.get(2 * k);
      PipelinedSend second = sends.get(2 * k + 1);
      assertThat(first.from()).isZero();
      assertThat(first.to()).isEqualTo(1);
      assertThat(second.from()).isEqualTo(1);
      assertThat(second.to()).isEqualTo(2);
      assertThat(first.bytes()).isEqualTo(k < 9 ? 32 : 27);
      assertThat(first.after()).containsExactly(k < 8 ? new int[0] : new int[] {2 * (k - 8)});
      assertThat(second.after()).containsExactly(k < 8 ? new int[] {2 * k} : new int[] {2 * k, 2 * (k - 8) + 1});
    }
    List<PipelinedSend> reduce = NcclCollective.plan(Op.REDUCE, Algorithm.RING, 3, 64, SMALL);
    assertThat(reduce).extracting(PipelinedSend::toString).containsExactly("2->1 32 B after [] round 0",
        "1->0 32 B after [0] round 0", "2->1 32 B after [] round 1", "1->0 32 B after [2] round 1");
  }

  @Test
  void binaryTreesPutTheRootAtPositionZeroAndTheDoubleTreesLeavesInsideTheOther() {
    // labels 1..6: root 4, children 2 and 6; 2 has 1 and 3; 6 has 5
    assertThat(TreePipeline.binaryTree(6, 0)).containsExactly(1, 3, 1, -1, 5, 3);
    int[] rooted = TreePipeline.binaryTree(6, TreePipeline.rootAtZero(6));
    assertThat(rooted[0]).isEqualTo(-1);
    int[] a = TreePipeline.binaryTree(16, 0);
    int[] b = TreePipeline.binaryTree(16, 1);
    int leavesOfBoth = 0;
    for (int i = 0; i < 16; i++) {
      if (isLeaf(a, i) && isLeaf(b, i)) {
        leavesOfBoth++;
      }
    }
    assertThat(leavesOfBoth).isZero();
  }

  private static boolean isLeaf(int[] parent, int v) {
    for (int p : parent) {
      if (p == v) {
        return false;
      }
    }
    return true;
  }

  /** A 4-rank tree AllReduce of one piece (32 B of 64) per tree: up (leaves first), then down from the root once its children's sums are in. */
  @Test
  void aTreeAllReduceReducesUpThenBroadcastsDown() {
    List<PipelinedSend> sends = NcclCollective.plan(Op.ALL_REDUCE, Algorithm.TREE, 4, 64, SMALL);
    // tree A (labels 1..4 = positions 0..3): root 4 -> position 3; 2 -> position 1 under it; 1, 3 under 2
    assertThat(sends.subList(0, 6)).extracting(PipelinedSend::toString).containsExactly(
        "2->1 32 B after [] round 0", "0->1 32 B after [] round 0", "1->3 32 B after [1, 0] round 0",
        "3->1 32 B after [2] round 1", "1->0 32 B after [3] round 1", "1->2 32 B after [3] round 1");
    assertThat(sends).hasSize(12);
    for (PipelinedSend s : sends.subList(6, 12)) { // tree B waits only on its own sends
      for (int j : s.after()) {
        assertThat(j).isGreaterThanOrEqualTo(6);
      }
    }
  }

  @Test
  void theCriticalPathOfAOnePieceRingIsItsStepsInARow() {
    List<PipelinedSend> sends = NcclCollective.plan(Op.ALL_GATHER, Algorithm.RING, 5, 500, SMALL);
    assertThat(sends).hasSize(4 * 5);
    assertThat(NcclCollective.criticalPathPs(sends, s -> 10 * s.bytes())).isEqualTo(4 * 1000);
    // two pieces of 32 B leave the root side by side (8 slots): the longest chain is one piece's 4 hops
    assertThat(NcclCollective.criticalPathPs(NcclCollective.plan(Op.BROADCAST, Algorithm.RING, 5, 64, SMALL),
        PipelinedSend::bytes)).isEqualTo(4 * 32);
  }

  @Test
  void badProtocolsAreRefused() {
    assertThatThrownBy(() -> new NcclProtocol(4 << 20, 6)).hasMessageContaining("multiple of 4");
    assertThatThrownBy(() -> new NcclProtocol(7, 8)).hasMessageContaining("too small");
    assertThatThrownBy(() -> NcclCollective.plan(Op.BROADCAST, Algorithm.RING, 1, 64, SMALL))
        .hasMessageContaining("at least 2 ranks");
  }
}
