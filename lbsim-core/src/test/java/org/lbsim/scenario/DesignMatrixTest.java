package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.lbsim.lb.LbDesign;
import org.lbsim.lb.LbDesigns;
import org.lbsim.metrics.RunResult;

/**
 * Every load-balancing design with every transport that exists (congestion control × loss
 * recovery × modelling profile), on a small fabric: each run completes and conserves packets.
 */
class DesignMatrixTest {
  static Stream<Arguments> matrix() {
    List<Arguments> out = new ArrayList<>();
    for (LbDesign d : LbDesigns.all()) {
      for (String cc : List.of("ideal")) { // the other congestion controls: CongestionControlRunTest
        for (String lr : recoveries()) {
          for (String profile : ScenarioSchema.get("profile").choices()) {
            out.add(Arguments.of(d.name(), cc, lr, profile));
          }
        }
      }
    }
    return out.stream();
  }

  /** Every loss recovery, and SACK also with each of its triggers. */
  static List<String> recoveries() {
    List<String> out = new ArrayList<>(ScenarioSchema.get("lr").choices());
    for (String trigger : ScenarioSchema.get("sack.trigger").choices()) {
      if (!trigger.equals(ScenarioSchema.get("sack.trigger").defaultValue())) {
        out.add("sack sack.trigger=" + trigger);
      }
    }
    return out;
  }

  @ParameterizedTest(name = "{0} + {1} + {2} ({3})")
  @MethodSource("matrix")
  void completesAndConservesPackets(String lb, String cc, String lr, String profile) {
    for (String workload : List.of("permutation", "all-to-all")) {
      List<String> o = new ArrayList<>(List.of("lb=" + lb, "cc=" + cc, "profile=" + profile, "topology.k=4",
          "workload.kind=" + workload, "workload.size=32KiB", "buffer.packets=16"));
      String[] recovery = lr.split(" ");
      o.add("lr=" + recovery[0]);
      o.addAll(List.of(recovery).subList(1, recovery.length));
      RunResult r = Scenarios.run(Scenarios.of(o));
      assertThat(r.unfinishedFlows()).as("%s %s unfinished flows", lb, workload).isZero();
      if (profile.equals("default")) {
        // (the reference profile measures each FCT from a start jittered by up to one pacing gap,
        // so its CCT may undercut the bound by that much, as in the study's simulator)
        assertThat(r.cctPs()).isGreaterThanOrEqualTo(r.boundPs());
      }
    }
  }
}
