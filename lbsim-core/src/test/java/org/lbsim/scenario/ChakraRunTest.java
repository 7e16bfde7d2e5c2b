package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.lbsim.training.chakra.TraceWriter.collective;
import static org.lbsim.training.chakra.TraceWriter.compute;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.metrics.RunResult;
import org.lbsim.training.chakra.TraceWriter;
import org.lbsim.training.chakra.proto.ChakraEt.Node;

/** A Chakra trace run end to end: its report, its scenario key, and traces that do not fit the fabric. */
class ChakraRunTest {
  @TempDir
  Path dir;

  /** Rank 0 computes 10 us, rank 1 2 us; both AllReduce 64 KiB, then compute 1 us. */
  private Path twoRanks() throws IOException {
    Path prefix = dir.resolve("two");
    List<List<Node>> ranks = new ArrayList<>();
    for (long us : new long[] {10, 2}) {
      ranks.add(List.of(compute(1, "fwd", us), collective(2, "ar", TraceWriter.ALL_REDUCE, 65536, "", 1),
          compute(3, "opt", 1, 2)));
    }
    TraceWriter.write(prefix, ranks);
    return prefix;
  }

  private Scenario scenario(Path prefix, String... more) {
    List<String> o = new ArrayList<>(List.of("topology.k=4", "workload.kind=chakra", "workload.trace=" + prefix,
        "job.gpus_per_server=1"));
    o.addAll(List.of(more));
    return Scenarios.of(o);
  }

  @Test
  void theReportGivesRankEndsAndTheCriticalPathsComputeAndCommunication() throws IOException {
    RunResult r = Scenarios.run(scenario(twoRanks()));
    Map<?, ?> job = (Map<?, ?>) ((List<?>) r.training().get("jobs")).get(0);
    long it = ((Number) job.get("iteration_ps")).longValue();
    assertThat(job.get("model")).isEqualTo("chakra");
    assertThat(job.get("gpus")).isEqualTo(2);
    assertThat(job.get("compute_ps")).isEqualTo(11_000_000L);
    // the path: rank 0's 10 us, the AllReduce, then 1 us
    assertThat(job.get("critical_compute_ps")).isEqualTo(11_000_000L);
    long comm = ((Number) job.get("critical_comm_ps")).longValue();
    assertThat(comm).isPositive().isEqualTo(it - 11_000_000L);
    List<?> ends = (List<?>) job.get("rank_end_ps");
    assertThat(ends).hasSize(2);
    assertThat(ends.stream().mapToLong(e -> ((Number) e).longValue()).max().orElseThrow()).isEqualTo(it);
    assertThat(((Number) job.get("ideal_iteration_ps")).longValue()).isPositive();
    assertThat(job.get("over_ideal_pct")).isNotNull();
    Map<?, ?> trace = (Map<?, ?>) r.training().get("trace");
    assertThat(trace.get("ranks")).isEqualTo(2);
    assertThat(trace.get("nodes")).isEqualTo(6L);
    assertThat(trace.get("collectives")).isEqualTo(1);
    assertThat(((Map<?, ?>) trace.get("skipped_attributes")).get("is_cpu_op")).isEqualTo(4);
  }

  /** Rank 1 waits for rank 0's data: the path runs through the send back to rank 0's 10 us. */
  @Test
  void theCriticalPathFollowsAReceiveToItsSender() throws IOException {
    Path prefix = dir.resolve("p2p");
    TraceWriter.write(prefix, List.of(
        List.of(compute(1, "produce", 10), TraceWriter.pointToPoint(2, true, 0, 1, 65536, 1)),
        List.of(compute(1, "early", 1), TraceWriter.pointToPoint(2, false, 0, 1, 65536, 1), compute(3, "consume", 2, 2))));
    RunResult r = Scenarios.run(scenario(prefix, "job.ideal=off"));
    Map<?, ?> job = (Map<?, ?>) ((List<?>) r.training().get("jobs")).get(0);
    assertThat(job.get("critical_compute_ps")).isEqualTo(12_000_000L);
    assertThat(((Number) job.get("critical_comm_ps")).longValue())
        .isEqualTo(((Number) job.get("iteration_ps")).longValue() - 12_000_000L).isPositive();
    assertThat(((Map<?, ?>) r.training().get("trace")).get("point_to_point")).isEqualTo(1);
  }

