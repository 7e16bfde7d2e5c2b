package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.lbsim.metrics.PortStats;
import org.lbsim.metrics.RunResult;
import org.lbsim.results.ResultWriter;
import org.lbsim.transport.FlowOutcome;

/** Failed links in whole runs: exact degraded rates, black holes against convergence, the time limit. */
class FailureRunTest {

  /** One 1 MiB flow host 1 -> host 0 on a k = 2 fat tree: the only path crosses agg0-core0. */
  private static List<String> lonePath(String... more) {
    List<String> o = new ArrayList<>(List.of("topology.k=2", "workload.kind=incast", "workload.senders=1",
        "workload.receiver=0", "workload.size=1MiB", "lb=ecmp", "failures.kind=degraded", "failures.links=agg0-core0",
        "failures.capacity=0.5"));
    o.addAll(List.of(more));
    return o;
  }

  @Test
  void aDegradedLinkCarriesExactlyItsReducedRate() {
    // 400 Gb/s = 20 ps/B on both directions of agg0-core0: data 4158 B -> 83,160 ps + 20 B gap
    // -> 400 ps, ACK 64 B -> 1,280 ps. At rho_max = 400 G the sender's slot is 4178 B at 400 G =
    // 83,560 ps, exactly the degraded link's time per packet, so nothing ever queues there.
    long slot = 83_560;
    long data = 5 * 41_580 + 83_160 + 6 * 500_000;
    long ack = 5 * 640 + 1_280 + 6 * 500_000;
    long expected = 255 * slot + data + ack;
    RunResult r = Scenarios.run(Scenarios.of(lonePath()));
    FlowOutcome f = r.flows().get(0);
    assertThat(f.fctPs()).isEqualTo(expected).isEqualTo(27_603_340L);
    assertThat(port(r, "core0>agg0").maxQueueBytes()).isEqualTo(4158);
    // Paced at the host's fair share instead (800 G), packets pile up before the 400 G link, which
    // still passes exactly one every 83,560 ps: the flow ends at the same picosecond.
    RunResult fair = Scenarios.run(Scenarios.of(lonePath("failures.pacing=fair-share")));
    assertThat(fair.flows().get(0).fctPs()).isEqualTo(expected);
    assertThat(port(fair, "core0>agg0").maxQueueBytes()).isGreaterThan(100 * 4158L);
    assertThat(fair.drops()).isZero();
  }

  @Test
  void theReferenceProfileSlowsOnlyTheDownwardDirectionOfADegradedLink() {
    // k = 2: host 0 -> host 1 leaves over agg0>core0 (up), host 1 -> host 0 arrives over core0>agg0 (down)
    long upIntact = fct("profile=reference", "failures.kind=none", "workload.receiver=1");
    long upDegraded = fct("profile=reference", "failures.pacing=fair-share", "workload.receiver=1");
    long downIntact = fct("profile=reference", "failures.kind=none", "workload.receiver=0");
    long downDegraded = fct("profile=reference", "failures.pacing=fair-share", "workload.receiver=0");
    // the data never waits; only the last ACK (82 B under the reference) crosses the slow direction,
    // 1,640 ps at 400 Gb/s instead of 820 ps
    assertThat(upDegraded).isEqualTo(upIntact + 820);
    // the slowed direction serializes all 256 data packets at 400 Gb/s: 4,096 B on the reference's
    // wire = 81,920 ps each; the default's 4,158 B + 20 B gap = 83,560 ps each
    assertThat(downIntact).isLessThan(256 * 81_920L);
    assertThat(downDegraded).isGreaterThanOrEqualTo(256 * 81_920L);
    // the default profile slows both directions
    assertThat(fct("failures.kind=none", "workload.receiver=1")).isLessThan(256 * 83_560L);
    assertThat(fct("failures.pacing=fair-share", "workload.receiver=1")).isGreaterThanOrEqualTo(256 * 83_560L);
  }

  private static long fct(String... more) {
    List<String> o = lonePath(more);
    if (List.of(more).contains("failures.kind=none")) {
      o.removeIf(k -> k.startsWith("failures.") && !k.equals("failures.kind=none"));
    }
    return Scenarios.run(Scenarios.of(o)).flows().get(0).fctPs();
  }

  /** A permutation on k = 4 whose ECMP paths cross agg0-core0 (seed 1). */
  private static List<String> blackHole(String kind, String g, String limitMs) {
    return List.of("topology.k=4", "workload.kind=permutation", "workload.size=256KiB", "lb=host-spray",
        "failures.kind=" + kind, "failures.links=agg0-core0,tor2-agg3", "failures.convergence_us=" + g,
        "run.limit_ms=" + limitMs);
  }

  @Test
  void aBlackHoleDropsUntilRoutesConvergeAndNothingAfter() {
    RunResult never = Scenarios.run(Scenarios.of(blackHole("drop", "never", "5")));
    assertThat(never.counters().get("failure_drops")).isGreaterThan(100);
    // G = 20 us: stopped 10 us after convergence (time for what was already queued or on the wire
    // towards the dead links), and run to the end: the same losses, so none after convergence.
    RunResult early = ScenarioRunner.run(Scenarios.of(blackHole("drop", "20", "0.030")));
    RunResult full = Scenarios.run(Scenarios.of(blackHole("drop", "20", "5")));
    long lost = full.counters().get("failure_drops");
    assertThat(lost).isPositive().isLessThan(never.counters().get("failure_drops"));
    assertThat(early.counters().get("failure_drops")).isEqualTo(lost);
    assertThat(full.unfinishedFlows()).isZero();
    // G = 0: converged before the first packet, so nothing is ever sent into the dead links
    RunResult converged = Scenarios.run(Scenarios.of(blackHole("drop", "0", "5")));
    assertThat(converged.counters().get("failure_drops")).isZero();
    for (String name : List.of("agg0>core0", "core0>agg0", "tor2>agg3", "agg3>tor2")) {
      assertThat(port(converged, name).packetsSent()).as(name).isZero();
    }
  }

