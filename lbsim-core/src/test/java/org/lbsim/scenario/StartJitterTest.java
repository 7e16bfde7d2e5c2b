package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.lbsim.engine.RandomStreams;
import org.lbsim.workload.FlowSpec;
import org.junit.jupiter.api.Test;

/** {@code workload.start_jitter}: every flow a random phase within its first pacing slot(s). */
class StartJitterTest {
  @Test
  void offLeavesEveryFlowAtItsStart() {
    List<FlowSpec> flows = Workloads.generate(Scenarios.of("topology.k=4"), new RandomStreams(1));
    assertThat(flows).allSatisfy(f -> assertThat(f.startPs()).isZero());
  }

  @Test
  void oneSlotSpreadsTheStartsOverOneSlotOfTheHostLink() {
    // 800 Gb/s: a slot of 4158 B + 20 B gap is 41,780 ps; at rate 4178/4262 it lasts 42,620 ps
    Scenario s = Scenarios.of("topology.k=4", "workload.start_jitter=1", "transport.rate_coef=0.9802909432");
    List<FlowSpec> flows = Workloads.generate(s, new RandomStreams(1));
    assertThat(flows).hasSize(16);
    assertThat(flows).allSatisfy(f -> assertThat(f.startPs()).isBetween(0L, 42_619L));
    assertThat(flows.stream().mapToLong(FlowSpec::startPs).distinct().count()).isEqualTo(16);
    assertThat(flows.stream().mapToLong(FlowSpec::startPs).max().getAsLong()).isGreaterThan(42_620L / 2);
    // the permutation itself is the same as without jitter
    List<FlowSpec> plain = Workloads.generate(Scenarios.of("topology.k=4"), new RandomStreams(1));
    for (int i = 0; i < flows.size(); i++) {
      assertThat(flows.get(i).dst()).isEqualTo(plain.get(i).dst());
    }
  }

  @Test
  void aNegativeJitterIsRefused() {
    assertThatThrownBy(() -> Scenarios.of("workload.start_jitter=-1")).isInstanceOf(ScenarioException.class)
        .hasMessageContaining("workload.start_jitter");
  }
}
