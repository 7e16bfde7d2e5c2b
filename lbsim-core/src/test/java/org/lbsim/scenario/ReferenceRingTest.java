package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.lbsim.metrics.RunResult;
import org.lbsim.transport.FlowOutcome;

/**
 * Ring collectives under {@code profile: reference}: each ring step starts when the step before
 * it has reached its host, often while that host's previous step is still in its erasure tail
 * (one packet per slot until its completing ACK is back), so a host sends two flows at once. The
 * study simulator's host NIC serves each flow's FIFO round robin, the ACKs a host returns in the
 * queue of their own flow, so they do not wait behind its data; with one FIFO for everything the
 * ACKs wait behind a backlog that the tails keep growing, and no ring step ever completes.
 */
class ReferenceRingTest {
  private static final long SLOT_PS = 4178 * 10; // one MTU at 800 Gb/s, one flow per host and stage
  private static final int PAYLOAD = 4096;

  @ParameterizedTest(name = "{0} {1} {2}")
  @CsvSource({
      "ring-allreduce, 256KiB, host-spray",
      "ring-allreduce, 4MiB, ecmp",
      "ring-allgather, 256KiB, ecmp",
      "ring-allgather, 4MiB, host-spray"})
  void everyStepFinishesAndSendsLessThanOneRttOfSurplus(String kind, String size, String lb) {
    RunResult r = ScenarioRunner.run(Scenarios.of("profile=reference", "topology.k=4", "workload.kind=" + kind,
        "workload.size=" + size, "lb=" + lb, "run.limit_ms=1"));
    int steps = kind.equals("ring-allreduce") ? 2 * 15 : 15;
    assertThat(r.flows()).hasSize(16 * steps);
    assertThat(r.unfinishedFlows()).isZero();
    assertThat(r.counters().get("in_flight_at_end")).as("packets left in the NICs and the fabric").isZero();
    for (FlowOutcome f : r.flows()) {
      long target = (f.bytes() + PAYLOAD - 1) / PAYLOAD;
      // the surplus is what the tail sends after its pause of one SRTT until the completing ACK
      // is back: less than one RTT of slots
      assertThat(f.packetsSent()).as("flow %d", f.id()).isBetween(target, target + f.meanRttPs() / SLOT_PS);
      assertThat(f.receivedPs()).as("flow %d", f.id()).isLessThanOrEqualTo(f.finishPs());
    }
  }
}
