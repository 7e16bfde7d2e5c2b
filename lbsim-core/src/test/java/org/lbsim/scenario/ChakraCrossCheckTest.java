package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.engine.RandomStreams;
import org.lbsim.metrics.RunResult;
import org.lbsim.training.TrainingWorkload;
import org.lbsim.training.chakra.TraceWriter;
import org.lbsim.workload.LocalStep;

/**
 * The same job described by {@code job.*} keys and by its Chakra trace (written by
 * {@link TraceWriter}) makes the same flows and local steps and runs to the same iteration time,
 * to the picosecond.
 */
class ChakraCrossCheckTest {
  @TempDir
  Path dir;

  @Test
  void aSixteenRankDataParallelStep() throws IOException {
    crossCheck(List.of("topology.k=4", "seed=3"), List.of("job.gpus_per_server=4", "job.channels=2"),
        List.of("job.model=llama3-8b", "job.layers=2", "job.gpus=16", "job.sharding=ddp", "job.bucket=250kB",
            "job.layer_params=125000", "job.compute_us=5"));
  }

  @Test
  void aSixtyFourRankFsdpLayer() throws IOException {
    crossCheck(List.of("topology.k=8", "seed=5", "lb=ecmp"), List.of("job.gpus_per_server=8", "job.channels=1",
        "job.placement=spread"),
        List.of("job.model=llama3-8b", "job.layers=1", "job.gpus=64", "job.sharding=fsdp", "job.layer_params=500000",
            "job.compute_us=4"));
  }

  private void crossCheck(List<String> fabric, List<String> shared, List<String> jobOnly) throws IOException {
    Scenario keys = Scenarios.of(concat(fabric, shared, jobOnly, List.of("workload.kind=training", "job.ideal=off")));
    Path prefix = dir.resolve("job");
    TraceWriter.job(prefix, keys.training().jobs().get(0));
    Scenario trace = Scenarios.of(concat(fabric, shared,
        List.of("workload.kind=chakra", "workload.trace=" + prefix, "job.ideal=off")));

    TrainingWorkload a = Workloads.training(keys, new RandomStreams(keys.seed()));
    TrainingWorkload b = Workloads.chakra(trace, new RandomStreams(trace.seed()));
    assertThat(b.flows()).isEqualTo(a.flows());
    assertThat(b.steps()).hasSameSizeAs(a.steps());
    for (int i = 0; i < a.steps().size(); i++) {
      LocalStep x = a.steps().get(i);
      LocalStep y = b.steps().get(i);
      assertThat(y.id()).isEqualTo(x.id());
      assertThat(y.durationPs()).as("step %d", i).isEqualTo(x.durationPs());
      assertThat(y.deps()).as("step %d", i).containsExactly(x.deps());
    }

    long fromKeys = iteration(Scenarios.run(keys));
    long fromTrace = iteration(Scenarios.run(trace));
    assertThat(fromKeys).isPositive();
    assertThat(fromTrace).isEqualTo(fromKeys);
  }

  private static long iteration(RunResult r) {
    Map<?, ?> job = (Map<?, ?>) ((List<?>) r.training().get("jobs")).get(0);
    return ((Number) job.get("iteration_ps")).longValue();
  }

  @SafeVarargs
  private static List<String> concat(List<String>... parts) {
    List<String> out = new ArrayList<>();
    for (List<String> p : parts) {
      out.addAll(p);
    }
    return out;
  }
}
