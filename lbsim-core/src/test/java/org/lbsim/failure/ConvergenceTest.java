package org.lbsim.failure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.lbsim.net.Packet;
import org.lbsim.topo.FatTree;

/** Converged routes and W-ECMP weights on a k = 8 fat tree, against hand counts (reference-model §5, study §6). */
class ConvergenceTest {
  private final Links links = new Links(new FatTree(8, 1));

  private boolean[] down(String... names) {
    boolean[] d = new boolean[links.count()];
    for (String n : names) {
      d[links.parse(n)] = true;
    }
    return d;
  }

  @Test
  void weightsAreTheReachableCoreCounts() {
    Convergence c = new Convergence(links);
    assertThat(c.torWeights(8, 0)).as("no weights before they converge").isNull();
    // agg0 (pod 0, position 0) loses its links to cores 0 and 4; agg13 (pod 3, position 1) loses core 5.
    c.convergeWeights(down("agg0-core0", "agg0-core4", "agg13-core5"));
    // ToR 8 (pod 2) to ToR 0 (pod 0): through its agg at position 0 only cores 8 and 12 still reach agg0.
    assertThat(c.torWeights(8, 0)).containsExactly(2, 4, 4, 4);
    // ToR 8 to ToR 12 (pod 3): at position 1, core 5 no longer reaches agg13.
    assertThat(c.torWeights(8, 12)).containsExactly(4, 3, 4, 4);
    // ToR 0 (pod 0) to ToR 12: its own agg0 has two uplinks left; at position 1, core 5 is cut below.
    assertThat(c.torWeights(0, 12)).containsExactly(2, 3, 4, 4);
    // inside pod 0 every agg still reaches ToR 1
    assertThat(c.torWeights(0, 1)).containsExactly(1, 1, 1, 1);
  }

  @Test
  void routesLeaveOnlyTheDeadNextHopsAndBumpTheEpoch() {
    Convergence c = new Convergence(links);
    int before = c.epoch();
    c.convergeRoutes(down("tor8-agg9", "agg0-core0"));
    assertThat(c.epoch()).isGreaterThan(before);
    Packet p = new Packet();
    // Routes are per switch and destination: the fabric's switch ids are ToRs 0..31, aggs 32..63.
    org.lbsim.net.Switch tor8 = new org.lbsim.net.Switch(8, "tor8", 0, 32, 36, 1, 4, 4, new java.util.SplittableRandom(1));
    assertThat(c.usable(tor8, 0)).as("ToR 8 without its uplink 1").isEqualTo(0b1101L);
    org.lbsim.net.Switch agg40 = new org.lbsim.net.Switch(40, "agg8", 1, 32, 48, 4, 4, 4, new java.util.SplittableRandom(1));
    assertThat(c.usable(agg40, 0)).as("agg8 (position 0): core 0 no longer reaches agg0").isEqualTo(0b1110L);
    assertThat(c.usable(agg40, 100)).as("towards pod 6 every core works").isEqualTo(0b1111L);
    // Host DR's source routes: core c = j + 4l from ToR 8 (pod 2) to host 0 (ToR 0)
    assertThat(c.routeUsable(32, 0, org.lbsim.lb.TestRoutes.core(0, 4))).isFalse(); // core 0 via agg0-core0
    assertThat(c.routeUsable(32, 0, org.lbsim.lb.TestRoutes.core(1, 4))).isFalse(); // uplink 1 is dead
    assertThat(c.routeUsable(32, 0, org.lbsim.lb.TestRoutes.core(4, 4))).isTrue();
    assertThat(p.route).isEqualTo(Packet.NO_ROUTE);
  }
}
