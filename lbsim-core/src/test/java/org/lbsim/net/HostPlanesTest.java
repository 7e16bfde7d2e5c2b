package org.lbsim.net;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.lbsim.engine.RandomStreams;
import org.lbsim.engine.Simulator;

/** How a host on several planes picks the port of each packet. */
class HostPlanesTest {
  private final Simulator sim = new Simulator(1);
  private final PacketPool pool = new PacketPool();

  private Host host(int planes) {
    EgressPort[] ports = new EgressPort[planes];
    for (int q = 0; q < planes; q++) {
      Link link = new Link(0);
      ports[q] = new EgressPort(sim, pool, new FabricCounters(), new PortConfig(100_000_000_000L, Long.MAX_VALUE, -1, 0),
          link, "p" + q);
    }
    Host h = new Host(3);
    h.setNics(ports, new RandomStreams(7));
    return h;
  }

  private Packet packet(int flow, long seq, int entropy, int route) {
    Packet p = pool.data(flow, 3, 9, seq, 100, 100, 0, null);
    p.entropy = entropy;
    p.route = route;
    return p;
  }

  @Test
  void oneEntropyKeepsAFlowOnOnePlaneAndManySpreadEvenly() {
    Host h = host(4);
    int first = h.planeOf(packet(5, 0, 77, Packet.NO_ROUTE));
    for (int seq = 1; seq < 100; seq++) {
      assertThat(h.planeOf(packet(5, seq, 77, Packet.NO_ROUTE))).isEqualTo(first);
    }
    int[] count = new int[4];
    for (int e = 0; e < 40_000; e++) {
      count[h.planeOf(packet(5, 0, e, Packet.NO_ROUTE))]++;
    }
    for (int c : count) {
      assertThat(c).isBetween(9_600, 10_400);
    }
  }

  /** Routing whose converged weights offer {@code paths[q]} paths on plane q between every two hosts. */
  private static Routes weighted(int... paths) {
    return new Routes() {
      @Override
      public int epoch() {
        return 0;
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
        return true;
      }

      @Override
      public boolean planeUsable(int src, int dst, int plane) {
        return paths[plane] > 0;
      }

      @Override
      public int planePaths(int src, int dst, int plane) {
        return paths[plane];
      }
    };
  }

  @Test
  void aRotatingNicWeighsThePlanesByTheirPathsInEveryRun() {
    // plane 1 lost half its paths: 4 : 2 : 4 gives shares 2/5, 1/5, 2/5 in every window of packets
    Host h = host(3);
    h.rotatePlanes(true);
    h.setRoutes(weighted(4, 2, 4));
    int[] count = new int[3];
    for (int seq = 0; seq < 1000; seq++) {
      count[h.planeOf(packet(5, seq, 0, Packet.NO_ROUTE))]++;
      if (seq == 99) {
        assertThat(count).as("after 100 packets").satisfies(c -> {
          assertThat(c[0]).isBetween(38, 42);
          assertThat(c[1]).isBetween(18, 22);
        });
      }
    }
    assertThat(count[0]).isBetween(398, 402);
    assertThat(count[1]).isBetween(198, 202);
    assertThat(count[2]).isBetween(398, 402);
  }

  @Test
  void aHashingNicWeighsThePlanesAndLeavesADeadOneAlone() {
    Host h = host(2);
    h.setRoutes(weighted(3, 1));
    int[] count = new int[2];
    for (int e = 0; e < 40_000; e++) {
      count[h.planeOf(packet(5, 0, e, Packet.NO_ROUTE))]++;
    }
    assertThat(count[0]).isBetween(29_500, 30_500);
    h.setRoutes(weighted(0, 4));
    for (int e = 0; e < 1000; e++) {
      assertThat(h.planeOf(packet(5, 0, e, Packet.NO_ROUTE))).isEqualTo(1);
    }
    // equal weights: the unweighted choice, so intact fabrics keep their results
    Host plain = host(2);
    h.setRoutes(weighted(2, 2));
    for (int e = 0; e < 1000; e++) {
      assertThat(h.planeOf(packet(5, 0, e, Packet.NO_ROUTE))).isEqualTo(plain.planeOf(packet(5, 0, e, Packet.NO_ROUTE)));
    }
  }

  @Test
  void thePlaneIsNotTheInPlaneChoice() {
    // entropies that one ECMP-like choice (entropy mod 4) sends up port 0 still land on every plane
    Host h = host(4);
    int[] count = new int[4];
    for (int e = 0; e < 40_000; e += 4) {
      count[h.planeOf(packet(5, 0, e, Packet.NO_ROUTE))]++;
    }
    for (int c : count) {
      assertThat(c).isBetween(2_300, 2_700);
    }
  }

  @Test
  void rotationTakesThePlanesInTurnFromTheFlowsOwnPlane() {
    Host h = host(4);
    h.rotatePlanes(true);
    for (int seq = 0; seq < 12; seq++) {
      assertThat(h.planeOf(packet(6, seq, 77, Packet.NO_ROUTE))).isEqualTo((seq + 6) % 4);
    }
  }

  @Test
  void aSourceRouteNamingAPlaneWins() {
    Host h = host(4);
    h.rotatePlanes(true);
    int route = Host.routeOnPlane(Packet.routeWith(Packet.NO_ROUTE, 0, 1), 2);
    assertThat(h.planeOf(packet(6, 1, 77, route))).isEqualTo(2);
    assertThat(route & 0xFF).isEqualTo(1); // the in-plane choice is kept
    assertThat(Host.routeOnPlane(Packet.NO_ROUTE, 3) >>> 8 & 0xFFFF).isEqualTo(0xFFFF); // no in-plane choice
  }

  @Test
  void sendQueuesOnThePlanesPort() {
    Host h = host(2);
    h.rotatePlanes(true);
    h.send(packet(0, 0, 0, Packet.NO_ROUTE));
    h.send(packet(0, 1, 0, Packet.NO_ROUTE));
    h.send(packet(0, 2, 0, Packet.NO_ROUTE));
    assertThat(h.nics()[0].queuedBytes()).isEqualTo(200);
    assertThat(h.nics()[1].queuedBytes()).isEqualTo(100);
    assertThat(h.planes()).isEqualTo(2);
  }

  @Test
  void onePlaneDrawsNothingAndUsesItsOnePort() {
    Host h = new Host(0);
    EgressPort only = new EgressPort(sim, pool, new FabricCounters(), new PortConfig(100_000_000_000L, Long.MAX_VALUE, -1, 0),
        new Link(0), "only");
    h.setNics(new EgressPort[] {only}, null); // no random streams needed with one plane
    assertThat(h.planes()).isEqualTo(1);
    assertThat(h.nic()).isSameAs(only);
  }
}
