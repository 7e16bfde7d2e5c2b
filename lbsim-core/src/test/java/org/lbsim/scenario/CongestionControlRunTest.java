package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.lbsim.lb.LbDesign;
import org.lbsim.lb.LbDesigns;
import org.lbsim.metrics.PortStats;
import org.lbsim.metrics.QueueSeries;
import org.lbsim.metrics.RunResult;
import org.lbsim.transport.FlowOutcome;
import org.lbsim.transport.cc.CcDesign;
import org.lbsim.transport.cc.CcDesigns;

/** The congestion controls in whole runs: every combination completes; fairness; incast queues. */
class CongestionControlRunTest {
  static Stream<Arguments> matrix() {
    List<Arguments> out = new ArrayList<>();
    for (CcDesign cc : CcDesigns.all()) {
      if (cc.name().equals("ideal")) {
        continue; // DesignMatrixTest runs the ideal constant rate with both profiles
      }
      for (LbDesign d : LbDesigns.all()) {
        for (String lr : ScenarioSchema.get("lr").choices()) {
          out.add(Arguments.of(cc.name(), d.name(), lr));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0} + {1} + {2}")
  @MethodSource("matrix")
  void everyCcWithEveryLbAndRecoveryCompletesAndConserves(String cc, String lb, String lr) {
    RunResult r = Scenarios.run(Scenarios.of("cc=" + cc, "lb=" + lb, "lr=" + lr, "topology.k=4",
        "workload.kind=all-to-all", "workload.size=32KiB", "buffer.packets=16"));
    assertThat(r.unfinishedFlows()).isZero();
    assertThat(r.cctPs()).isGreaterThanOrEqualTo(r.boundPs());
  }

  private static PortStats port(RunResult r, String name) {
    return r.ports().stream().filter(p -> p.port().equals(name)).findFirst().orElseThrow();
  }

  /** Two 32 MiB flows from one ToR into a host of another pod (equal RTTs): their FCTs differ by less than 10%, i.e. each got its fair half of the link. */
  @ParameterizedTest
  @ValueSource(strings = {"dctcp", "swift", "mswift", "hpcc", "nscc", "mnscc", "eqds"})
  void twoFlowsShareABottleneckFairly(String cc) {
    RunResult r = Scenarios.run(Scenarios.of("cc=" + cc, "lb=ecmp", "lr=sack", "topology.k=4", "workload.kind=incast",
        "workload.senders=2", "workload.receiver=3", "workload.size=32MiB", "buffer.ecn_fraction=0.1"));
    List<FlowOutcome> f = r.flows();
    long a = f.get(0).fctPs();
    long b = f.get(1).fctPs();
    assertThat((double) Math.abs(a - b) / Math.max(a, b)).as("%s FCTs %d and %d ps", cc, a, b).isLessThan(0.10);
  }

  /** 15:1 incast, delay-based: the receiver's port holds about Swift's target, below the buffer, at full rate. */
  @ParameterizedTest
  @ValueSource(strings = {"swift", "mswift"})
  void swiftIncastQueueNearTarget(String cc) {
    RunResult r = Scenarios.run(Scenarios.of("cc=" + cc, "lr=sack", "topology.k=4", "workload.kind=incast",
        "workload.size=4MiB", "buffer.ecn_fraction=0.1"));
    PortStats bottleneck = port(r, "tor0>h0");
    // target = unloaded RTT + 1 us + 4 hops x 0.1 us + flow scaling (< 5 us): at most 6.4 us of queue = 640 KB;
    // losses happen only while the 15 line-rate starts are cut down in the first RTTs
    assertThat(bottleneck.meanQueueBytes()).isBetween(50_000.0, 400_000.0);
    assertThat(bottleneck.utilization()).isGreaterThan(0.9);
    assertThat(bottleneck.drops()).isLessThan(15 * 1024 / 5);
  }

  /** DCQCN and HPCC promise no loss on a PFC fabric: the 15:1 incast drops nothing. */
  @ParameterizedTest
  @ValueSource(strings = {"dcqcn", "hpcc"})
  void losslessCcsDropNothingWithPfc(String cc) {
    RunResult r = Scenarios.run(Scenarios.of("cc=" + cc, "lr=sack", "topology.k=4", "workload.kind=incast",
        "workload.size=1MiB", "buffer.pfc=on", "buffer.red=on"));
    assertThat(r.drops()).isZero();
    assertThat(r.counters().get("cnp_sent") > 0).isEqualTo(cc.equals("dcqcn"));
  }

  /** The 15:1 incast of 4 MiB per sender into host 0 of a k = 4 fat tree, queue sampled every microsecond. */
  private static RunResult incast(String... extra) {
    List<String> o = new ArrayList<>(List.of("lr=sack", "topology.k=4", "workload.kind=incast", "workload.size=4MiB",
        "metrics.queue_sample_us=1"));
    o.addAll(List.of(extra));
    return Scenarios.run(Scenarios.of(o));
  }

  /**
   * Mean queue of {@code port} over the second half of the collective: the steady state a control
   * law settles in, after the first RTTs in which 15 senders start at once.
   */
  private static double steadyQueueBytes(RunResult r, String port) {
    QueueSeries q = r.queues();
    int i = q.ports().indexOf(port);
    assertThat(i).as("%s sampled", port).isNotNegative();
    long[] b = q.bytes().get(i);
    int from = (int) (r.cctPs() / 2 / q.intervalPs());
    int to = (int) Math.min(b.length, r.cctPs() / q.intervalPs());
    double sum = 0;
    for (int j = from; j < to; j++) {
      sum += b[j];
    }
    return sum / Math.max(1, to - from);
  }

  /** DCTCP's target is the marking threshold K (ECN at 10 % of 800 KB = 80 KB): the queue oscillates around it. */
  @Test
  void dctcpIncastQueueNearK() {
    RunResult r = incast("cc=dctcp", "buffer.ecn_fraction=0.1");
    double k = 80_000;
    assertThat(steadyQueueBytes(r, "tor0>h0")).isBetween(0.25 * k, 2 * k);
    assertThat(port(r, "tor0>h0").utilization()).isGreaterThan(0.85);
  }

  /**
   * NSCC's target is a queueing delay of 0.75 x the unloaded RTT. Senders in other pods (12 of 15)
   * have a 6.25 us RTT (6 links of 0.5 us, a 41.6 ns data and a 0.64 ns ACK serialization each),
   * so a 4.69 us target = 469 KB at 800 Gb/s; they hold the queue there (closer senders' targets
   * are lower, so they fair-increase rather than cut).
   */
  @ParameterizedTest
  @ValueSource(strings = {"nscc", "mnscc"})
  void nsccIncastQueueNearTargetDelay(String cc) {
    RunResult r = incast("cc=" + cc);
    double target = 0.75 * (6 * (41_580 + 500_000) + 6 * (640 + 500_000)) / 1e3 * 100; // ps -> bytes at 100 B/ns
    assertThat(target).isCloseTo(469_000, org.assertj.core.api.Assertions.within(1_000.0));
    assertThat(steadyQueueBytes(r, "tor0>h0")).isBetween(0.7 * target, 1.15 * target);
    assertThat(port(r, "tor0>h0").utilization()).isGreaterThan(0.9);
  }

  /**
   * DCQCN's target is RED's marking range (K_min 5 KB to K_max 200 KB): with PFC the queue settles
   * at or below K_max and nothing is dropped.
   */
  @Test
  void dcqcnIncastQueueWithinRedRangeWithoutLoss() {
    RunResult r = incast("cc=dcqcn", "buffer.pfc=on", "buffer.red=on");
    assertThat(steadyQueueBytes(r, "tor0>h0")).isLessThanOrEqualTo(200_000);
    assertThat(r.drops()).isZero();
  }

  /**
   * HPCC's target is utilization eta = 0.95, i.e. a near-empty queue: on single paths (the paper's
   * setting; INT records of sprayed packets mix ports) the steady queue is below 4 data packets.
   */
  @Test
  void hpccIncastQueueNearZero() {
    RunResult r = incast("cc=hpcc", "lb=ecmp", "buffer.pfc=on");
    assertThat(steadyQueueBytes(r, "tor0>h0")).isLessThan(4 * 4158);
    assertThat(r.drops()).isZero();
  }

  /**
   * EQDS's target is no queue at the last hop: the receiver pulls at 0.99 x its link rate, so only
   * the unsolicited first window queues, and NDP-style trimming with 8-packet buffers (EQDS's NDP
   * backend) turns its overflow into headers instead of losses.
   */
  @Test
  void eqdsIncastQueueNearZeroWithoutLoss() {
    RunResult r = incast("cc=eqds", "buffer.packets=8", "buffer.trimming=all");
    assertThat(r.counters().get("data_dropped")).isZero();
    assertThat(r.counters().get("data_trimmed")).isPositive(); // 15 unsolicited windows of one BDP
    assertThat(steadyQueueBytes(r, "tor0>h0")).isLessThan(2 * 4158);
    assertThat(port(r, "tor0>h0").utilization()).isGreaterThan(0.95);
    assertThat(r.counters().get("pull_sent")).isPositive();
  }

  /**
   * A lone EQDS flow longer than its speculative window (65 packets, window 64) never idles: when
   * speculation ends with credit left, the receiver's idle pulls keep it sending, so its last byte
   * arrives exactly at line rate — 65 slots of 332 ns, then 5 switch serializations and 6 links of
   * 1 us. (Without idle pulls it waited about one RTT for pulls, arriving at 43.00 us.) Host 8 sends to host 7,
   * in another pod.
   */
  @Test
  void aLoneEqdsFlowPastItsWindowRunsAtLineRate() {
    RunResult r = Scenarios.run(Scenarios.of("cc=eqds", "eqds.init_window_packets=64", "lr=sack", "lb=host-spray",
        "topology.k=4", "links.rate_gbps=100", "links.latency_us=1", "buffer.ecn_fraction=-1", "workload.kind=incast",
        "workload.senders=1", "workload.receiver=7",
        "workload.size=262144B", "packet.payload=4086", "packet.header=64", "packet.gap=0", "packet.ack=64"));
    FlowOutcome f = r.flows().get(0);
    assertThat(f.packetsSent()).isEqualTo(65);
    assertThat(f.receivedPs() - f.startPs()).isEqualTo(65 * 332_000L + 5 * 332_000L + 6 * 1_000_000L);
  }

  /**
   * The same lone flow with a 16-packet window: each packet it sends on a pull raises its target by
   * one, and every raise earns a pull even when idle pulls ran ahead, so pulls never pause. Its
   * last byte arrives at 41.408 us, and its sender finishes at 47.439 us (htsim's matched lone
   * flow: 46.78 us); when a raise below the pulls granted earned nothing, at 46.771 and 52.801 us.
   */
  @Test
  void aLoneEqdsFlowWithASmallWindowKeepsItsPullsComing() {
    RunResult r = Scenarios.run(Scenarios.of("cc=eqds", "eqds.init_window_packets=16", "lr=sack", "lb=host-spray",
        "topology.k=4", "links.rate_gbps=100", "links.latency_us=1", "buffer.ecn_fraction=-1", "workload.kind=incast",
        "workload.senders=1", "workload.receiver=7", "workload.size=262144B", "packet.payload=4086", "packet.header=64",
        "packet.gap=0", "packet.ack=64"));
    FlowOutcome f = r.flows().get(0);
    assertThat(f.receivedPs() - f.startPs()).isEqualTo(41_408_224L);
  }

  @Test
  void badCcParameterIsReportedWithItsRange() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Scenarios.of("cc=swift", "swift.max_mdf=2"))
        .hasMessageContaining("swift.max_mdf").hasMessageContaining("2").hasMessageContaining("0.999");
  }
}
