package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lbsim.metrics.PortStats;
import org.lbsim.metrics.RunResult;

/** The host-side designs run whole collectives, and Host DR balances the links it rotates over. */
class HostDesignsRunTest {
  @ParameterizedTest
  @ValueSource(strings = {"subflow", "plb", "reps", "bitmap", "host-dr"})
  void completesAPermutationAndAnAllToAllOnASmallFatTree(String lb) {
    RunResult perm = Scenarios.run(Scenarios.of("lb=" + lb, "topology.k=4", "workload.kind=permutation",
        "workload.size=256KiB", "seed=3"));
    assertThat(perm.flows()).hasSize(16);
    assertThat(perm.unfinishedFlows()).isZero();
    assertThat(perm.cctPs()).isGreaterThanOrEqualTo(perm.boundPs());
    RunResult ata = Scenarios.run(Scenarios.of("lb=" + lb, "topology.k=4", "workload.kind=all-to-all",
        "workload.size=32KiB", "seed=3"));
    assertThat(ata.flows()).hasSize(16 * 15);
    assertThat(ata.unfinishedFlows()).isZero();
    assertThat(ata.cctPs()).isGreaterThanOrEqualTo(ata.boundPs());
  }

  @Test
  void ecnThresholdsOnAutoAreTheStudys() {
    assertThat(Scenarios.of("lb=reps").buffer().ecnFraction()).isEqualTo(0.1);
    assertThat(Scenarios.of("lb=plb").buffer().ecnFraction()).isEqualTo(0.5);
    assertThat(Scenarios.of("lb=host-dr").buffer().ecnFraction()).isEqualTo(0.5);
    assertThat(Scenarios.of("lb=reps", "buffer.ecn_fraction=0.3").buffer().ecnFraction()).isEqualTo(0.3);
  }

  /**
   * On a k = 4 permutation, pods send different numbers of inter-pod flows, so the fair
   * comparison is within a pod: the agg-up ports of one source pod, the core-down ports into one
   * destination pod. Host DR spreads each flow's packets over the four cores to within one
   * packet, so every group is balanced; flow-level ECMP leaves some of those links idle.
   */
  @Test
  void hostDrBalancesAggUplinksAndCoreDownlinksOfAPermutation() {
    List<String> scenario = List.of("topology.k=4", "workload.kind=permutation", "workload.size=1MiB", "seed=3");
    RunResult dr = Scenarios.run(Scenarios.of(with(scenario, "lb=host-dr")));
    assertThat(dr.unfinishedFlows()).isZero();
    Map<String, List<Long>> groups = perPodGroups(dr);
    assertThat(groups).hasSize(8); // 4 pods x (agg-up, core-down), every pod sends and receives
    groups.forEach((group, bytes) -> {
      assertThat(ratio(bytes)).as("%s: %s", group, bytes).isLessThanOrEqualTo(1.2);
      assertThat(ratio(bytes)).as("%s, within a few packets: %s", group, bytes).isLessThanOrEqualTo(1.02);
    });

    RunResult ecmp = Scenarios.run(Scenarios.of(with(scenario, "lb=ecmp")));
    double worst = 0;
    for (List<Long> bytes : perPodGroups(ecmp).values()) {
      worst = Math.max(worst, ratio(bytes));
    }
    assertThat(worst).as("the check tells balanced from unbalanced").isGreaterThan(1.2);
  }

  @Test
  void hostDrBalancesEveryAggUplinkAndCoreDownlinkOfAnAllToAll() {
    RunResult r = Scenarios.run(Scenarios.of("lb=host-dr", "topology.k=4", "workload.kind=all-to-all",
        "workload.size=64KiB", "seed=3"));
    assertThat(r.unfinishedFlows()).isZero();
    for (String tier : List.of("agg-up", "core-down")) {
      List<Long> bytes = new ArrayList<>();
      for (PortStats p : r.ports()) {
        if (p.tier().equals(tier)) {
          bytes.add(p.bytesSent());
        }
      }
      assertThat(bytes).hasSize(16);
      assertThat(ratio(bytes)).as("%s: %s", tier, bytes).isLessThanOrEqualTo(1.2);
    }
  }

  @Test
  void hostDrSourceRoutesOverTheSpinesOfALeafSpine() {
    RunResult r = Scenarios.run(Scenarios.of("lb=host-dr", "topology.kind=leaf-spine", "topology.hosts_per_leaf=8",
        "topology.leaves=4", "topology.spines=8", "workload.kind=permutation", "workload.size=256KiB"));
    assertThat(r.unfinishedFlows()).isZero();
    assertThat(r.cctPs()).isGreaterThanOrEqualTo(r.boundPs());
    for (PortStats p : r.ports()) {
      if (p.tier().equals("leaf-up")) {
        assertThat(p.bytesSent()).as(p.port()).isPositive(); // every spine is used
      }
    }
  }

  private static List<String> with(List<String> base, String extra) {
    List<String> all = new ArrayList<>(base);
    all.add(extra);
    return all;
  }

  /** Bytes of agg-up ports by source pod and core-down ports by destination pod (k = 4: agg a is in pod a / 2). */
  private static Map<String, List<Long>> perPodGroups(RunResult r) {
    Map<String, List<Long>> groups = new TreeMap<>();
    for (PortStats p : r.ports()) {
      if (p.tier().equals("agg-up") || p.tier().equals("core-down")) {
        String name = p.port(); // "agg5>core1" or "core1>agg5"
        int agg = Integer.parseInt(name.substring(name.indexOf("agg") + 3).replaceAll(">.*", ""));
        groups.computeIfAbsent(p.tier() + " pod " + agg / 2, g -> new ArrayList<>()).add(p.bytesSent());
      }
    }
    groups.values().removeIf(bytes -> bytes.stream().mapToLong(Long::longValue).sum() == 0);
    return groups;
  }

  private static double ratio(List<Long> bytes) {
    long max = 0;
    long min = Long.MAX_VALUE;
    for (long b : bytes) {
      max = Math.max(max, b);
      min = Math.min(min, b);
    }
    return min == 0 ? Double.POSITIVE_INFINITY : (double) max / min;
  }
}
