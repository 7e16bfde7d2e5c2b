package org.lbsim.lb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.lbsim.net.Packet;
import org.lbsim.topo.FatTree;
import org.lbsim.topo.LeafSpine;
import org.lbsim.workload.Collectives;
import org.lbsim.workload.FlowSpec;

/** Counts the flows a plan puts on each directed link, following the fat tree's wiring. */
class RoutePlanTest {
  private static final FatTree K8 = new FatTree(8, 1);

  @Test
  void aPermutationGetsLinkDisjointPathsForDataAndForAcks() {
    for (int seed = 1; seed <= 5; seed++) {
      List<FlowSpec> flows = Collectives.permutation(128, 1, new SplittableRandom(seed));
      for (boolean reverse : new boolean[] {false, true}) {
        Map<String, Integer> load = load(K8, flows, RoutePlan.routes(K8, flows, reverse), reverse);
        assertThat(load.values()).as("seed %d reverse %s", seed, reverse).allSatisfy(n -> assertThat(n).isEqualTo(1));
      }
    }
  }

  @Test
  void anAllToAllPutsTheFairShareOnEveryUplinkAndDownlink() {
    FatTree k4 = new FatTree(4, 1);
    List<FlowSpec> flows = Collectives.allToAll(16, 1);
    Map<String, Integer> load = load(k4, flows, RoutePlan.routes(k4, flows, false), false);
    // a ToR sends 2 hosts x 14 flows to other ToRs over its 2 uplinks: 14 each (and a ToR
    // receives 28 over its 2 agg downlinks: 14 each); a pod sends 4 hosts x 12 flows to other
    // pods over 2 aggs x 2 uplinks: 12 each (and receives 48 over 4 core downlinks: 12 each)
    assertThat(load).containsEntry("tor-up 0/0", 14).containsEntry("tor-up 0/1", 14);
    for (Map.Entry<String, Integer> e : load.entrySet()) {
      if (e.getKey().startsWith("tor-up") || e.getKey().startsWith("agg-down")) {
        assertThat(e.getValue()).as(e.getKey()).isEqualTo(14);
      } else if (e.getKey().startsWith("agg-up") || e.getKey().startsWith("core-down")) {
        assertThat(e.getValue()).as(e.getKey()).isEqualTo(12);
      }
    }
  }

  @Test
  void stagesArePlannedApart() {
    // two stages of the same permutation: each is link-disjoint on its own
    List<FlowSpec> one = Collectives.permutation(128, 1, new SplittableRandom(9));
    List<FlowSpec> both = new java.util.ArrayList<>(one);
    for (FlowSpec f : one) {
      both.add(new FlowSpec(128 + f.id(), f.src(), f.dst(), 1, 0, new int[] {f.id()}, 1));
    }
    int[] routes = RoutePlan.routes(K8, both, false);
    assertThat(load(K8, both.subList(128, 256), routes, false).values()).allSatisfy(n -> assertThat(n).isEqualTo(1));
  }

  @Test
  void leafSpinePermutationUsesEverySpineOncePerLeaf() {
    LeafSpine ls = new LeafSpine(4, 8, 4);
    List<FlowSpec> flows = Collectives.permutation(32, 1, new SplittableRandom(2));
    int[] routes = RoutePlan.routes(ls, flows, false);
    Map<String, Integer> up = new HashMap<>();
    Map<String, Integer> down = new HashMap<>();
    for (FlowSpec f : flows) {
      if (f.src() / 4 == f.dst() / 4) {
        assertThat(routes[f.id()]).isEqualTo(Packet.NO_ROUTE);
        continue;
      }
      int spine = routes[f.id()] & 0xFF;
      up.merge(f.src() / 4 + "/" + spine, 1, Integer::sum);
      down.merge(spine + "/" + f.dst() / 4, 1, Integer::sum);
    }
    assertThat(up.values()).allSatisfy(n -> assertThat(n).isEqualTo(1));
    assertThat(down.values()).allSatisfy(n -> assertThat(n).isEqualTo(1));
  }

  /** Flows per directed fabric link (host links left out: they have no choice). */
  private static Map<String, Integer> load(FatTree ft, List<FlowSpec> flows, int[] routes, boolean reverse) {
    int half = ft.half();
    int perTor = ft.hostsPerTor();
    int perPod = ft.hostsPerPod();
    Map<String, Integer> load = new HashMap<>();
    for (FlowSpec f : flows) {
      int s = reverse ? f.dst() : f.src();
      int d = reverse ? f.src() : f.dst();
      int route = routes[f.id()];
      if (s / perTor == d / perTor) {
        assertThat(route).isEqualTo(Packet.NO_ROUTE);
        continue;
      }
      int j = route & 0xFF;
      load.merge("tor-up " + s / perTor + "/" + j, 1, Integer::sum);
      load.merge("agg-down " + (d / perPod) + "." + j + "/" + d / perTor, 1, Integer::sum);
      if (s / perPod != d / perPod) {
        int l = (route >>> 8) & 0xFF;
        load.merge("agg-up " + (s / perPod) + "." + j + "/" + l, 1, Integer::sum);
        load.merge("core-down " + (j + l * half) + "/" + d / perPod, 1, Integer::sum);
      }
    }
    return load;
  }
}
