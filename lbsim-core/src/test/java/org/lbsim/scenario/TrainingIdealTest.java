package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.lbsim.metrics.RunResult;

/** The ideal of a training run: its jobs on a non-blocking fabric, which has none of the scenario's failures. */
class TrainingIdealTest {
  private static final List<String> SMALL = List.of("workload.kind=training", "topology.kind=leaf-spine",
      "topology.hosts_per_leaf=4", "topology.leaves=4", "topology.spines=4", "job.model=llama3-8b", "job.layers=1",
      "job.gpus=16", "job.gpus_per_server=4", "job.layer_params=100000", "job.compute_us=3", "job.ideal=simulate");

  private static RunResult run(String... more) {
    List<String> o = new ArrayList<>(SMALL);
    o.addAll(List.of(more));
    return Scenarios.run(Scenarios.of(o));
  }

  private static Map<?, ?> job0(RunResult r) {
    return (Map<?, ?>) ((List<?>) r.training().get("jobs")).get(0);
  }

  @Test
  void namedFailedLinksLeaveTheIdealAsWithoutFailures() {
    RunResult plain = run();
    RunResult failed = run("failures.kind=drop", "failures.links=leaf1-spine1,leaf2-spine3");
    assertThat(failed.counters().get("failed_links")).isEqualTo(2L);
    long ideal = ((Number) job0(plain).get("ideal_iteration_ps")).longValue();
    assertThat(ideal).isPositive();
    assertThat(((Number) job0(failed).get("ideal_iteration_ps")).longValue()).isEqualTo(ideal);
  }
}
