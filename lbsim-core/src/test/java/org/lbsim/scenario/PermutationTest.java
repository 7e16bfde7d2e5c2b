package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.lbsim.metrics.RunResult;

/** The study's headline contrast on a 128-host permutation: ECMP collides, spraying does not. */
class PermutationTest {
  @Test
  void ecmpIsSeveralTimesWorseThanHostSprayingAtTheStudysDefaults() {
    RunResult ecmp = Scenarios.run(Scenarios.of("lb=ecmp", "workload.kind=permutation", "workload.size=1MiB"));
    RunResult spray = Scenarios.run(Scenarios.of("lb=host-spray", "workload.kind=permutation", "workload.size=1MiB"));
    assertThat(ecmp.unfinishedFlows()).isZero();
    assertThat(spray.unfinishedFlows()).isZero();
    // the permutation bound for m = 256 packets at 800 Gb/s, 0.5 us per link (the study's
    // 17,056,940 ps less the last data packet's 200 ps gap)
    assertThat(spray.boundPs()).isEqualTo(17_056_740L);
    assertThat(spray.cctPs()).isGreaterThanOrEqualTo(spray.boundPs());
    assertThat(spray.overBoundPct()).isLessThan(30.0);
    assertThat((double) ecmp.cctPs() / spray.cctPs()).isGreaterThan(2.5);
    assertThat(ecmp.drops()).isPositive(); // hash collisions overflow 800 KB buffers
    assertThat(spray.drops()).isZero();
  }

  @Test
  void hostSprayingOnASmallLeafSpineStaysNearTheBound() {
    RunResult r = Scenarios.run(Scenarios.of("topology.kind=leaf-spine", "topology.hosts_per_leaf=8",
        "topology.leaves=4", "topology.spines=8", "workload.kind=permutation", "workload.size=256KiB"));
    assertThat(r.unfinishedFlows()).isZero();
    assertThat(r.cctPs()).isGreaterThanOrEqualTo(r.boundPs());
    assertThat(r.overBoundPct()).isLessThan(50.0);
  }
}
