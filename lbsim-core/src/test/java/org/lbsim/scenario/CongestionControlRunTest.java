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
  @ValueSource(strings = {"dctcp", "swift", "mswift", "hpcc", "nscc"})
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

  @Test
  void badCcParameterIsReportedWithItsRange() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Scenarios.of("cc=swift", "swift.max_mdf=2"))
        .hasMessageContaining("swift.max_mdf").hasMessageContaining("2").hasMessageContaining("0.999");
  }
}
