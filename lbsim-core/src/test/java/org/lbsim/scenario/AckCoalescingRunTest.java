package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lbsim.metrics.RunResult;
import org.lbsim.transport.FlowOutcome;

/**
 * Receivers that coalesce ACKs ({@code transport.ack_coalesce_bytes}) in whole runs: every
 * congestion control stays live and within its bound with one ACK for several packets, and a lone
 * flow gets exactly the ACKs the rules give, finishing when it would with an ACK per packet.
 */
class AckCoalescingRunTest {
  private static final List<String> UEC = List.of("lr=sack", "sack.fast_retransmit=0", "lb=host-spray",
      "topology.k=4", "links.rate_gbps=100", "links.latency_us=1", "packet.payload=4086", "packet.header=64",
      "packet.gap=0", "packet.ack=64");

  private static RunResult run(List<String> base, String... extra) {
    String[] all = new String[base.size() + extra.length];
    for (int i = 0; i < base.size(); i++) {
      all[i] = base.get(i);
    }
    System.arraycopy(extra, 0, all, base.size(), extra.length);
    return Scenarios.run(Scenarios.of(all));
  }

  @ParameterizedTest
  @ValueSource(strings = {"dctcp", "swift", "mswift", "timely", "dcqcn", "hpcc", "nscc", "mnscc", "eqds", "line-rate"})
  void everyControlFinishesAnAllToAllWithFewerAcks(String cc) {
    RunResult coalesced = run(UEC, "cc=" + cc, "workload.kind=all-to-all", "workload.size=64KiB", "buffer.packets=16",
        "buffer.trimming=all", "transport.ack_coalesce_bytes=16384");
    RunResult each = run(UEC, "cc=" + cc, "workload.kind=all-to-all", "workload.size=64KiB", "buffer.packets=16",
        "buffer.trimming=all");
    assertThat(coalesced.unfinishedFlows()).isZero();
    assertThat(coalesced.cctPs()).isGreaterThanOrEqualTo(coalesced.boundPs());
    assertThat(coalesced.boundPs()).as("fewer ACKs on the host links").isLessThan(each.boundPs());
    // the counter also holds CNPs and pulls, which coalescing leaves as they are
    assertThat(coalesced.counters().get("ack_sent")).isLessThan(each.counters().get("ack_sent"));
  }

  /**
   * 20 packets of 4,150 B, far below NSCC's first window: ACKs for packet 0 (the first), then
   * every fourth (4, 8, 12, 16: 16,600 B since the last ACK), and 19 (its sender's last, which
   * asks for one): 6 ACKs. The last ACK answers the last packet as at one ACK per packet, so the
   * sender finishes at the same picosecond.
   */
  @Test
  void aLoneFlowGetsTheFirstEveryFourthAndTheLastPacketsAcks() {
    List<String> lone = List.of("cc=nscc", "workload.kind=incast", "workload.senders=1", "workload.receiver=7",
        "workload.size=81720B");
    RunResult coalesced = run(UEC, concat(lone, "transport.ack_coalesce_bytes=16384"));
    RunResult each = run(UEC, concat(lone, "transport.ack_coalesce_bytes=0"));
    FlowOutcome c = coalesced.flows().get(0);
    assertThat(c.packetsSent()).isEqualTo(20);
    assertThat(coalesced.counters().get("ack_sent")).isEqualTo(6);
    assertThat(each.counters().get("ack_sent")).isEqualTo(20);
    assertThat(c.finishPs()).isEqualTo(each.flows().get(0).finishPs());
  }

  /** The collectives' bounds count an ACK for every data packet, so with coalesced ACKs a ring has none. */
  @Test
  void aRingWithCoalescedAcksFinishesWithoutABound() {
    RunResult r = run(UEC, "cc=nscc", "workload.kind=ring-allreduce", "workload.size=1MiB",
        "transport.ack_coalesce_bytes=16384");
    assertThat(r.unfinishedFlows()).isZero();
    assertThat(r.boundPs()).isEqualTo(-1);
    assertThat(run(UEC, "cc=nscc", "workload.kind=ring-allreduce", "workload.size=1MiB").boundPs()).isPositive();
  }

  @Test
  void coalescingNeedsSackAndANonNegativeThreshold() {
    assertThatThrownBy(() -> Scenarios.of("lr=gbn", "cc=dctcp", "transport.ack_coalesce_bytes=16384"))
        .hasMessageContaining("transport.ack_coalesce_bytes").hasMessageContaining("lr is sack");
    assertThatThrownBy(() -> Scenarios.of("lr=sack", "cc=dctcp", "transport.ack_coalesce_bytes=-1"))
        .hasMessageContaining("transport.ack_coalesce_bytes").hasMessageContaining("-1")
        .hasMessageContaining("an integer from 0 to 1048576");
  }

  private static String[] concat(List<String> a, String b) {
    String[] out = a.toArray(new String[a.size() + 1]);
    out[a.size()] = b;
    return out;
  }
}
