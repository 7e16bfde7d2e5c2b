package org.lbsim.topo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.lbsim.engine.Simulator;
import org.lbsim.lb.Ecmp;
import org.lbsim.net.EgressPort;
import org.lbsim.net.Host;
import org.lbsim.net.Node;
import org.lbsim.net.Switch;

/**
 * What a {@link Topology} answers about its wiring is what the fabric built from it has: every
 * switch's hosts and ports, where each up and down port leads, and, counted on the built graph,
 * the length and number of the shortest paths between every two hosts.
 */
public class TopologyWiringTest {
  private static final TierLink LINK = new TierLink(800_000_000_000L, 500_000);

  public static List<Topology> builtIn() {
    return List.of(new FatTree(4, 1), new FatTree(8, 1), new FatTree(4, 2, 2), new FatTree(8, 1, 2),
        new LeafSpine(2, 4, 3), new LeafSpine(3, 5, 4, 2), new LeafSpine(4, 1, 1));
  }

  @Test
  void theBuiltInShapesAnswerAsTheirFabricsAreWired() {
    for (Topology t : builtIn()) {
      checkWiring(t);
    }
  }

  public static List<Topology> writtenHere() {
    return List.of(new TestShapes.RotatedLeafSpine(2, 3, 4, 1), new TestShapes.RotatedLeafSpine(3, 4, 3, 2),
        new TestShapes.UnevenClos(2, 3, 2, 2, 3, 1), new TestShapes.UnevenClos(1, 2, 3, 2, 2, 2));
  }

  @Test
  void aShapeWrittenAgainstTheInterfaceIsWiredAndRoutedAsItAnswers() {
    for (Topology t : writtenHere()) {
      checkWiring(t);
      FabricRoutingTest.checkAllPairs(FabricRoutingTest.build(t));
    }
  }

  @Test
  void theBuiltInShapesCountsAreTheirOwn() {
    FatTree ft = new FatTree(8, 3);
    assertThat(ft.hosts()).isEqualTo(3 * 8 * 8 * 8 / 4);
    assertThat(ft.hostsPerPod()).isEqualTo(4 * 12);
    assertThat(ft.switchPorts()).isEqualTo(32L * (12 + 4) + 32L * 8 + 16L * 8);
    assertThat(ft.maxSwitchPorts()).isEqualTo(16);
    assertThat(ft.maxHops()).isEqualTo(6);
    assertThat(ft.paths(0, 1)).isEqualTo(1);
    assertThat(ft.paths(0, 12)).isEqualTo(4);
    assertThat(ft.paths(0, 48)).isEqualTo(16);
    LeafSpine ls = new LeafSpine(3, 5, 4);
    assertThat(ls.hosts()).isEqualTo(15);
    assertThat(ls.hostsPerPod()).isEqualTo(3);
    assertThat(ls.switchPorts()).isEqualTo(5L * (3 + 4) + 4L * 5);
    assertThat(ls.maxSwitchPorts()).isEqualTo(7);
    assertThat(ls.maxHops()).isEqualTo(4);
    assertThat(new LeafSpine(4, 1, 1).maxHops()).isEqualTo(2);
  }

  /** Checks every answer of {@code t} against the fabric built from it, plane by plane. */
  static void checkWiring(Topology t) {
    Fabric f = Fabric.build(new Simulator(1), t, new FabricSettings(LINK, LINK, LINK, 800_000, 0.5, 20),
        sw -> new Ecmp());
    int perPlane = 0;
    for (int tier = 0; tier < t.tiers(); tier++) {
      perPlane += t.switches(tier);
    }
    assertThat(f.switches()).as("%s", t).hasSize(perPlane * t.planes());
    assertThat(f.hostCount()).isEqualTo(t.hosts());
    assertThat(t.upPorts(t.tiers() - 1)).as("%s: the top tier has no up ports", t).isZero();
    assertThat(t.hostsBelow(t.tiers() - 1)).as("%s: the top tier is above every host", t).isEqualTo(t.hosts());
    for (int q = 0; q < t.planes(); q++) {
      String prefix = t.planes() == 1 ? "" : "p" + q + ".";
      Switch[][] byTier = new Switch[t.tiers()][];
      int id = q * perPlane;
      long ports = 0;
      int most = 0;
      for (int tier = 0; tier < t.tiers(); tier++) {
        byTier[tier] = new Switch[t.switches(tier)];
        for (int i = 0; i < byTier[tier].length; i++) {
          Switch sw = f.switches().get(id++);
          byTier[tier][i] = sw;
          assertThat(sw.name()).isEqualTo(prefix + t.switchKind(tier) + i);
          assertThat(sw.tier()).isEqualTo(tier);
          assertThat(sw.firstHost()).as("%s %s", t, sw.name()).isEqualTo(t.firstHost(tier, i));
          assertThat(sw.span()).isEqualTo(t.hostsBelow(tier));
          assertThat(sw.firstHost() % t.hostsBelow(tier)).as("aligned").isZero();
          assertThat(sw.downPorts()).hasSize(t.downPorts(tier));
          assertThat(sw.upPorts()).hasSize(t.upPorts(tier));
          ports += sw.downPorts().length + sw.upPorts().length;
          most = Math.max(most, sw.downPorts().length + sw.upPorts().length);
        }
      }
      assertThat(ports).as("%s", t).isEqualTo(t.switchPorts());
      assertThat(most).as("%s", t).isEqualTo(t.maxSwitchPorts());
      for (int h = 0; h < t.hosts(); h++) {
        Switch tor = (Switch) f.host(h).nics()[q].link().to();
        assertThat(tor).as("%s host %d", t, h).isSameAs(byTier[0][t.torOf(h)]);
        assertThat(t.isAbove(0, t.torOf(h), h)).isTrue();
      }
      for (int tier = 0; tier < t.tiers(); tier++) {
        for (int i = 0; i < byTier[tier].length; i++) {
          checkSwitch(t, byTier, tier, i, f);
        }
      }
      checkPaths(t, f, q);
    }
  }

