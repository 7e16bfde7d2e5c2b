package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.lbsim.metrics.RunResult;

class AllToAllTest {
  @Test
  void sprayedAllToAllOnA16HostFatTreeIsWithinAFewPercentOfItsBound() {
    RunResult r = Scenarios.run(Scenarios.of("topology.k=4", "workload.kind=all-to-all", "workload.size=64KiB"));
    assertThat(r.flows()).hasSize(16 * 15);
    assertThat(r.unfinishedFlows()).isZero();
    assertThat(r.cctPs()).isGreaterThanOrEqualTo(r.boundPs());
    assertThat(r.overBoundPct()).isLessThan(10.0);
  }
}
