package org.lbsim.failure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.net.Packet;
import org.lbsim.topo.FatTree;
import org.lbsim.workload.FlowSpec;

/** Failures on a multi-plane fabric: links name their plane, and a failed link costs only its plane's share. */
class PlaneFailuresTest {
  private static final long G800 = 800_000_000_000L;

  @Test
  void linksNameTheirPlane() {
    Links links = new Links(new FatTree(4, 1, 2));
    int per = links.perPlane(); // 16 ToR-agg and 16 agg-core links in a k = 4 plane
    assertThat(per).isEqualTo(32);
    assertThat(links.count()).isEqualTo(64);
    assertThat(links.parse("p1.tor0-agg0")).isEqualTo(per);
    assertThat(links.parse("p1.tier2:1")).isEqualTo(per + 16 + 1);
    assertThat(links.parse("p0.agg0-core2")).isEqualTo(links.parse("p0.tier2:1"));
    assertThat(links.parse("tor0-agg0")).isNull(); // on planes a name needs its plane
    assertThat(links.parse("p2.tor0-agg0")).isNull();
    assertThat(links.name(per + 16 + 1)).isEqualTo("p1.agg0-core2");
    assertThat(links.portNames(per)).containsExactly("p1.tor0>p1.agg0", "p1.agg0>p1.tor0");
    assertThat(links.ofSwitch("p1.core0")).containsExactly(per + 16, per + 20, per + 24, per + 28);
    assertThat(links.tier1(per + 15)).isTrue();
    assertThat(links.tier1(per + 16)).isFalse();
    Links one = new Links(new FatTree(4, 1));
    assertThat(one.parse("tor0-agg0")).isZero();
    assertThat(one.parse("p0.tor0-agg0")).isNull();
  }

  @Test
  void aDeadTorUplinkOfOnePlaneCostsOnlyItsShare() {
    // hosts 0 and 1 (ToR 0, pod 0) send to hosts 4 and 5 (ToR 2, pod 1), as in RhoMaxTest
    List<FlowSpec> flows = List.of(FlowSpec.independent(0, 0, 4, 1 << 20, 0), FlowSpec.independent(1, 1, 5, 1 << 20, 0));
    for (int planes : new int[] {1, 2, 4}) {
      Links links = new Links(new FatTree(4, 1, planes));
      RhoMax rho = new RhoMax(links, G800, G800, G800);
      boolean[] down = new boolean[links.count()];
      down[links.parse(planes == 1 ? "tor0-agg0" : "p" + (planes - 1) + ".tor0-agg0")] = true;
      double[] healthy = new double[links.count()];
      Arrays.fill(healthy, 1);
      // ToR 0 keeps 2P - 1 of its 2P uplinks: flows spread evenly over the 4(2P - 1) paths left
      // load each surviving uplink and host port with (2P - 1) / (2P) of what it carries intact
      assertThat(rho.factor(flows, down, healthy)).as("%d planes", planes)
          .isCloseTo((2.0 * planes - 1) / (2.0 * planes), within(1e-12));
    }
  }

  @Test
  void routingConvergesPerPlaneAndNamesTheRoutesPlane() {
    Links links = new Links(new FatTree(4, 1, 2));
    Convergence c = new Convergence(links);
    boolean[] down = new boolean[links.count()];
    down[links.parse("p1.tor0-agg0")] = true;
    c.convergeRoutes(down);
    int viaAgg0 = Packet.routeWith(Packet.NO_ROUTE, 0, 0);
    assertThat(c.routeUsable(0, 4, org.lbsim.net.Host.routeOnPlane(viaAgg0, 0))).isTrue();
    assertThat(c.routeUsable(0, 4, org.lbsim.net.Host.routeOnPlane(viaAgg0, 1))).isFalse();
    assertThat(c.routeUsable(0, 4, viaAgg0)).isFalse(); // a route on every plane must live in all
    assertThat(c.planeUsable(0, 4, 1)).isTrue(); // ToR 0 still reaches pod 1 through agg 1 of plane 1
    down[links.parse("p1.tor0-agg1")] = true;
    c.convergeRoutes(down);
    assertThat(c.planeUsable(0, 4, 1)).isFalse();
    assertThat(c.planeUsable(0, 4, 0)).isTrue();
    assertThat(c.planeUsable(0, 1, 1)).isTrue(); // under one ToR no uplink is needed
  }

  @Test
  void aLeafSpinePlaneLosesOnlyItsOwnSpineLink() {
    Links links = new Links(new org.lbsim.topo.LeafSpine(2, 4, 2, 2));
    Convergence c = new Convergence(links);
    boolean[] down = new boolean[links.count()];
    down[links.parse("p1.leaf0-spine0")] = true;
    c.convergeRoutes(down);
    int viaSpine0 = Packet.routeWith(Packet.NO_ROUTE, 0, 0);
    assertThat(c.routeUsable(0, 2, org.lbsim.net.Host.routeOnPlane(viaSpine0, 0))).isTrue();
    assertThat(c.routeUsable(0, 2, org.lbsim.net.Host.routeOnPlane(viaSpine0, 1))).isFalse();
    assertThat(c.routeUsable(0, 2, org.lbsim.net.Host.routeOnPlane(Packet.routeWith(Packet.NO_ROUTE, 0, 1), 1)))
        .isTrue();
    assertThat(c.planeUsable(0, 2, 1)).isTrue();
  }
}
