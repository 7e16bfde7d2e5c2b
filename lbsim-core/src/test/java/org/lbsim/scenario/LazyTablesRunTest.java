package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.metrics.RunResult;

/**
 * Whole runs with the reference's lazily built forwarding entries (profile: reference): a k = 4
 * permutation sprayed over every path while agg0-core0 is dead and routes never converge.
 */
class LazyTablesRunTest {
  private static RunResult run(String profile, String atUs) {
    List<String> o = new ArrayList<>(List.of("topology.k=4", "workload.kind=permutation", "workload.size=64KiB",
        "lb=host-spray", "failures.kind=drop", "failures.links=agg0-core0", "failures.convergence_us=never",
        "failures.at_us=" + atUs, "run.limit_ms=2"));
    o.add("profile=" + profile);
    return Scenarios.run(Scenarios.of(o));
  }

  @Test
  void entriesBuiltAfterTheFailureAvoidTheDeadLinkWithoutConvergence() {
    // 1 ns: before any packet reaches an aggregation switch, so every agg entry is built after the
    // failure and no packet goes up into the dead link or down through core 0 to agg0
    RunResult after = run("reference", "0.001");
    assertThat(after.counters().get("failure_drops")).isZero();
    assertThat(after.unfinishedFlows()).isZero();
    // at time 0 the reference fills every table before failing the link: all entries are stale
    assertThat(run("reference", "0").counters().get("failure_drops")).isPositive();
    // the default profile's switches follow routing's view, which never learns of the failure
    assertThat(run("default", "0.001").counters().get("failure_drops")).isPositive();
  }
}
