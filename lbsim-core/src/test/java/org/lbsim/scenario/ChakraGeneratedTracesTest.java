package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lbsim.metrics.RunResult;
import org.lbsim.training.chakra.proto.ChakraEt.AttributeProto;
import org.lbsim.training.chakra.proto.ChakraEt.CollectiveCommType;
import org.lbsim.training.chakra.proto.ChakraEt.GlobalMetadata;
import org.lbsim.training.chakra.proto.ChakraEt.Node;
import org.lbsim.training.chakra.proto.ChakraEt.NodeType;
import org.lbsim.transport.FlowOutcome;

/**
 * Traces that Chakra's own tools wrote (src/test/resources/chakra-generated/README.md: the commit and the commands),
 * run end to end on the 16-host fat tree, one rank per server (every transfer on the fabric), ring, 2 channels. What
 * each run must give is derived from the trace, read here with the schema's classes: the flows and bytes its
 * collectives imply under NCCL's ring (docs/workloads.md), the times its compute nodes and their dependencies imply,
 * and the refusal of what lbsim cannot simulate, naming what is missing.
 */
class ChakraGeneratedTracesTest {
  private static final Path GENERATOR = Scenarios.testData("chakra-generated/generator");
  private static final Path CONVERTER = Scenarios.testData("chakra-generated/converter");
  private static final int CHANNELS = 2;
  /** One NCCL slot at the default buffer size and steps (4 MiB / 8): a Broadcast piece. */
  private static final long SLOT = 512 * 1024;
  private static final long US = 1_000_000L;

  /** The trace's rank files, in rank order. */
  private static List<Path> rankFiles(Path prefix) {
    List<Path> files = new ArrayList<>();
    for (int r = 0; Files.exists(Path.of(prefix + "." + r + ".et")); r++) {
      files.add(Path.of(prefix + "." + r + ".et"));
    }
    assertThat(files).as("rank files of " + prefix).isNotEmpty();
    return files;
  }

  /** One rank file's nodes: length-delimited messages, the global metadata first. */
  private static List<Node> nodes(Path file) throws IOException {
    List<Node> nodes = new ArrayList<>();
    try (InputStream in = Files.newInputStream(file)) {
      assertThat(GlobalMetadata.parseDelimitedFrom(in)).isNotNull();
      for (Node n = Node.parseDelimitedFrom(in); n != null; n = Node.parseDelimitedFrom(in)) {
        nodes.add(n);
      }
    }
    return nodes;
  }

  private static long attr(Node n, String name) {
    return n.getAttrList().stream().filter(a -> a.getName().equals(name)).mapToLong(AttributeProto::getInt64Val)
        .findFirst().orElseThrow();
  }

  private static RunResult run(Path prefix) {
    return Scenarios.run(Scenarios.of("topology.k=4", "workload.kind=chakra", "workload.trace=" + prefix,
        "job.gpus_per_server=1", "job.algorithm=ring", "job.channels=" + CHANNELS));
  }

  private static Map<?, ?> job(RunResult r) {
    return (Map<?, ?>) ((List<?>) r.training().get("jobs")).get(0);
  }

  private static long ps(Map<?, ?> job, String key) {
    return ((Number) job.get(key)).longValue();
  }

  /** Every flow finished, and the iteration ended when the last byte arrived. */
  private static void everyFlowFinishedAndTheLastArrivalEndsTheIteration(RunResult r) {
    assertThat(r.unfinishedFlows()).isZero();
    long lastArrival = r.flows().stream().mapToLong(FlowOutcome::receivedPs).max().orElse(0);
    assertThat(ps(job(r), "iteration_ps")).isEqualTo(lastArrival);
  }

