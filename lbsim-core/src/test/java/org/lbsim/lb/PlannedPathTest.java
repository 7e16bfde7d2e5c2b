package org.lbsim.lb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.lbsim.net.Packet;
import org.lbsim.net.Routes;
import org.lbsim.net.Switch;

class PlannedPathTest {
  /** Routing's view: the routes it believes dead, and an epoch that moves when that changes. */
  private static final class View implements Routes {
    final Set<Integer> dead = new HashSet<>();
    int epoch;

    @Override
    public int epoch() {
      return epoch;
    }

    @Override
    public long usable(Switch sw, int dst) {
      return 0;
    }

    @Override
    public int[] weights(Switch sw, int dst) {
      return null;
    }

    @Override
    public boolean routeUsable(int src, int dst, int route) {
      return !dead.contains(route);
    }
  }

  private static List<Integer> routes(PathPolicy p, int packets) {
    List<Integer> out = new ArrayList<>();
    Packet pkt = new Packet();
    for (int i = 0; i < packets; i++) {
      p.choose(pkt, 0);
      out.add(pkt.route);
    }
    return out;
  }

  @Test
  void keepsItsPlannedRouteUntilRoutingDropsItThenRotatesOverTheLiveOnes() {
    int[] cores = new int[16];
    for (int c = 0; c < 16; c++) {
      cores[c] = TestRoutes.core(c, 4);
    }
    View view = new View();
    PlannedPath p = new PlannedPath(cores[5], cores, view, 0, 100);
    assertThat(routes(p, 3)).containsOnly(cores[5]);

    view.dead.add(cores[5]);
    assertThat(routes(p, 3)).as("routing has not converged: the flow stays").containsOnly(cores[5]);

    view.epoch++;
    List<Integer> after = routes(p, 30);
    assertThat(after).doesNotContain(cores[5]);
    assertThat(new HashSet<>(after)).hasSize(15); // every live core, in rotation
  }

  @Test
  void withoutFailuresEveryPacketTakesThePlannedRoute() {
    PlannedPath p = new PlannedPath(Packet.NO_ROUTE, new int[] {Packet.NO_ROUTE}, null, 0, 1);
    assertThat(routes(p, 2)).containsOnly(Packet.NO_ROUTE);
  }
}
