package org.lbsim.training.chakra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.lbsim.training.chakra.TraceWriter.collective;
import static org.lbsim.training.chakra.TraceWriter.compute;
import static org.lbsim.training.chakra.TraceWriter.pointToPoint;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.training.Cluster;
import org.lbsim.training.CommGraph;
import org.lbsim.training.chakra.proto.ChakraEt.Node;
import org.lbsim.workload.FlowSpec;
import org.lbsim.workload.NcclCollective;
import org.lbsim.workload.NcclProtocol;

/** A trace's nodes as flows and local steps: matching across ranks, process groups, rooted collectives, refusals. */
class TraceGraphTest {
  @TempDir
  Path dir;

  /** Builds the trace of {@code ranks} with one GPU per server (every transfer on the fabric), ring, 1 channel. */
  private CommGraph.Compiled build(List<List<Node>> ranks) throws IOException {
    Path prefix = dir.resolve("t");
    TraceWriter.write(prefix, ranks);
    ChakraTrace trace = ChakraTrace.read(prefix);
    CommGraph g = new CommGraph(new Cluster(ranks.size(), 1, false), 3_600_000_000_000L);
    int[] gpu = new int[ranks.size()];
    java.util.Arrays.setAll(gpu, i -> i);
    g.join(new TraceGraph(trace, g, gpu, "ring", 1, NcclProtocol.DEFAULT, NcclCollective.Algorithm.RING).build());
    return g.compile();
  }

  @Test
  void aSendBecomesOneFlowThatItsReceiveAndTheReceiversNextNodeWaitFor() throws IOException {
    CommGraph.Compiled c = build(List.of(
        List.of(compute(1, "produce", 3), pointToPoint(2, true, 0, 1, 1000, 1)),
        List.of(pointToPoint(1, false, 0, 1, 1000), compute(2, "consume", 4, 1))));
    assertThat(c.flows()).hasSize(1);
    FlowSpec f = c.flows().get(0);
    assertThat(f.src()).isZero();
    assertThat(f.dst()).isEqualTo(1);
    assertThat(f.bytes()).isEqualTo(1000);
    assertThat(f.deps()).hasSize(1); // the compute of 3 us
    assertThat(c.steps().get(f.deps()[0] - 1).durationPs()).isEqualTo(3_000_000L);
    // the consumer's compute (4 us) waits for the receive, which waits for the flow
    long consumer = c.steps().stream().filter(s -> s.durationPs() == 4_000_000L).findFirst().orElseThrow().deps()[0];
    assertThat(c.steps().get((int) consumer - 1).deps()).contains(0);
  }

  @Test
  void eachProcessGroupRunsItsCollectivesAmongItsOwnMembers() throws IOException {
    List<List<Node>> ranks = new ArrayList<>();
    for (int r = 0; r < 4; r++) {
      ranks.add(List.of(collective(1, "ar", TraceWriter.ALL_REDUCE, 4000, r < 2 ? "a" : "b")));
    }
    CommGraph.Compiled c = build(ranks);
    assertThat(c.flows()).hasSize(2 * 2 * 2); // per group: 2 ranks x 2 steps (ReduceScatter + AllGather)
    for (FlowSpec f : c.flows()) {
      assertThat(f.src() / 2).as("flow %s stays in its group", f).isEqualTo(f.dst() / 2);
      assertThat(f.bytes()).isEqualTo(2000);
    }
  }

  @Test
  void aBroadcastStreamsSlotsDownTheChainFromTheGroupsFirstRank() throws IOException {
    List<List<Node>> ranks = new ArrayList<>();
    for (int r = 0; r < 4; r++) {
      ranks.add(List.of(collective(1, "bcast", TraceWriter.BROADCAST, 1_200_000, "")));
    }
    CommGraph.Compiled c = build(ranks);
    assertThat(c.flows()).hasSize(3 * 3); // 3 hops x 3 pieces of one 512 KiB slot: 524,288 + 524,288 + 151,424
    for (FlowSpec f : c.flows()) {
      assertThat(f.dst()).isEqualTo(f.src() + 1);
    }
    assertThat(c.flows()).extracting(FlowSpec::bytes).containsExactly(524_288L, 524_288L, 524_288L, 524_288L,
        524_288L, 524_288L, 151_424L, 151_424L, 151_424L);
    List<List<Node>> reduce = new ArrayList<>();
    for (int r = 0; r < 4; r++) {
      reduce.add(List.of(collective(1, "reduce", TraceWriter.REDUCE, 4000, "")));
    }
    for (FlowSpec f : build(reduce).flows()) {
      assertThat(f.dst()).isEqualTo(f.src() - 1);
    }
  }

  @Test
  void collectivesThatDifferBetweenRanksAreRefused() {
    assertThatThrownBy(() -> build(List.of(List.of(collective(1, "ar", TraceWriter.ALL_REDUCE, 64, "")),
        List.of(collective(1, "ag", TraceWriter.ALL_GATHER, 64, "")))))
        .isInstanceOf(TraceException.class)
        .hasMessageContaining("collective 1 of the default process group (every rank) differs between ranks: "
            + "rank 0 has ALL_REDUCE of 64 B, rank 1 has ALL_GATHER of 64 B");
  }

  @Test
  void ranksThatWaitForEachOtherAreRefused() {
    assertThatThrownBy(() -> build(List.of(
        List.of(collective(1, "ar", TraceWriter.ALL_REDUCE, 64, ""), collective(2, "ar", TraceWriter.ALL_REDUCE, 64, "", 1)),
        List.of(collective(1, "ar", TraceWriter.ALL_REDUCE, 64, "")))))
        .isInstanceOf(TraceException.class)
        .hasMessageContaining("the ranks wait for each other forever (got 'rank 0 node 2 'ar', ALL_REDUCE of 64 B of the "
            + "default process group (every rank), its 2nd'");
    assertThatThrownBy(() -> build(List.of(List.of(pointToPoint(1, false, 1, 0, 8)), List.of(pointToPoint(1, false, 0, 1, 8)))))
        .hasMessageContaining("a receive from rank 1 (tag 0) that no send matches");
  }

  @Test
  void aSendNobodyReceivesIsRefused() {
    assertThatThrownBy(() -> build(List.of(List.of(pointToPoint(1, true, 0, 1, 8)), List.of())))
        .hasMessageContaining("rank 0 node 1 'send': sends to rank 1 with tag 0, which never receives it");
  }

  @Test
  void aDependencyCycleIsRefused() {
    assertThatThrownBy(() -> build(List.of(List.of(compute(1, "a", 1, 2), compute(2, "b", 1, 1)))))
        .hasMessageContaining("rank 0 node 1 'a': its dependencies form a cycle");
  }
}
