package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.metrics.RunResult;
import org.lbsim.transport.FlowOutcome;

/**
 * Host DR's fixed rotation order keeps the flows that share a ToR at the same offsets cycle after
 * cycle, so a port that overflows drops the same flows' packets again and again; a fresh random
 * order per cycle ({@code host-dr.order: shuffled}) spreads the same kind of losses over all
 * flows (docs/reproduction/small-buffers.md). A 16-host all-to-all of 256 KiB with 6-packet ports.
 */
class HostDrOrderTest {
  private static RunResult run(String order) {
    return Scenarios.run(Scenarios.of("topology.k=4", "workload.kind=all-to-all", "workload.size=256KiB",
        "buffer.packets=6", "lb=host-dr", "host-dr.order=" + order));
  }

  /** The share of all lost packets that the tenth of the flows losing most lost. */
  private static double worstTenthShare(RunResult r) {
    List<Long> lost = r.flows().stream().map(FlowOutcome::packetsLost).sorted((a, b) -> Long.compare(b, a)).toList();
    long all = lost.stream().mapToLong(Long::longValue).sum();
    long worst = lost.subList(0, lost.size() / 10).stream().mapToLong(Long::longValue).sum();
    return (double) worst / all;
  }

  @Test
  void theRotationsLossesFallOnFewFlowsAndAShuffledOrderSpreadsThem() {
    RunResult rotation = run("rotation");
    RunResult shuffled = run("shuffled");
    assertThat(rotation.drops()).isPositive();
    assertThat(shuffled.drops()).isPositive();
    assertThat(worstTenthShare(rotation)).as("rotation: the worst tenth's share of losses").isGreaterThan(0.9);
    assertThat(worstTenthShare(shuffled)).as("shuffled: the worst tenth's share of losses").isLessThan(0.4);
    // the collective waits for its slowest flow, whose losses a spread order caps
    assertThat(rotation.cctPs()).isGreaterThan(shuffled.cctPs() * 5 / 4);
  }
}