  /** Flows and bytes of a collective of {@code bytes} over {@code n} ranks, ring, as docs/workloads.md derives them. */
  private record Expected(long flows, long bytes) {
    static Expected of(CollectiveCommType type, int n, long bytes) {
      // each size here fits one ring loop and, per channel, one Broadcast slot, and splits evenly over channels x ranks
      assertThat(bytes % ((long) CHANNELS * n)).isZero();
      assertThat(bytes / CHANNELS).isLessThanOrEqualTo(SLOT);
      return switch (type) {
        case ALL_REDUCE -> new Expected(CHANNELS * 2L * (n - 1) * n, 2L * (n - 1) * bytes);
        case ALL_GATHER, REDUCE_SCATTER, ALL_TO_ALL -> new Expected(CHANNELS * (long) (n - 1) * n, (n - 1) * bytes);
        case BROADCAST -> new Expected(CHANNELS * (long) (n - 1), (n - 1) * bytes);
        case BARRIER -> new Expected(0, 0);
        default -> throw new AssertionError(type + " is not in the generator's output");
      };
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"ALL_REDUCE", "ALL_GATHER", "REDUCE_SCATTER", "ALL_TO_ALL", "BROADCAST", "BARRIER"})
  void eachCollectiveGivesTheFlowsAndBytesItsSizeImpliesUnderTheRing(String name) throws IOException {
    Path prefix = GENERATOR.resolve(name);
    List<Path> files = rankFiles(prefix);
    int n = files.size();
    Node node = nodes(files.get(0)).get(0);
    for (Path f : files) {
      List<Node> rank = nodes(f);
      assertThat(rank).hasSize(1);
      assertThat(rank.get(0).getType()).isEqualTo(NodeType.COMM_COLL_NODE);
      assertThat(attr(rank.get(0), "comm_type")).isEqualTo(attr(node, "comm_type"));
      assertThat(attr(rank.get(0), "comm_size")).isEqualTo(attr(node, "comm_size"));
    }
    CollectiveCommType type = CollectiveCommType.forNumber((int) attr(node, "comm_type"));
    assertThat(type.name()).isEqualTo(name);
    Expected want = Expected.of(type, n, attr(node, "comm_size"));

    RunResult r = run(prefix);
    assertThat(r.flows()).hasSize((int) want.flows());
    assertThat(r.flows().stream().mapToLong(FlowOutcome::bytes).sum()).isEqualTo(want.bytes());
    for (FlowOutcome f : r.flows()) {
      assertThat(f.src()).isNotEqualTo(f.dst());
    }
    if (want.flows() > 0) { // nothing precedes the collective: its first flows leave at once
      assertThat(r.flows().stream().mapToLong(FlowOutcome::startPs).min().orElseThrow()).isZero();
    }
    everyFlowFinishedAndTheLastArrivalEndsTheIteration(r);
    if (want.flows() > 0) {
      assertThat(ps(job(r), "iteration_ps")).isPositive();
    }
    assertThat(ps(job(r), "critical_compute_ps")).isZero();
    Map<?, ?> trace = (Map<?, ?>) r.training().get("trace");
    assertThat(trace.get("ranks")).isEqualTo(n);
    assertThat(trace.get("collectives")).isEqualTo(1);
    assertThat(((Map<?, ?>) trace.get("skipped_attributes")).get("is_cpu_op")).isEqualTo(n);
  }

  @Test
  void computeNodesTakeTheirDurationsAndADependentOneStartsWhenItsParentEnds() throws IOException {
    Map<String, Long> iteration = new HashMap<>();
    for (String name : List.of("one_comp_node", "two_comp_nodes_independent", "two_comp_nodes_dependent")) {
      Path prefix = GENERATOR.resolve(name);
      RunResult r = run(prefix);
      assertThat(r.flows()).isEmpty();
      iteration.put(name, ps(job(r), "iteration_ps"));
      assertThat(ps(job(r), "critical_compute_ps")).isEqualTo(iteration.get(name));
      assertThat(((List<?>) job(r).get("rank_end_ps")).stream().map(e -> ((Number) e).longValue()))
          .containsOnly(iteration.get(name));
    }
    List<Node> dependent = nodes(rankFiles(GENERATOR.resolve("two_comp_nodes_dependent")).get(0));
    assertThat(dependent.get(1).getDataDepsList()).containsExactly(dependent.get(0).getId());
    long us = dependent.get(0).getDurationMicros();
    assertThat(us).isPositive();
    assertThat(nodes(rankFiles(GENERATOR.resolve("one_comp_node")).get(0)).get(0).getDurationMicros()).isEqualTo(us);
    assertThat(iteration).containsEntry("one_comp_node", us * US)
        .containsEntry("two_comp_nodes_independent", us * US) // side by side: no dependency between them
        .containsEntry("two_comp_nodes_dependent", 2 * us * US); // the child after its parent
  }

  @Test
  void memoryAndMetadataNodesAreLocalStepsOfNoTimeWithTheirAttributesListedAsNotRead() throws IOException {
    for (String name : List.of("one_remote_mem_load_node", "one_remote_mem_store_node",
        "one_metadata_node_all_types")) {
      Path prefix = GENERATOR.resolve(name);
      int n = rankFiles(prefix).size();
      Node node = nodes(rankFiles(prefix).get(0)).get(0);
      assertThat(node.getDurationMicros()).isZero();
      RunResult r = run(prefix);
      assertThat(r.flows()).isEmpty();
      assertThat(ps(job(r), "iteration_ps")).isZero();
      Map<?, ?> skipped = (Map<?, ?>) ((Map<?, ?>) r.training().get("trace")).get("skipped_attributes");
      for (AttributeProto a : node.getAttrList()) {
        assertThat(skipped.get(a.getName())).as(name + " " + a.getName()).isEqualTo(n);
      }
    }
  }

