package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.metrics.RunResult;
import org.lbsim.transport.FlowOutcome;

/**
 * {@code transport.rtt_from}: where a data packet's RTT samples start. On a 16-host all-to-all each
 * host sends 15 flows through one NIC with back-pressure, so every flow's slot finds the NIC busy
 * and its packet waits for its turn behind the other 14. A congestion control that ignores delay
 * ({@code line-rate}) with erasure coding sends the same packets at the same times either way;
 * only the RTT samples differ, by the time each packet waited: more than nothing, and at most one
 * round of the host's other flows' data packets and the ACKs it returns.
 */
class RttFromSlotTest {
  private static final long DATA_SLOT_PS = (4096 + 62 + 20) * 10; // 800 Gb/s: 10 ps per byte
  private static final long ACK_SLOT_PS = (64 + 20) * 10;

  private static RunResult run(String rttFrom) {
    return ScenarioRunner.run(Scenarios.of("topology.k=4", "workload.kind=all-to-all", "workload.size=64KiB",
        "cc=line-rate", "lr=erasure", "lb=host-spray", "transport.rtt_from=" + rttFrom));
  }

  private static FlowOutcome withoutRtt(FlowOutcome f) {
    return f.toBuilder().meanRttPs(0).build();
  }

  @Test
  void theWaitForTheNicCountsAsDelayAndChangesNothingElse() {
    RunResult nic = run("nic");
    RunResult slot = run("slot");
    List<FlowOutcome> a = nic.flows();
    List<FlowOutcome> b = slot.flows();
    assertThat(b).hasSize(16 * 15);
    assertThat(b.stream().map(RttFromSlotTest::withoutRtt).toList())
        .isEqualTo(a.stream().map(RttFromSlotTest::withoutRtt).toList());
    assertThat(slot.cctPs()).isEqualTo(nic.cctPs());
    long round = 14 * DATA_SLOT_PS + 15 * ACK_SLOT_PS;
    for (int i = 0; i < a.size(); i++) {
      long waited = b.get(i).meanRttPs() - a.get(i).meanRttPs();
      assertThat(waited).as("flow %d: mean wait for the NIC, ps", i).isPositive().isLessThanOrEqualTo(round);
    }
  }

  @Test
  void aLoneFlowNeverWaitsSoBothStartsAgree() {
    RunResult nic = ScenarioRunner.run(Scenarios.of("topology.k=4", "workload.kind=incast", "workload.senders=1",
        "workload.receiver=3", "workload.size=1MiB", "cc=swift", "lr=sack", "transport.rtt_from=nic"));
    RunResult slot = ScenarioRunner.run(Scenarios.of("topology.k=4", "workload.kind=incast", "workload.senders=1",
        "workload.receiver=3", "workload.size=1MiB", "cc=swift", "lr=sack", "transport.rtt_from=slot"));
    assertThat(slot.flows()).isEqualTo(nic.flows());
  }
}