  @Test
  void theScenarioKeyFollowsTheTracesContent() throws IOException {
    Path prefix = twoRanks();
    String before = ScenarioKey.of(scenario(prefix));
    assertThat(ScenarioKey.of(scenario(prefix))).isEqualTo(before);
    TraceWriter.write(prefix, List.of(List.of(compute(1, "fwd", 10)), List.of(compute(1, "fwd", 11))));
    assertThat(ScenarioKey.of(scenario(prefix))).isNotEqualTo(before);
  }

  @Test
  void ranksThatDoNotFitTheFabricAreRefused() throws IOException {
    Path prefix = dir.resolve("many");
    List<List<Node>> ranks = new ArrayList<>();
    for (int r = 0; r < 6; r++) {
      ranks.add(List.of(compute(1, "c", 1)));
    }
    TraceWriter.write(prefix, ranks);
    assertThatThrownBy(() -> scenario(prefix, "job.gpus_per_server=4")).isInstanceOf(ScenarioException.class)
        .hasMessageContaining("the trace's 6 ranks do not fill whole servers of 4 GPUs (job.gpus_per_server) "
            + "(got '6 ranks'; allowed: a multiple of 4 ranks, or fewer than 4)");
    for (int r = 6; r < 20; r++) {
      ranks.add(List.of(compute(1, "c", 1)));
    }
    TraceWriter.write(prefix, ranks);
    assertThatThrownBy(() -> scenario(prefix, "job.gpus_per_server=2"))
        .hasMessageContaining("the trace's 20 ranks need more hosts than the fabric has (got '20 ranks'; allowed: at "
            + "most 16 ranks, 8 servers of 2 GPUs");
  }

  @Test
  void aMissingTraceIsRefused() {
    assertThatThrownBy(() -> Scenarios.of("topology.k=4", "workload.kind=chakra"))
        .hasMessageContaining("workload.trace: missing; workload.kind 'chakra' needs the trace's prefix");
  }

  /** A 16-rank trace: NCCL keeps several Broadcast pieces in flight per hop, so it ends no later than the AllReduce of its buffer. */
  @Test
  void aSixtyFourKibBroadcastOverSixteenRanksIsNoSlowerThanTheAllReduce() throws IOException {
    long[] iteration = new long[3];
    int[] types = {TraceWriter.BROADCAST, TraceWriter.REDUCE, TraceWriter.ALL_REDUCE};
    for (int t = 0; t < types.length; t++) {
      Path prefix = dir.resolve("c" + t);
      List<List<Node>> ranks = new ArrayList<>();
      for (int r = 0; r < 16; r++) {
        ranks.add(List.of(collective(1, "c", types[t], 65536, "")));
      }
      TraceWriter.write(prefix, ranks);
      RunResult res = Scenarios.run(scenario(prefix, "job.ideal=off"));
      iteration[t] = ((Number) ((Map<?, ?>) ((List<?>) res.training().get("jobs")).get(0)).get("iteration_ps"))
          .longValue();
      // 2 channels (job.channels): a Broadcast's 32 KiB per channel is one piece per hop
      assertThat(res.flows()).hasSize(2 * (types[t] == TraceWriter.ALL_REDUCE ? 2 * 15 * 16 : 15));
    }
    assertThat(iteration[0]).isPositive().isLessThanOrEqualTo(iteration[2]);
    assertThat(iteration[1]).isPositive().isLessThanOrEqualTo(iteration[2]);
  }
}
