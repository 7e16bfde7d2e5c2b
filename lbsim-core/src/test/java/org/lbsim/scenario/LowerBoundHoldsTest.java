package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.lbsim.metrics.RunResult;

/** The reported lower bound is one: no run with the ideal sender and no jitter finishes under it. */
class LowerBoundHoldsTest {

  @Test
  void aOneLeafPermutationFinishesExactlyAtTheBound() {
    RunResult r = Scenarios.run(Scenarios.of("topology.kind=leaf-spine", "topology.leaves=1",
        "topology.hosts_per_leaf=4", "workload.kind=permutation", "workload.size=64KiB"));
    // Every path is host-up + leaf-down: H = 2 hops of 800 Gb/s and 0.5 us, p = 1,000,000 ps.
    // m = 64 KiB / 4096 B = 16 packets of 4158 B: T_d = 41,580 ps, T_g = 200, d = 41,780; ACK T_a = 640.
    // The first ACK is due after p + T_d(leaf-down) = 1,041,580 ps, later than all 16 packets
    // take, so phase 1 holds every packet (i1 = 16) and no ACK delays the data. The last packet
    // leaves the host link at 15 d + T_d (its trailing gap delays nothing), crosses the leaf
    // (T_d + p) and its ACK comes back (2 T_a + p).
    long lastLeavesHost = 15 * 41_780L + 41_580;
    long expected = lastLeavesHost + 41_580 + 1_000_000 + 2 * 640 + 1_000_000;
    assertThat(expected).isEqualTo(2_711_140L);
    assertThat(r.boundPs()).isEqualTo(expected);
    // a single path and no contention: the run reaches the bound exactly
    assertThat(r.cctPs()).isEqualTo(expected);
  }

  static Stream<Arguments> fabricsAndWorkloads() {
    List<List<String>> fabrics = List.of(
        List.of("topology.kind=fat-tree", "topology.k=4"),
        List.of("topology.kind=leaf-spine", "topology.leaves=1", "topology.hosts_per_leaf=4"),
        List.of("topology.kind=leaf-spine", "topology.leaves=2", "topology.hosts_per_leaf=4", "topology.spines=2"),
        List.of("topology.kind=rail-optimized", "topology.servers=4", "topology.rails=2", "topology.spines=2"));
    List<List<String>> workloads = List.of(
        List.of("workload.kind=permutation", "workload.size=64KiB"),
        List.of("workload.kind=permutation", "workload.size=256KiB"),
        List.of("workload.kind=all-to-all", "workload.size=64KiB"),
        List.of("workload.kind=ring-allreduce", "workload.size=64KiB"),
        List.of("workload.kind=incast", "workload.size=64KiB", "workload.senders=3"));
    List<Arguments> out = new ArrayList<>();
    for (List<String> f : fabrics) {
      for (List<String> w : workloads) {
        for (String lb : List.of("host-spray", "central-te")) {
          List<String> o = new ArrayList<>(f);
          o.addAll(w);
          o.add("lb=" + lb);
          out.add(Arguments.of(String.join(" ", o), o));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fabricsAndWorkloads")
  void noRunFinishesBelowItsBound(String name, List<String> overrides) {
    RunResult r = Scenarios.run(Scenarios.of(overrides));
    assertThat(r.unfinishedFlows()).isZero();
    boolean regular = name.contains("permutation") || name.contains("all-to-all") || name.contains("ring-allreduce");
    // incast has no bound yet
    assertThat(r.boundPs() > 0).as("has a bound").isEqualTo(regular);
    if (regular) {
      assertThat(r.cctPs()).as("CCT against the bound %s ps", r.boundPs()).isGreaterThanOrEqualTo(r.boundPs());
    }
  }
}