  @Test
  void aSendOrReceiveWithoutItsPeerIsRefusedNamingTheMissingAttribute() throws IOException {
    assertThat(nodes(rankFiles(GENERATOR.resolve("one_comm_send_node")).get(0)).get(0).getAttrList())
        .extracting(AttributeProto::getName).containsExactly("is_cpu_op", "tensor_size");
    assertThatThrownBy(() -> run(GENERATOR.resolve("one_comm_send_node"))).isInstanceOf(ScenarioException.class)
        .hasMessageContaining("one_comm_send_node.0.et: workload.trace: rank 0 node ")
        .hasMessageContaining("'COMM_SEND_NODE': a send without comm_dst (got 'none'; allowed: a rank from 0 to 7"
            + " other than 0)");
    assertThatThrownBy(() -> run(GENERATOR.resolve("one_comm_recv_node"))).isInstanceOf(ScenarioException.class)
        .hasMessageContaining("'COMM_RECV_NODE': a receive without comm_src (got 'none'; allowed: a rank from 0 to 7"
            + " other than 0)");
  }

  /** What two ranks of one step share: a node's type, name, duration and number of dependencies. */
  private static String shape(Node x) {
    return x.getType() + " " + x.getName() + " " + x.getDurationMicros() + " us, " + x.getDataDepsCount() + " deps";
  }

  /**
   * The converter's data-parallel step: compute in one chain, each layer's weight-gradient AllReduce after its
   * weight-gradient compute. Each AllReduce's first flows leave exactly when the compute before it ends (the longest
   * path of durations into it, the same on every rank), and its flows are told apart by their size.
   */
  @Test
  void aDataParallelStepRunsEachAllReduceAfterTheComputeItDependsOn() throws IOException {
    Path prefix = CONVERTER.resolve("data3");
    List<Path> files = rankFiles(prefix);
    int n = files.size();
    List<Node> rank0 = nodes(files.get(0));
    for (Path f : files) { // every rank the same step (node ids differ: the converter numbers them across ranks)
      assertThat(nodes(f).stream().map(ChakraGeneratedTracesTest::shape).toList())
          .isEqualTo(rank0.stream().map(ChakraGeneratedTracesTest::shape).toList());
    }
    // when each node can start and end, with a collective taking no time: its start is the compute before it
    Map<Long, Long> end = new HashMap<>();
    Map<Long, long[]> chunks = new HashMap<>(); // chunk size -> its AllReduce's start (us) and flows
    long flows = 0;
    long bytes = 0;
    long computeUs = 0;
    for (Node x : rank0) { // the converter writes every node after the nodes it depends on
      long start = 0;
      for (long d : x.getDataDepsList()) {
        start = Math.max(start, end.get(d));
      }
      assertThat(x.getCtrlDepsList()).isEmpty();
      if (x.getType() == NodeType.COMM_COLL_NODE) {
        long size = attr(x, "comm_size");
        Expected want = Expected.of(CollectiveCommType.forNumber((int) attr(x, "comm_type")), n, size);
        flows += want.flows();
        bytes += want.bytes();
        assertThat(chunks.put(size / (CHANNELS * n), new long[] {start, want.flows()})).as("chunk sizes differ")
            .isNull();
        end.put(x.getId(), start);
      } else {
        assertThat(x.getType()).isEqualTo(NodeType.COMP_NODE);
        computeUs += x.getDurationMicros();
        end.put(x.getId(), start + x.getDurationMicros());
      }
    }
    assertThat(chunks).hasSize(3);
    long chainUs = end.values().stream().mapToLong(Long::longValue).max().orElseThrow();
    assertThat(chainUs).as("the compute is one chain").isEqualTo(computeUs);

    RunResult r = run(prefix);
    assertThat(r.flows()).hasSize((int) flows);
    assertThat(r.flows().stream().mapToLong(FlowOutcome::bytes).sum()).isEqualTo(bytes);
    everyFlowFinishedAndTheLastArrivalEndsTheIteration(r);
    for (Map.Entry<Long, long[]> c : chunks.entrySet()) {
      List<FlowOutcome> mine = r.flows().stream().filter(f -> f.bytes() == c.getKey()).toList();
      assertThat(mine).hasSize((int) c.getValue()[1]);
      assertThat(mine.stream().mapToLong(FlowOutcome::startPs).min().orElseThrow()).as("chunk " + c.getKey())
          .isEqualTo(c.getValue()[0] * US);
    }
    Map<?, ?> job = job(r);
    assertThat(ps(job, "compute_ps")).isEqualTo(computeUs * US);
    assertThat(ps(job, "critical_compute_ps")).isEqualTo(chainUs * US);
    assertThat(ps(job, "iteration_ps")).isGreaterThan(chainUs * US);
    assertThat(((Map<?, ?>) r.training().get("trace")).get("collectives")).isEqualTo(3);
  }
}
