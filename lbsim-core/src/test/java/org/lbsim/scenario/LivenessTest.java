package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.lbsim.metrics.InvariantViolation;
import org.lbsim.metrics.RunResult;
import org.lbsim.transport.CongestionControl;
import org.lbsim.transport.cc.CcDesign;

/**
 * The liveness rule: a window-based control under the study simulator's duplicate-ACK SACK
 * sender recovers an incast that overflows its buffer, and a sender left with nothing under way
 * fails the run, naming itself, instead of ending as an unfinished flow.
 */
class LivenessTest {

  /**
   * An 8-to-1 incast of 512 KiB flows on the 128-host fat tree at 100 Gb/s, 1 us per link, 400 KB
   * ports and 4000 B payloads, ECMP: the first burst overflows the receiver's port. After a
   * timeout the duplicate-ACK sender goes back to the cumulative ACK; its packets declared lost
   * leave the in-flight count and its first resend leaves whatever the window, so every flow
   * finishes (with the lost packets counted in flight, half of them stalled at the run limit).
   */
  @ParameterizedTest(name = "{0} + sack.trigger {1}")
  @CsvSource({"swift, dupacks", "swift, newreno", "mswift, dupacks", "mswift, newreno", "dctcp, dupacks",
      "dctcp, newreno", "nscc, dupacks", "nscc, newreno", "hpcc, dupacks", "hpcc, newreno"})
  void incastOverflowingTheBufferFinishesUnderTheDuplicateAckTriggers(String cc, String trigger) {
    RunResult r = Scenarios.run(Scenarios.of("links.rate_gbps=100", "links.latency_us=1", "buffer.bytes=400KB",
        "packet.payload=4000", "workload.kind=incast", "workload.senders=8", "workload.size=512KiB", "lb=ecmp",
        "cc=" + cc, "lr=sack", "sack.trigger=" + trigger));
    assertThat(r.unfinishedFlows()).isZero();
    assertThat(r.drops()).as("the first burst overflows the receiver's port").isPositive();
    long timeouts = r.flows().stream().mapToLong(f -> f.timeouts()).sum();
    long lost = r.flows().stream().mapToLong(f -> f.packetsLost()).sum();
    assertThat(lost).as("packets declared lost (by duplicate ACKs or timeouts)").isPositive();
    assertThat(timeouts + lost).isPositive();
  }

  /** A control that never admits a packet: its window can be opened by nothing. */
  private static final CcDesign CLOSED = new CcDesign("closed-window", "never admits a packet", "a test", List.of(),
      false, false, (p, f) -> new CongestionControl() {
        @Override
        public long pacingGapPs(long nowPs) {
          return f.lineSlotPs();
        }

        @Override
        public boolean mayTransmit(long inFlight) {
          return false;
        }
      });

  @Test
  void aSenderWhoseWindowNothingCanOpenFailsTheRunNamingItself() {
    Catalog catalog = Catalog.builtIn().plus(CLOSED, "test");
    Scenario s = ScenarioReader.fromText("", "test", Path.of("."), "closed", List.of("topology.k=4",
        "workload.kind=incast", "workload.senders=2", "workload.size=16KiB", "cc=closed-window", "lr=sack",
        "sack.trigger=dupacks"), "--set", catalog);
    assertThatThrownBy(() -> ScenarioRunner.run(s)).isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("run 'closed' broke 2 invariants")
        .hasMessageContaining("flow 0 (1->0) under cc closed-window, lr sack (")
        .hasMessageContaining("sack.trigger dupacks")
        .hasMessageContaining("stalled at 0.000 us: its congestion control lets no packet leave with nothing in flight")
        .hasMessageContaining("(sent 0, declared lost 0, timeouts 0, in flight 0, unacknowledged 0)")
        .hasMessageContaining("flow 1 (2->0)");
  }
}
