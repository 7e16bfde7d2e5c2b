package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.lbsim.metrics.PortStats;
import org.lbsim.metrics.RunResult;

/**
 * A port's mean queue and utilization are measured over [0, the end of the engine window the
 * collective ends in]: never over a span that leaves out part of what they count.
 */
class PortWindowTest {
  private static PortStats port(RunResult r, String name) {
    return r.ports().stream().filter(p -> p.port().equals(name)).findFirst().orElseThrow();
  }

  /**
   * ECMP on the study's permutation in the reference profile: flows start with jitter, so the
   * CCT (the largest FCT) is shorter than the time from 0 to the last finish. Measured over the
   * CCT, port agg5>core13 showed utilization 1.057 and a mean queue of 421,668 B above its
   * largest, 417,792 B.
   */
  @Test
  void theStudysPermutationUnderEcmpHasNoPortAboveFullUtilizationOrItsLargestQueue() {
    RunResult r = ScenarioRunner.run(Scenarios.of("profile=reference", "links.rate_gbps=100", "links.latency_us=1",
        "buffer.packets=100", "workload.kind=cm", "workload.file=" + Scenarios.testData("perm_128n_2MiB.cm"),
        "lb=ecmp", "seed=1"));
    PortStats hot = port(r, "agg5>core13");
    assertThat(hot.utilization()).isBetween(0.99, 1.0);
    assertThat(hot.meanQueueBytes()).isLessThanOrEqualTo(hot.maxQueueBytes());
    assertThat(r.endPs()).as("the window ends at the last finish, after the largest FCT").isGreaterThan(r.cctPs());
    assertThat(r.ports()).allSatisfy(p -> {
      assertThat(p.utilization()).isLessThanOrEqualTo(1.0);
      assertThat(p.meanQueueBytes()).isLessThanOrEqualTo(p.maxQueueBytes());
    });
  }

  /** A lone flow at line rate keeps its NIC busy for exactly its packets and gaps over the window. */
  @Test
  void aLoneFlowsNicUtilizationIsItsPacketsAndGapsOverTheWindow() {
    RunResult r = ScenarioRunner.run(Scenarios.of("topology.k=4", "workload.kind=incast", "workload.senders=1",
        "workload.size=64KiB", "lb=ecmp"));
    PortStats nic = port(r, "h1>tor0");
    double busyPs = 16 * (4158 + 20) * 8e12 / 800e9; // 16 data packets and their gaps at 800 Gb/s
    assertThat(nic.utilization()).isCloseTo(busyPs / r.endPs(), within(1e-12));
  }

  /**
   * A link degraded to a tenth of its speed part-way through the run: its utilization is against
   * what it could carry at full speed before and at a tenth after, so a line busy throughout is
   * at 1, not above it.
   */
  @Test
  void aDegradedLinksUtilizationCountsTheRatesItHad() {
    RunResult r = ScenarioRunner.run(Scenarios.of("topology.k=4", "profile=reference", "lb=switch-ar", "cc=line-rate",
        "workload.kind=permutation", "workload.size=1MiB", "links.rate_gbps=100", "links.latency_us=1",
        "failures.kind=degraded", "failures.links=tier1:1", "failures.at_us=5", "failures.convergence_us=0",
        "run.limit_ms=1", "seed=57"));
    assertThat(r.ports()).allSatisfy(p -> assertThat(p.utilization()).as(p.port()).isLessThanOrEqualTo(1.0));
    // tier1:1 is tor0-agg1; the reference profile slows its downward direction, which is busy at a
    // tenth of its speed for most of the run from 5 us on (measured 0.868 of [0, 337 us]; against
    // its full speed it would be below 0.1)
    PortStats degraded = r.ports().stream().filter(p -> p.port().equals("agg1>tor0")).findFirst().orElseThrow();
    assertThat(degraded.utilization()).isGreaterThan(0.8);
    assertThat(r.ports().stream().mapToDouble(PortStats::utilization).max().orElseThrow())
        .isEqualTo(degraded.utilization());
  }
}
