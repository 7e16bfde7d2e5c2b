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

  private static int[] cores() {
    int[] cores = new int[16];
    for (int c = 0; c < 16; c++) {
      cores[c] = TestRoutes.core(c, 4);
    }
    return cores;
  }

  @Test
  void keepsItsPlannedRouteUntilRoutingDropsItThenRotatesOverTheLiveOnes() {
    int[] cores = cores();
    View view = new View();
    PlannedPath p = new PlannedPath(cores[5], cores, 9, view, 0, 100);
    assertThat(routes(p, 3)).containsOnly(cores[5]);

    view.dead.add(cores[5]);
    assertThat(routes(p, 3)).as("routing has not converged: the flow stays").containsOnly(cores[5]);

    view.epoch++;
    List<Integer> after = routes(p, 30);
    // slot 9 of the 15 live cores (core 5 left out), as Host DR narrows its rotation
    assertThat(after.get(0)).as("the detour starts at the flow's own slot").isEqualTo(cores[10]);
    assertThat(after).doesNotContain(cores[5]);
    assertThat(new HashSet<>(after)).hasSize(15); // every live core, in rotation
  }

  @Test
  void aLaterConvergenceKeepsTheDetourPointerAndARevivedRouteIsTakenBack() {
    int[] cores = cores();
    View view = new View();
    PlannedPath p = new PlannedPath(cores[5], cores, 2, view, 0, 100);
    view.dead.add(cores[5]);
    view.epoch++;
    assertThat(routes(p, 2)).containsExactly(cores[2], cores[3]);
    view.epoch++; // something else converged: the rotation goes on where it was
    assertThat(routes(p, 1)).containsExactly(cores[4]);
    view.dead.clear();
    view.epoch++;
    assertThat(routes(p, 2)).containsOnly(cores[5]);
  }

  @Test
  void withoutFailuresEveryPacketTakesThePlannedRoute() {
    int[] cores = cores();
    PlannedPath p = new PlannedPath(cores[3], cores, 0, null, 0, 100);
    Packet pkt = new Packet();
    pkt.route = cores[7];
    pkt.entropy = 99;
    p.choose(pkt, 0);
    assertThat(pkt.route).isEqualTo(cores[3]);
    assertThat(routes(p, 4)).containsOnly(cores[3]);
  }
}
