package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.lbsim.engine.RandomStreams;
import org.lbsim.workload.FlowSpec;

/** The workload registry: the names the schema offers, which keys apply under each kind, what each makes. */
class WorkloadKindsTest {

  @Test
  void theSchemaOffersExactlyTheRegistryInItsOrder() {
    assertThat(ScenarioSchema.get("workload.kind").choices()).containsExactly("permutation", "all-to-all",
        "ring-allreduce", "ring-allgather", "ring-reducescatter", "broadcast", "reduce", "ring-step", "incast", "cm",
        "training", "chakra");
    assertThat(ScenarioSchema.get("workload.kind").defaultValue()).isEqualTo("permutation");
    for (String name : ScenarioSchema.get("workload.kind").choices()) {
      WorkloadKind w = WorkloadKinds.find(name);
      assertThat(w).as(name).isNotNull();
      assertThat(w.name()).isEqualTo(name);
      assertThat(w.summary()).as(name).contains(": ");
      assertThat(ScenarioSchema.get("workload.kind").meaning()).contains(name + " = ");
    }
    assertThat(WorkloadKinds.find("gather")).isNull();
  }

  @Test
  void aKindsKeysApplyOnlyUnderIt() {
    for (WorkloadKind w : WorkloadKinds.all()) {
      for (String key : w.keys()) {
        assertThat(ScenarioSchema.get(key)).as(key).isNotNull();
        assertThat(Applicability.of(key).governing()).as(key).contains("workload.kind");
        for (WorkloadKind other : WorkloadKinds.all()) {
          Map<String, String> v = defaults();
          v.put("workload.kind", other.name());
          v.put("job.sharding", "ddp"); // job.bucket also needs it
          assertThat(Applicability.whyNot(key, v) == null).as("%s under %s", key, other.name())
              .isEqualTo(other.keys().contains(key));
        }
      }
    }
    assertThat(WorkloadKinds.find("training").keys()).contains("job.model", "job.bucket");
    assertThat(Applicability.of("workload.locality").when()).isEqualTo("workload.kind is permutation");
    assertThat(Applicability.of("workload.file").when()).isEqualTo("workload.kind is cm");
    assertThat(Applicability.of("workload.size").when()).startsWith("workload.kind is not cm, training or chakra (");
    assertThat(Applicability.of("workload.start_jitter").when()).isEqualTo("workload.kind is not training or chakra");
    assertThat(Applicability.of("workload.trace").when()).isEqualTo("workload.kind is chakra");
    assertThat(Applicability.of("job.algorithm").when()).isEqualTo("workload.kind is training or chakra");
    assertThat(Applicability.of("job.bucket").when()).isEqualTo("workload.kind is training and job.sharding is ddp");
  }

  /** The flow count the reader's limits use is the number of flows the factory makes. */
  @ParameterizedTest
  @CsvSource({
      "permutation,        16",
      "all-to-all,         240",
      "ring-allreduce,     480",
      "ring-allgather,     240",
      "ring-reducescatter, 240",
      "incast,             5"})
  void eachKindMakesTheFlowsItCounts(String kind, int expected) {
    Scenario s = Scenarios.of("topology.k=4", "workload.size=64KiB", "workload.kind=" + kind,
        kind.equals("incast") ? "workload.senders=5" : "workload.size=64KiB");
    WorkloadKind w = WorkloadKinds.find(kind);
    List<FlowSpec> flows = Workloads.generate(s, new RandomStreams(s.seed()));
    assertThat(flows).hasSize(expected);
    assertThat(w.count().flows(16, s.workload(), null)).isEqualTo(expected);
    assertThat(Workloads.jobs(s, new RandomStreams(s.seed()))).isNull();
  }

  @Test
  void aConnectionMatrixIsCountedByTheFlowsItsCheckRead() {
    Scenario s = ScenarioReader.fromText("workload: {kind: cm, file: perm_128n_2MiB.cm}\n", "test",
        Path.of("..", "scenarios"), "test", List.of());
    assertThat(s.workload().file()).endsWith(Path.of("perm_128n_2MiB.cm"));
    List<FlowSpec> flows = Workloads.generate(s, new RandomStreams(s.seed()));
    assertThat(flows).hasSize(128);
    assertThat(WorkloadKinds.find("cm").count().flows(128, s.workload(), flows)).isEqualTo(128);
  }

  @Test
  void trainingBuildsJobsAndIsNotJittered() {
    Scenario s = Scenarios.of("topology.k=4", "workload.kind=training", "job.gpus=16", "job.layers=1",
        "job.tokens=256");
    WorkloadKind w = WorkloadKinds.find("training");
    assertThat(w.sized()).isFalse();
    assertThat(w.jittered()).isFalse();
    List<FlowSpec> flows = Workloads.jobs(s, new RandomStreams(s.seed())).flows();
    assertThat(flows).isNotEmpty();
    assertThat(Workloads.generate(s, new RandomStreams(s.seed()))).isEqualTo(flows);
    assertThat((long) flows.size()).isGreaterThanOrEqualTo(w.count().flows(16, s.workload(), null));
  }

  private static Map<String, String> defaults() {
    Map<String, String> v = new HashMap<>();
    for (Setting s : ScenarioSchema.settings()) {
      v.put(s.key(), s.defaultValue());
    }
    return v;
  }
}
