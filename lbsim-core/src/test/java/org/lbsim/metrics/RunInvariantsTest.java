package org.lbsim.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.lbsim.transport.FlowOutcome;

/** Each rule of {@link RunInvariants} on a hand-made result that breaks it, and one that keeps them all. */
class RunInvariantsTest {
  /** Two switch ports of 10,000 B and a host NIC; 1,000 B payload + 100 B header at 8 Gb/s (1 B/ns). */
  private static final RunInvariants RULES = new RunInvariants(new long[] {10_000, 10_000, -1}, 64, 1_100, 1_100,
      1_000, 8_000_000_000L, true);

  private static PortStats port(String name, long bytes, long packets, long maxQ, double meanQ, double util) {
    return new PortStats(name, "tor-up", bytes, packets, maxQ, meanQ, 0, 0, util, 0, 0, 0);
  }

  private static Map<String, Long> counters(long inFlight) {
    Map<String, Long> c = new LinkedHashMap<>();
    c.put("data_sent", 10L);
    c.put("data_delivered", 10L - inFlight);
    c.put("data_dropped", 0L);
    c.put("ack_sent", 10L - inFlight);
    c.put("ack_delivered", 10L - inFlight);
    c.put("ack_dropped", 0L);
    c.put("ecn_marked", 0L);
    c.put("data_trimmed", 0L);
    c.put("in_flight_at_end", inFlight);
    return c;
  }

  /** One 10,000 B flow (10 packets: 11,000 ns on its 1 B/ns host link) finishing at {@code finishPs}. */
  private static RunResult result(List<PortStats> ports, long finishPs, long inFlight) {
    FlowOutcome f = FlowOutcome.builder().id(0).src(0).dst(1).bytes(10_000).startPs(0).finishPs(finishPs)
        .receivedPs(finishPs).packetsSent(10).build();
    return new RunResult("t", Map.of(), finishPs, -1, finishPs, 1, List.of(f), ports, counters(inFlight));
  }

  private static List<PortStats> goodPorts() {
    return List.of(port("a", 11_000, 10, 5_500, 2_000, 0.5), port("b", 0, 0, 0, 0, 0),
        port("h0", 11_640, 20, 2_200, 100, 1.0));
  }

  @Test
  void aConsistentRunKeepsEveryRule() {
    assertThat(RULES.violations(result(goodPorts(), 20_000_000, 0), true)).isEmpty();
  }

  @Test
  void aCctBelowTheLowerBoundIsAViolationWhereTheBoundHolds() {
    FlowOutcome f = FlowOutcome.builder().id(0).src(0).dst(1).bytes(10_000).startPs(0).finishPs(20_000_000)
        .receivedPs(20_000_000).packetsSent(10).build();
    RunInvariants rules = new RunInvariants(new long[] {10_000, 10_000, -1}, 64, 1_100, 1_100, 1_000, 8_000_000_000L,
        true, true);
    RunResult under = new RunResult("t", Map.of(), 20_000_000, 20_000_200, 20_000_000, 1, List.of(f), goodPorts(),
        counters(0));
    RunResult at = new RunResult("t", Map.of(), 20_000_000, 20_000_000, 20_000_000, 1, List.of(f), goodPorts(),
        counters(0));

    assertThat(rules.violations(under, true))
        .containsExactly("CCT 20000000 ps below the run's lower bound of 20000200 ps");
    assertThat(rules.violations(at, true)).isEmpty();
    assertThat(RULES.violations(under, true)).as("a run whose bound does not hold").isEmpty();
  }

  @Test
  void utilizationAboveOneIsNamedWithThePort() {
    RunResult r = result(List.of(port("agg5>core13", 11_000, 10, 5_500, 2_000, 1.057418)), 20_000_000, 0);
    assertThat(new RunInvariants(new long[] {10_000}, 64, 1_100, 1_100, 1_000, 8_000_000_000L, true)
        .violations(r, true)).containsExactly("port agg5>core13: utilization 1.05742 outside [0, 1]");
  }

  @Test
  void aMeanQueueAboveTheLargestIsAViolation() {
    RunResult r = result(List.of(port("a", 11_000, 10, 417_792, 421_667.64, 0.5)), 20_000_000, 0);
    assertThat(new RunInvariants(new long[] {500_000}, 64, 1_100, 1_100, 1_000, 8_000_000_000L, true)
        .violations(r, true)).containsExactly("port a: mean queue 421668 B outside [0, max queue 417792 B]");
  }

  @Test
  void aQueueAboveTheBufferIsAViolation() {
    RunResult r = result(List.of(port("a", 11_000, 10, 10_001, 10, 0.5), port("b", 0, 0, 0, 0, 0),
        port("h0", 0, 0, 1_000_000, 10, 0.1)), 20_000_000, 0);
    assertThat(RULES.violations(r, true)).containsExactly("port a: max queue 10001 B above the buffer's 10000 B");
  }

  @Test
  void bytesThatNoMixOfPacketSizesGivesAreAViolation() {
    RunResult r = result(List.of(port("a", 11_001, 10, 5_500, 10, 0.5), port("b", 100, 2, 0, 0, 0),
        port("h0", 0, 0, 0, 0, 0)), 20_000_000, 0);
    assertThat(RULES.violations(r, true)).containsExactly(
        "port a: 11001 B sent in 10 packets, outside 64-1100 B per packet",
        "port b: 100 B sent in 2 packets, outside 64-1100 B per packet");
  }

  @Test
  void packetsUnaccountedForBreakConservation() {
    RunResult r = result(goodPorts(), 20_000_000, 0);
    r.counters().put("data_delivered", 9L);
    assertThat(RULES.violations(r, true))
        .containsExactly("conservation: 20 packets sent (data 10, ACK 10) but 19 delivered, dropped, returned or in flight");
  }

  @Test
  void packetsLeftInFlightAfterADrainedRunAreAViolationButNotAtTheTimeLimit() {
    RunResult r = result(goodPorts(), 20_000_000, 2);
    assertThat(RULES.violations(r, true)).containsExactly(
        "conservation: every flow finished, yet 2 packets are in flight at the end (0 held by failed links)");
    assertThat(RULES.violations(r, false)).isEmpty();
  }

  @Test
  void aFlowFasterThanItsHostLinkIsAViolation() {
    RunResult r = result(goodPorts(), 10_999_999, 0);
    assertThat(RULES.violations(r, true)).hasSize(2).anySatisfy(v -> assertThat(v).startsWith(
        "flow 0 (0->1, 10000 B): started at 0 ps and finished at 10999999 ps (FCT 10999999 ps), but its host link needs"))
        .anySatisfy(v -> assertThat(v).startsWith("CCT 10999999 ps, but host 0's link needs 1.10000e+07 ps"));
    assertThat(RULES.violations(result(goodPorts(), 11_000_000, 0), true)).isEmpty();
  }

  @Test
  void checkThrowsAnInternalErrorNamingTheNumbers() {
    RunResult r = result(List.of(port("x", 11_000, 10, 100, 200, 0.5)), 20_000_000, 0);
    assertThatThrownBy(() -> new RunInvariants(new long[] {10_000}, 64, 1_100, 1_100, 1_000, 8_000_000_000L, true)
        .check(r, true)).isInstanceOf(InvariantViolation.class)
        .hasMessage("run 't' broke 1 invariant: port x: mean queue 200.000 B outside [0, max queue 100 B]");
  }
}
