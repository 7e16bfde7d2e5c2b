package org.lbsim.failure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.lbsim.net.Packet;
import org.lbsim.topo.Topology;
import org.lbsim.topo.TopologyWiringTest;
import org.lbsim.workload.FlowSpec;

/** Paths, converged routes and rho_max follow any shape's wiring, lbsim's and those written against Topology alone. */
class AnyShapeFailuresTest {
  private static final long G800 = 800_000_000_000L;

  private static List<Topology> shapes() {
    List<Topology> all = new ArrayList<>(TopologyWiringTest.builtIn());
    all.addAll(TopologyWiringTest.writtenHere());
    return all;
  }

  @Test
  void theShortestPathsBetweenTwoTorsAreAsManyAsTheTopologyCountsAndAllDifferent() {
    for (Topology t : shapes()) {
      Links links = new Links(t);
      String prefix = t.planes() == 1 ? "" : "p0.";
      int[] into = new int[t.upPaths(t.tiers() - 1) * 2 * (t.tiers() - 1)];
      for (int s = 0; s < t.tors(); s++) {
        for (int d = 0; d < t.tors(); d++) {
          if (s == d) {
            continue;
          }
          int a = s * t.hostsPerTor();
          int b = d * t.hostsPerTor();
          int length = 2 * t.lowestCommonTier(a, b);
          links.paths(s, d, into);
          Set<List<Integer>> distinct = new HashSet<>();
          for (int p = 0; p < t.paths(a, b); p++) {
            List<Integer> path = new ArrayList<>();
            for (int i = 0; i < length; i++) {
              path.add(into[p * length + i]);
            }
            distinct.add(path);
            String first = links.name(path.get(0));
            String last = links.name(path.get(length - 1));
            assertThat(first).as("%s", t).startsWith(prefix + t.switchKind(0) + s + "-");
            assertThat(last).as("%s", t).startsWith(prefix + t.switchKind(0) + d + "-");
          }
          assertThat(distinct).as("%s tor%d-tor%d", t, s, d).hasSize(t.paths(a, b));
        }
      }
    }
  }

  @Test
  void aFailedUplinkOfTorZeroTakesItsShareOfEveryPathToAndFromIt() {
    for (Topology t : shapes()) {
      Links links = new Links(t);
      Convergence c = new Convergence(links);
      boolean[] down = new boolean[links.count()];
      c.convergeWeights(down);
      int h = t.hostsPerTor();
      for (int d = 1; d < t.tors(); d++) {
        assertThat(c.planePaths(0, d * h, 0)).as("%s", t).isEqualTo(t.paths(0, d * h));
      }
      down[links.up(0, 0, 0)] = true; // ToR 0's up port 0
      c.convergeRoutes(down);
      c.convergeWeights(down);
      for (int d = 1; d < t.tors(); d++) {
        int all = t.paths(0, d * h);
        assertThat(c.planePaths(0, d * h, 0)).as("%s to tor%d", t, d).isEqualTo(all - all / t.upPorts(0));
        assertThat(c.planePaths(d * h, 0, 0)).as("%s from tor%d", t, d).isEqualTo(all - all / t.upPorts(0));
        assertThat(c.routeUsable(0, d * h, Packet.routeWith(Packet.NO_ROUTE, 0, 0))).isFalse();
        assertThat(c.routeUsable(0, d * h, Packet.routeWith(Packet.NO_ROUTE, 0, 1))).isTrue();
      }
      List<FlowSpec> flows = new ArrayList<>();
      for (int a = 0; a < t.hosts(); a++) {
        for (int b = 0; b < t.hosts(); b++) {
          if (a != b) {
            flows.add(FlowSpec.independent(flows.size(), a, b, 1000, 0));
          }
        }
      }
      double[] capacity = new double[links.count()];
      java.util.Arrays.fill(capacity, 1);
      double factor = new RhoMax(links, G800, G800, G800).factor(flows, down, capacity);
      assertThat(factor).as("%s", t).isGreaterThan(0).isLessThanOrEqualTo(1);
      assertThat(new RhoMax(links, G800, G800, G800).factor(flows, new boolean[links.count()], capacity)).isEqualTo(1);
    }
  }
}