  @Test
  void aHoldingBlackHoleKeepsWhatItGotBeforeConvergence() {
    RunResult r = ScenarioRunner.run(Scenarios.of(blackHole("hold", "20", "5")));
    long held = r.counters().get("held_at_end");
    assertThat(held).isPositive();
    assertThat(r.counters().get("in_flight_at_end")).isEqualTo(held);
    assertThat(r.unfinishedFlows()).isZero();
    assertThat(ResultWriter.conservationHolds(r)).isTrue();
    // stopped 10 us after convergence it already held all of them
    RunResult early = ScenarioRunner.run(Scenarios.of(blackHole("hold", "20", "0.030")));
    assertThat(early.counters().get("held_at_end")).isEqualTo(held);
    RunResult converged = ScenarioRunner.run(Scenarios.of(blackHole("hold", "0", "5")));
    assertThat(converged.counters().get("held_at_end")).isZero();
  }

  @Test
  void ecmpIntoANeverConvergingBlackHoleStopsAtTheLimitAndSaysWhy() {
    RunResult r = ScenarioRunner.run(Scenarios.of("topology.k=4", "workload.kind=permutation", "workload.size=64KiB",
        "lb=ecmp", "failures.kind=drop", "failures.links=agg0-core0,tor2-agg3", "run.limit_ms=1"));
    assertThat(r.unfinishedFlows()).isPositive();
    assertThat(r.cctPs()).isEqualTo(-1);
    assertThat(r.endPs()).isEqualTo(1_000_000_000L);
    assertThat(r.unfinished()).hasSize((int) r.unfinishedFlows());
    for (String why : r.unfinished().values()) {
      assertThat(why).containsPattern("lost at failed link (agg0-core0|tor2-agg3) \\(drop\\); routes never converge");
    }
    Map<String, Object> summary = ResultWriter.summary(r);
    assertThat(summary).containsKey("unfinished");
    assertThat(ResultWriter.conservationHolds(r)).isTrue();
  }

  @Test
  void centralTeDetoursOnlyOnceRoutingConverges() {
    List<String> base = new ArrayList<>(List.of("topology.k=4", "workload.kind=permutation", "workload.size=256KiB",
        "lb=central-te", "failures.kind=drop", "failures.links=agg0-core0,tor2-agg3", "run.limit_ms=5"));
    base.add("failures.convergence_us=never");
    RunResult stuck = ScenarioRunner.run(Scenarios.of(base));
    assertThat(stuck.unfinishedFlows()).as("flows planned across a dead link, routing never learns").isPositive();
    // Converged after 20 us: every packet sent before was lost, so those flows resend after the
    // 1 ms initial timeout, now on a detour, and finish.
    base.set(base.size() - 1, "failures.convergence_us=20");
    RunResult converged = Scenarios.run(Scenarios.of(base));
    assertThat(converged.unfinishedFlows()).isZero();
    // the six flows planned across a dead link lose their 64 packets, all sent before
    // convergence, and nothing after; without convergence their resends keep dying
    assertThat(converged.counters().get("failure_drops")).isEqualTo(6 * 64);
    assertThat(stuck.counters().get("failure_drops")).isGreaterThan(6 * 64);
  }

  @Test
  void badFailureSettingsAreNamed() {
    assertThat(problems("failures.kind=drop")).anyMatch(p -> p.contains("failures.kind") && p.contains("selects links"));
    assertThat(problems("failures.kind=drop", "failures.links=tor0-agg2")).anyMatch(p -> p.contains("failures.links")
        && p.contains("'tor0-agg2'"));
    assertThat(problems("failures.kind=drop", "failures.rate=2")).anyMatch(p -> p.contains("failures.rate"));
    assertThat(problems("failures.kind=drop", "failures.rate=0.1", "failures.convergence_us=soon"))
        .anyMatch(p -> p.contains("failures.convergence_us") && p.contains("never"));
    assertThat(problems("failures.kind=degraded", "failures.links=agg0-core0", "failures.capacity=0"))
        .anyMatch(p -> p.contains("failures.capacity"));
    assertThat(problems("failures.kind=flaky", "failures.switches=core0")).anyMatch(p -> p.contains("failures.switches"));
    assertThat(problems("failures.kind=drop", "failures.switches=tor0")).anyMatch(p -> p.contains("failures.switches"));
    assertThat(problems("failures.kind=drop", "failures.rate=0.1", "failures.at_us=10", "failures.recover_us=5"))
        .anyMatch(p -> p.contains("failures.recover_us"));
  }

  private static List<String> problems(String... overrides) {
    List<String> all = new ArrayList<>(List.of("topology.k=4"));
    all.addAll(List.of(overrides));
    try {
      Scenarios.of(all);
      return List.of();
    } catch (ScenarioException e) {
      return e.problems();
    }
  }

  static PortStats port(RunResult r, String name) {
    for (PortStats p : r.ports()) {
      if (p.port().equals(name)) {
        return p;
      }
    }
    throw new AssertionError("no port " + name);
  }
}
