package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.lbsim.engine.RandomStreams;
import org.lbsim.metrics.PortStats;
import org.lbsim.metrics.RunResult;
import org.lbsim.training.TrainingWorkload;
import org.lbsim.transport.FlowOutcome;
import org.lbsim.workload.FlowSpec;
import org.lbsim.workload.LocalStep;

/** Training workloads end to end: dependency order, rail locality, several jobs, errors. */
class TrainingRunTest {
  private static final List<String> SMALL = List.of("workload.kind=training", "topology.kind=leaf-spine",
      "topology.hosts_per_leaf=4", "topology.leaves=4", "topology.spines=4", "job.model=llama3-8b", "job.layers=2",
      "job.gpus=16", "job.gpus_per_server=4", "job.layer_params=400000", "job.compute_us=3", "job.ideal=off");

  private static Scenario small(String... more) {
    List<String> o = new java.util.ArrayList<>(SMALL);
    o.addAll(List.of(more));
    return Scenarios.of(o);
  }

  /**
   * Replays the graph on the run's own receive times: every local step ends its duration after
   * its last dependency, and every flow starts exactly its gap after its last dependency, never
   * before. The job's iteration time is the replayed end of its last step.
   */
  @Test
  void everyFlowStartsWhenItsPredecessorsHaveFinishedPlusItsGap() {
    Scenario s = small("job.tp=2", "job.pp=2", "lb=host-spray");
    RunResult r = Scenarios.run(s);
    TrainingWorkload w = Workloads.training(s, new RandomStreams(s.seed()));
    List<FlowOutcome> out = r.flows();
    int n = w.flows().size();
    long[] end = new long[n + w.steps().size()];
    for (int i = 0; i < n; i++) {
      end[i] = out.get(i).receivedPs();
    }
    for (LocalStep st : w.steps()) {
      long ready = 0;
      for (int d : st.deps()) {
        ready = Math.max(ready, end[d]);
      }
      end[st.id()] = ready + st.durationPs();
    }
    int checked = 0;
    for (FlowSpec f : w.flows()) {
      if (f.depCount() == 0) {
        assertThat(out.get(f.id()).startPs()).isEqualTo(f.startPs());
        continue;
      }
      long ready = 0;
      for (int d : f.deps()) {
        ready = Math.max(ready, end[d]);
      }
      assertThat(out.get(f.id()).startPs()).as("flow %d", f.id()).isEqualTo(ready + f.startPs());
      checked++;
    }
    assertThat(checked).isGreaterThan(100);
    Map<?, ?> job = (Map<?, ?>) ((List<?>) r.training().get("jobs")).get(0);
    assertThat(((Number) job.get("iteration_ps")).longValue()).isEqualTo(end[w.jobEnds()[0]]);
    // Compute: 2 layers over 2 stages = 1 layer per stage, x (1 forward + 2 backward) x 3 us.
    assertThat(job.get("compute_ps")).isEqualTo(9_000_000L);
  }

  @Test
  void sameRailTrafficOfARailOptimizedFabricCrossesOneSwitch() {
    // 4 servers x 4 rails; data-parallel rings leave every server through the NIC on the next
    // server's entry rail (PXN), so all fabric traffic stays under one rail switch.
    Scenario s = Scenarios.of("workload.kind=training", "topology.kind=rail-optimized", "topology.servers=4",
        "topology.rails=4", "topology.spines=2", "job.gpus=16", "job.gpus_per_server=4", "job.layers=1",
        "job.layer_params=400000", "job.compute_us=1", "job.ideal=off", "lb=host-spray");
    RunResult r = Scenarios.run(s);
    long railDown = 0;
    for (PortStats p : r.ports()) {
      if (p.tier().equals("leaf-up") || p.tier().equals("spine-down")) {
        assertThat(p.bytesSent()).as(p.port()).isZero();
      }
      if (p.tier().equals("leaf-down")) {
        railDown += p.bytesSent();
      }
    }
    assertThat(railDown).isPositive();
    TrainingWorkload w = Workloads.training(s, new RandomStreams(s.seed()));
    for (FlowSpec f : w.flows()) {
      assertThat(f.src() / 4).as("same rail switch").isEqualTo(f.dst() / 4);
    }
  }

  @Test
  void twoJobsReportTheirOwnIterationAndTheIdealFabricIsNoSlower() {
    Scenario s = small("job.model=llama3-8b,llama3-8b", "job.gpus=8", "job.placement=spread", "job.ideal=simulate",
        "lb=ecmp");
    RunResult r = Scenarios.run(s);
    List<?> jobs = (List<?>) r.training().get("jobs");
    assertThat(jobs).hasSize(2);
    for (Object o : jobs) {
      Map<?, ?> j = (Map<?, ?>) o;
      long it = ((Number) j.get("iteration_ps")).longValue();
      long ideal = ((Number) j.get("ideal_iteration_ps")).longValue();
      assertThat(it).isPositive();
      assertThat(ideal).isPositive().isLessThanOrEqualTo(it);
      assertThat((Double) j.get("over_ideal_pct")).isGreaterThanOrEqualTo(0.0);
    }
    assertThat(((Map<?, ?>) jobs.get(1)).get("first_server")).isEqualTo(1); // spread: servers dealt in turn
  }

  @Test
  void badJobKeysGetOneLineEach() {
    assertThatThrownBy(() -> small("job.model=gpt5", "job.tp=3")).isInstanceOf(ScenarioException.class)
        .satisfies(e -> assertThat(((ScenarioException) e).problems()).anySatisfy(p -> assertThat(p)
            .contains("job.model").contains("gpt5").contains("llama3-70b")));
    assertThatThrownBy(() -> small("job.tp=3")).isInstanceOf(ScenarioException.class)
        .satisfies(e -> assertThat(((ScenarioException) e).problems()).containsExactly(
            "--set job.tp: invalid value (got '3'; allowed: job.tp (3) must divide job.gpus_per_server (4))"));
    assertThatThrownBy(() -> small("job.gpus=32")).isInstanceOf(ScenarioException.class)
        .satisfies(e -> assertThat(((ScenarioException) e).problems().get(0)).contains("job.gpus")
            .contains("at most 4 servers"));
  }
}