  private static void checkSwitch(Topology t, Switch[][] byTier, int tier, int i, Fabric f) {
    Switch sw = byTier[tier][i];
    EgressPort[] up = sw.upPorts();
    for (int j = 0; j < up.length; j++) {
      int u = t.upNeighbour(tier, i, j);
      Switch upper = byTier[tier + 1][u];
      assertThat(up[j].link().to()).as("%s %s up %d", t, sw.name(), j).isSameAs(upper);
      int p = t.downPortTowards(tier + 1, u, t.firstHost(tier, i));
      assertThat(upper.downPorts()[p].link().to()).as("%s %s down %d", t, upper.name(), p).isSameAs(sw);
      assertThat(t.downNeighbour(tier + 1, u, p)).isEqualTo(i);
      assertThat(t.downNeighbourUpPort(tier + 1, u, p)).isEqualTo(j);
    }
    EgressPort[] down = sw.downPorts();
    for (int p = 0; p < down.length; p++) {
      int first = t.firstHost(tier, i) + p * (tier == 0 ? 1 : t.hostsBelow(tier - 1));
      assertThat(t.downPortTowards(tier, i, first)).isEqualTo(p);
      if (tier == 0) {
        assertThat(down[p].link().to()).as("%s %s down %d", t, sw.name(), p).isSameAs(f.host(t.downNeighbour(0, i, p)));
        assertThat(t.downNeighbour(0, i, p)).isEqualTo(first);
        continue;
      }
      int lower = t.downNeighbour(tier, i, p);
      assertThat(down[p].link().to()).as("%s %s down %d", t, sw.name(), p).isSameAs(byTier[tier - 1][lower]);
      assertThat(t.firstHost(tier - 1, lower)).isEqualTo(first);
      assertThat(t.upNeighbour(tier - 1, lower, t.downNeighbourUpPort(tier, i, p))).isEqualTo(i);
    }
    for (int h = 0; h < t.hosts(); h++) {
      boolean below = h >= sw.firstHost() && h < sw.firstHost() + sw.span();
      assertThat(t.isAbove(tier, i, h)).as("%s %s above h%d", t, sw.name(), h).isEqualTo(below);
    }
  }

  /**
   * On plane {@code q}'s cables (a host forwards nothing), the shortest paths from every host to
   * every other: their length is 2 · (lowest common tier + 1) links and their number
   * {@link Topology#paths}; the longest is {@link Topology#maxHops()}.
   */
  private static void checkPaths(Topology t, Fabric f, int q) {
    Map<Node, List<Node>> next = new HashMap<>();
    for (int h = 0; h < t.hosts(); h++) {
      Host host = f.host(h);
      next.put(host, List.of(host.nics()[q].link().to()));
    }
    for (Switch sw : f.switches()) {
      List<Node> out = new ArrayList<>();
      for (EgressPort p : sw.downPorts()) {
        out.add(p.link().to());
      }
      for (EgressPort p : sw.upPorts()) {
        out.add(p.link().to());
      }
      next.put(sw, out);
    }
    int longest = 0;
    for (int a = 0; a < t.hosts(); a++) {
      Map<Node, Integer> dist = new HashMap<>();
      Map<Node, Long> count = new HashMap<>();
      ArrayDeque<Node> queue = new ArrayDeque<>();
      Host src = f.host(a);
      dist.put(src, 0);
      count.put(src, 1L);
      queue.add(src);
      while (!queue.isEmpty()) {
        Node n = queue.poll();
        if (n instanceof Host && n != src) {
          continue;
        }
        for (Node m : next.get(n)) {
          Integer d = dist.get(m);
          if (d == null) {
            dist.put(m, dist.get(n) + 1);
            count.put(m, count.get(n));
            queue.add(m);
          } else if (d == dist.get(n) + 1) {
            count.put(m, count.get(m) + count.get(n));
          }
        }
      }
      for (int b = 0; b < t.hosts(); b++) {
        if (b == a) {
          continue;
        }
        int c = t.lowestCommonTier(a, b);
        Host dst = f.host(b);
        assertThat(dist.get(dst)).as("%s h%d-h%d", t, a, b).isEqualTo(2 * (c + 1));
        assertThat(count.get(dst)).as("%s h%d-h%d paths", t, a, b).isEqualTo((long) t.paths(a, b));
        assertThat(t.lowestCommonTier(b, a)).isEqualTo(c);
        assertThat(c == 0).isEqualTo(t.torOf(a) == t.torOf(b));
        longest = Math.max(longest, dist.get(dst));
      }
    }
    if (t.hosts() > 1) {
      assertThat(longest).as("%s", t).isEqualTo(t.maxHops());
    }
  }
}
