package org.lbsim.lb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.failure.Convergence;
import org.lbsim.failure.LazyTables;
import org.lbsim.failure.Links;
import org.lbsim.net.Packet;
import org.lbsim.net.Routes;
import org.lbsim.topo.FatTree;

/**
 * Host DR after routes converge around agg0-core0 and agg0-core4, on a k = 8 fat tree, from host
 * 0 (pod 0) to host 100 (pod 6): 16 cores, of which 0 and 4 no longer lead there. The data pointer
 * starts at d0 = 0, so the first packet takes slot 1.
 */
class ReferenceHostDrTest {
  private static final int HALF = 4;
  private final Links links = new Links(new FatTree(8, 1));
  private final int[] all = new DrPaths(new FatTree(8, 1)).candidates(0, 100);

  private Convergence convergedAroundAgg0() {
    boolean[] down = new boolean[links.count()];
    down[links.parse("agg0-core0")] = true;
    down[links.parse("agg0-core4")] = true;
    Convergence c = new Convergence(links);
    c.convergeRoutes(down);
    return c;
  }

  private LazyTables reference(Convergence c) {
    return new LazyTables(c, links, new int[] {links.parse("agg0-core0"), links.parse("agg0-core4")});
  }

  private static List<Integer> cores(HostDr dr, int packets) {
    List<Integer> out = new ArrayList<>();
    Packet p = new Packet();
    for (int i = 0; i < packets; i++) {
      dr.choose(p, i);
      out.add((p.route & 0xFF) + HALF * ((p.route >>> 8) & 0xFF));
    }
    return out;
  }

  private HostDr data(Routes view) {
    return new HostDr(all, 1).following(view, 0, 100).keepingSlotRoutes(true);
  }

  @Test
  void theRotationKeepsItsSixteenSlotsAndTheInitialSlotItsIntactRoute() {
    List<Integer> cycle = cores(data(reference(convergedAroundAgg0())), 16);
    // slot s takes live[s mod 14] of cores 1, 2, 3, 5, ..., 15; slot 0 (d0) keeps core 0
    assertThat(cycle).containsExactly(2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 1, 2, 0);
  }

  @Test
  void eachSlotKeepsTheRouteItWasFirstGiven() {
    Convergence c = convergedAroundAgg0();
    HostDr dr = data(reference(c));
    List<Integer> first = cores(dr, 16);
    c.convergeRoutes(new boolean[links.count()]); // the links are back and routes converge on it
    assertThat(cores(dr, 16)).isEqualTo(first);
  }

  @Test
  void theAckPointerHasNoPresetSlot() {
    HostDr ack = new HostDr(all, 0).following(reference(convergedAroundAgg0()), 0, 100).keepingSlotRoutes(false);
    assertThat(cores(ack, 16)).doesNotContain(0, 4).containsExactly(1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
        15, 1, 2);
  }

  @Test
  void theDefaultViewRotatesOverTheFourteenLiveCores() {
    List<Integer> cycle = cores(data(convergedAroundAgg0()), 28);
    assertThat(cycle).doesNotContain(0, 4);
    for (int core = 0; core < 16; core++) {
      final int k = core;
      if (k != 0 && k != 4) {
        assertThat(cycle).as("core " + k).filteredOn(x -> x == k).hasSize(2);
      }
    }
  }

  @Test
  void aReferenceSwitchFollowsASourceRouteIntoADeadLink() {
    Convergence c = convergedAroundAgg0();
    TestSwitch agg = new TestSwitch(1, 0, 16, 4, HALF); // an aggregation switch, 4 uplinks
    Packet p = new Packet();
    p.flow = 7;
    p.route = all[0]; // through core 0: agg uplink 0
    long usable = 0b1100L; // routing believes cores 8 and 12 alone lead on
    FixedSourceRoutes selector = new FixedSourceRoutes();
    assertThat(selector.select(agg.sw, p, agg.up, HALF, usable, reference(c))).as("profile: reference").isZero();
    assertThat(selector.select(agg.sw, p, agg.up, HALF, usable, c)).as("default: detoured").isIn(2, 3);
  }
}
