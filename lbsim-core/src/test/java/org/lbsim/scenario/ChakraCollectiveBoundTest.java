package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.lbsim.training.chakra.TraceWriter.collective;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.experiment.BaseScenario;
import org.lbsim.experiment.CollectiveBench;
import org.lbsim.experiment.CollectiveOp;
import org.lbsim.experiment.ElementType;
import org.lbsim.experiment.SizeRange;
import org.lbsim.metrics.RunResult;
import org.lbsim.training.chakra.TraceWriter;
import org.lbsim.training.chakra.proto.ChakraEt.Node;

/**
 * A trace's NCCL collectives report their time and lower bound, the bound {@code bench-collective}
 * prints for the same collective: a 16-rank trace of one 64 KiB collective on the 128-host fat tree
 * (k = 8), under every {@code job.placement}.
 */
class ChakraCollectiveBoundTest {
  private static final long SIZE = 64 << 10;
  private static final int RANKS = 16;

  @TempDir
  Path dir;

  /** Every rank runs one collective of {@code type} on 64 KiB, nothing else. */
  private Path trace(String name, int type) throws IOException {
    Path prefix = dir.resolve(name);
    List<List<Node>> ranks = new ArrayList<>();
    for (int r = 0; r < RANKS; r++) {
      ranks.add(List.of(collective(1, name, type, SIZE, "")));
    }
    TraceWriter.write(prefix, ranks);
    return prefix;
  }

  private static Map<?, ?> onlyCollective(Scenario s) {
    RunResult r = Scenarios.run(s);
    assertThat(r.unfinishedFlows()).isZero();
    Map<?, ?> job = (Map<?, ?>) ((List<?>) r.training().get("jobs")).get(0);
    List<?> collectives = (List<?>) job.get("collectives");
    assertThat(collectives).hasSize(1);
    return (Map<?, ?>) collectives.get(0);
  }

  private static long ps(Map<?, ?> c, String key) {
    return ((Number) c.get(key)).longValue();
  }

  private Scenario scenario(Path prefix, String... more) {
    List<String> o = new ArrayList<>(List.of("topology.k=8", "workload.kind=chakra", "workload.trace=" + prefix,
        "job.ideal=off", "lb=host-spray"));
    o.addAll(List.of(more));
    return Scenarios.of(o);
  }

  @Test
  void aBroadcastEndsNoLaterThanTheAllReduceAndBothRespectTheirBoundsUnderEveryPlacement() throws IOException {
    Path broadcast = trace("bc", TraceWriter.BROADCAST);
    Path allReduce = trace("ar", TraceWriter.ALL_REDUCE);
    for (String placement : List.of("packed", "spread", "random")) {
      for (String gpus : List.of("1", "4")) {
        String[] keys = {"job.placement=" + placement, "job.gpus_per_server=" + gpus};
        Map<?, ?> bc = onlyCollective(scenario(broadcast, keys));
        Map<?, ?> ar = onlyCollective(scenario(allReduce, keys));
        String at = placement + ", " + gpus + " GPUs per server";
        assertThat(bc.get("op")).isEqualTo("broadcast");
        assertThat(ar.get("op")).isEqualTo("all-reduce");
        for (Map<?, ?> c : List.of(bc, ar)) {
          assertThat(c.get("ranks")).isEqualTo(RANKS);
          assertThat(c.get("bytes")).isEqualTo(SIZE);
          assertThat(ps(c, "lower_bound_ps")).as(at).isPositive();
          assertThat(ps(c, "cct_ps")).as(at).isGreaterThanOrEqualTo(ps(c, "lower_bound_ps"));
          assertThat(((Number) c.get("cct_over_bound_pct")).doubleValue()).as(at).isNotNegative();
        }
        assertThat(ps(bc, "cct_ps")).as(at).isLessThanOrEqualTo(ps(ar, "cct_ps"));
      }
    }
  }

  /** One rank per server and one channel: every piece crosses the fabric, and the trace's bound is bench-collective's. */
  @Test
  void theBoundIsTheOneBenchCollectivePrints() throws IOException {
    for (int type : new int[] {TraceWriter.BROADCAST, TraceWriter.ALL_REDUCE}) {
      for (String algo : List.of("ring", "tree")) {
        Map<?, ?> c = onlyCollective(scenario(trace("c" + type + algo, type), "job.gpus_per_server=1",
            "job.channels=1", "workload.nccl_algo=" + algo));
        CollectiveOp op = type == TraceWriter.BROADCAST ? CollectiveOp.BROADCAST : CollectiveOp.ALL_REDUCE;
        assertThat(c.get("algorithm")).isEqualTo(algo);
        assertThat(ps(c, "lower_bound_ps")).as(op + " " + algo).isEqualTo(benchBound(op, algo));
      }
    }
  }

  /**
   * A job of {@code job.*} keys (TP inside servers of 4 GPUs, FSDP across them) on a rail-optimized
   * fabric, whose pieces cross NVLink or the fabric: each of its ring collectives finishes no earlier
   * than its bound.
   */
  @Test
  void aJobsRingCollectivesRespectTheirBounds() {
    RunResult r = Scenarios.run(Scenarios.of("workload.kind=training", "topology.kind=rail-optimized",
        "topology.servers=4", "topology.rails=4", "topology.spines=2", "job.gpus=16", "job.gpus_per_server=4",
        "job.tp=2", "job.layers=1", "job.layer_params=400000", "job.compute_us=1", "job.ideal=off", "lb=host-spray"));
    Map<?, ?> job = (Map<?, ?>) ((List<?>) r.training().get("jobs")).get(0);
    List<?> collectives = (List<?>) job.get("collectives");
    assertThat(collectives).isNotEmpty();
    for (Object o : collectives) {
      Map<?, ?> c = (Map<?, ?>) o;
      assertThat(ps(c, "lower_bound_ps")).as("%s", c).isPositive();
      assertThat(ps(c, "cct_ps")).as("%s", c).isGreaterThanOrEqualTo(ps(c, "lower_bound_ps"));
    }
  }

  /** bench-collective's bound for a 64 KiB op over the 16 hosts of the k = 4 fat tree (it runs on every host). */
  private static long benchBound(CollectiveOp op, String algo) {
    BaseScenario source = new BaseScenario("topology: {k: 4}\nworkload: {nccl_algo: " + algo + "}\n", "bench.yaml", null);
    CollectiveBench.Request req = new CollectiveBench.Request(op, ElementType.FLOAT, new SizeRange(SIZE, SIZE, 2, 0),
        List.of("host-spray"));
    CollectiveBench.Plan plan = CollectiveBench.plan(source, List.of(), req, Catalog.builtIn());
    return CollectiveBench.run(source, List.of(), plan, 1, null, false, (run, done) -> { }, Catalog.builtIn()).rows().get(0)
        .boundPs();
  }
}
