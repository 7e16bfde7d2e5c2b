package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.lbsim.metrics.RunResult;
import org.lbsim.transport.FlowOutcome;
import org.lbsim.workload.CollectiveBound;

class CollectivesRunTest {
  @Test
  void ringStepsStartOnlyAfterThePreviousStepIsReceived() {
    RunResult r = Scenarios.run(Scenarios.of("topology.k=4", "workload.kind=ring-allreduce", "workload.size=64KiB"));
    int n = 16;
    assertThat(r.flows()).hasSize(2 * (n - 1) * n);
    assertThat(r.unfinishedFlows()).isZero();
    // flow of step s at ring position i waits for step s-1 into position i (from i-1)
    for (int s = 1; s < 2 * (n - 1); s++) {
      for (int i = 0; i < n; i++) {
        FlowOutcome f = r.flows().get(s * n + i);
        FlowOutcome dep = r.flows().get((s - 1) * n + (i - 1 + n) % n);
        assertThat(f.src()).isEqualTo(dep.dst());
        assertThat(f.startPs()).isEqualTo(dep.receivedPs());
      }
    }
    // the bound bench-collective prints: here the 30 steps of one 4 KiB chunk in a row
    assertThat(r.boundPs()).isEqualTo(30 * CollectiveBound.pieceOnTheFabricPs(ScenarioRunner.collectiveHostLink(
        Scenarios.of("topology.k=4")), 4096)).isLessThanOrEqualTo(r.cctPs());
  }

  @Test
  void incastLosesPacketsInSmallBuffersButErasureCodingFinishes() {
    RunResult r = Scenarios.run(Scenarios.of("workload.kind=incast", "workload.senders=15", "workload.size=256KiB",
        "buffer.packets=8", "transport.rate_coef=1"));
    assertThat(r.flows()).hasSize(15);
    assertThat(r.unfinishedFlows()).isZero();
    assertThat(r.drops()).isPositive();
    long lost = r.flows().stream().mapToLong(FlowOutcome::packetsLost).sum();
    assertThat(lost).isPositive();
  }
}
