package org.lbsim.topo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.engine.Simulator;
import org.lbsim.lb.Ecmp;
import org.lbsim.net.Packet;
import org.lbsim.net.Switch;

/** Valley-free routing delivers every host pair over a shortest path, in every topology. */
class FabricRoutingTest {
  private static final TierLink LINK = new TierLink(800_000_000_000L, 500_000);

  static Fabric build(Topology t) {
    Simulator sim = new Simulator(3);
    return Fabric.build(sim, t, new FabricSettings(LINK, LINK, LINK, 800_000, 0.5, 20), sw -> new Ecmp());
  }

  /** Sends one packet per ordered pair (with many entropies) and checks where and how it arrives. */
  static void checkAllPairs(Fabric f) {
    int n = f.hostCount();
    List<int[]> arrived = new ArrayList<>();
    for (int h = 0; h < n; h++) {
      int me = h;
      f.host(h).setStack(p -> {
        arrived.add(new int[] {p.src, p.dst, me, p.hops});
        f.pool().release(p);
      });
    }
    int sent = 0;
    for (int s = 0; s < n; s++) {
      for (int d = 0; d < n; d++) {
        if (s == d) {
          continue;
        }
        for (int e = 0; e < 4; e++) {
          Packet p = f.pool().acquire();
          p.src = s;
          p.dst = d;
          p.flow = sent;
          p.entropy = e * 7919;
          p.sizeBytes = 64;
          f.host(s).send(p);
          sent++;
        }
      }
    }
    f.simulator().run(Long.MAX_VALUE);
    assertThat(arrived).hasSize(sent);
    for (int[] a : arrived) {
      assertThat(a[2]).isEqualTo(a[1]); // delivered to its destination
      assertThat(a[3]).as("switch hops %d->%d", a[0], a[1]).isEqualTo(f.path(a[0], a[1]).length - 1);
    }
    assertThat(f.pool().outstanding()).isZero();
  }

  @Test
  void fatTreeK4() {
    Fabric f = build(new FatTree(4, 1));
    assertThat(f.hostCount()).isEqualTo(16);
    assertThat(f.switches()).hasSize(8 + 8 + 4);
    checkAllPairs(f);
  }

  @Test
  void oversubscribedFatTreeHasMoreHostsPerTorAndTheSameUplinks() {
    FatTree t = new FatTree(4, 3);
    Fabric f = build(t);
    assertThat(f.hostCount()).isEqualTo(48);
    Switch tor0 = f.switches().get(0);
    assertThat(tor0.downPorts()).hasSize(6);
    assertThat(tor0.upPorts()).hasSize(2);
    checkAllPairs(f);
  }

  @Test
  void leafSpine() {
    Fabric f = build(new LeafSpine(3, 4, 5));
    assertThat(f.hostCount()).isEqualTo(12);
    assertThat(f.switches()).hasSize(9);
    checkAllPairs(f);
  }

  @Test
  void aggregationUplinksFollowTheStudysWiring() {
    Fabric f = build(new FatTree(8, 1));
    assertThat(f.hostCount()).isEqualTo(128);
    // aggregation switch a (position a % 4 in its pod) reaches core (a % 4) + 4 l through uplink l
    for (Switch s : f.switches()) {
      if (s.tier() == 1) {
        int pp = (s.id() - 32) % 4;
        for (int l = 0; l < 4; l++) {
          assertThat(s.upPorts()[l].name()).endsWith(">core" + (pp + 4 * l));
        }
      }
    }
  }
}
