package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.lbsim.metrics.RunResult;

/**
 * The study simulator's own setting (v1 defaults: 100 Gb/s, 1 us per link, 100-packet queues) on
 * the permutation it was run on, with the reference profile's modelling choices.
 */
class ReferenceProfileTest {
  private static Scenario scenario(String lb) {
    return Scenarios.of("profile=reference", "links.rate_gbps=100", "links.latency_us=1", "buffer.packets=100",
        "workload.kind=cm", "workload.file=" + Scenarios.testData("perm_128n_2MiB.cm"), "lb=" + lb);
  }

  @Test
  void sprayingIsNearTheBoundAndEcmpTakesAtLeastTwiceAsLong() {
    RunResult spray = Scenarios.run(scenario("host-spray"));
    RunResult ecmp = Scenarios.run(scenario("ecmp"));
    // reference sizes: 4096 B data on the wire, 82 B ACKs, no gap: the bound is 184.64464 us
    assertThat(spray.boundPs()).isEqualTo(184_644_640L);
    assertThat(spray.unfinishedFlows()).isZero();
    assertThat(ecmp.unfinishedFlows()).isZero();
    assertThat(spray.overBoundPct()).isBetween(0.0, 20.0);
    assertThat(ecmp.cctPs()).isGreaterThanOrEqualTo(2 * spray.cctPs());
  }

  @Test
  void referenceBuffersAreCountedInMtusOf4178Bytes() {
    assertThat(scenario("ecmp").buffer().bytes()).isEqualTo(417_800);
    assertThat(Scenarios.of("buffer.packets=100").buffer().bytes()).isEqualTo(415_800);
  }

  @Test
  void flowsStartWithinOnePacingGapOfZero() {
    RunResult r = Scenarios.run(scenario("host-spray"));
    long gap = 4178L * 80; // one MTU at 100 Gb/s, one flow per host
    assertThat(r.flows()).allSatisfy(f -> assertThat(f.startPs()).isBetween(0L, gap - 1));
    assertThat(r.flows().stream().mapToLong(f -> f.startPs()).distinct().count()).isGreaterThan(100);
  }
}
