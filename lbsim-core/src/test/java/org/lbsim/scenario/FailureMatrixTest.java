package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.lbsim.lb.LbDesign;
import org.lbsim.lb.LbDesigns;
import org.lbsim.metrics.RunResult;
import org.lbsim.results.ResultWriter;

/**
 * Every failure kind with every load-balancing design on a small fabric: the run ends, every flow
 * finishes (routes converge 20 us after a hard failure), and packets are conserved counting those
 * dropped at failed links and those a holding link keeps.
 */
class FailureMatrixTest {
  private static final Map<String, List<String>> KINDS = Map.of(
      "drop", List.of("failures.kind=drop", "failures.links=agg0-core0,tor2-agg3", "failures.convergence_us=20"),
      "hold", List.of("failures.kind=hold", "failures.links=agg0-core0,tor2-agg3", "failures.convergence_us=20"),
      "degraded", List.of("failures.kind=degraded", "failures.links=agg0-core0,tor2-agg3", "failures.capacity=0.25"),
      "flaky", List.of("failures.kind=flaky", "failures.links=agg0-core0,tor2-agg3", "failures.burst_us=2",
          "failures.period_us=5"),
      "switch", List.of("failures.kind=drop", "failures.switches=core1", "failures.convergence_us=20",
          "failures.weights_us=30"));

  static Stream<Arguments> matrix() {
    List<Arguments> out = new ArrayList<>();
    for (String kind : List.of("drop", "hold", "degraded", "flaky", "switch")) {
      for (LbDesign d : LbDesigns.all()) {
        out.add(Arguments.of(kind, d.name()));
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0} + {1}")
  @MethodSource("matrix")
  void endsAndConservesPackets(String kind, String lb) {
    for (String workload : List.of("permutation", "all-to-all")) {
      List<String> o = new ArrayList<>(List.of("lb=" + lb, "topology.k=4", "workload.kind=" + workload,
          "workload.size=32KiB", "buffer.packets=16", "run.limit_ms=20"));
      o.addAll(KINDS.get(kind));
      RunResult r = ScenarioRunner.run(Scenarios.of(o));
      Map<String, Long> c = r.counters();
      assertThat(c.get("data_sent") + c.get("ack_sent")).as("sent = delivered + dropped + held")
          .isEqualTo(c.get("data_delivered") + c.get("ack_delivered") + c.get("data_dropped") + c.get("ack_dropped")
              + c.get("in_flight_at_end"));
      assertThat(c.get("in_flight_at_end")).as("only held packets stay").isEqualTo(c.get("held_at_end"));
      assertThat(r.unfinishedFlows()).as("%s %s %s unfinished: %s", kind, lb, workload, r.unfinished()).isZero();
      assertThat(ResultWriter.conservationHolds(r)).isTrue();
      assertThat(r.cctPs()).isGreaterThanOrEqualTo(r.boundPs());
      if (!kind.equals("degraded")) {
        assertThat(c.get("failure_drops") + c.get("held_at_end")).as("%s touched no packet", kind).isPositive();
      }
    }
  }
}
