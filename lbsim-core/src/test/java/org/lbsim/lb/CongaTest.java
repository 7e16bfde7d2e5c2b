package org.lbsim.lb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.lbsim.engine.Simulator;
import org.lbsim.net.Packet;
import org.lbsim.topo.Fabric;
import org.lbsim.topo.FabricSettings;
import org.lbsim.topo.FatTree;
import org.lbsim.topo.LeafSpine;
import org.lbsim.topo.TierLink;

/** CONGA: utilization estimators, path metrics, leaf-to-leaf feedback and flowlet decisions. */
class CongaTest {
  private static final long GAP = 10_000_000;
  private static final long PERIOD = 1_000_000; // T_dre = 1 us; with alpha 0.1, tau = 10 us
  // at 800 Gb/s a port carries 1,000,000 B in tau: one level (of 8) per 125,000 B

  /** Leaf 0 of a leaf-spine with 4 leaves of 4 hosts and 4 spines. */
  private static TestSwitch leaf() {
    return TestSwitch.tor(4);
  }

  private static Conga leafSpineConga(TestSwitch t) {
    return new Conga(t.sw, t::clock, new LeafSpine(4, 4, 4), GAP, 12, PERIOD, 0.1, 3);
  }

  /** A packet arriving at leaf 0 from leaf {@code from}, for host 0, carrying feedback. */
  private static void feedback(TestSwitch t, Conga c, int from, int tag, int metric) {
    Packet p = t.packet(from * 4, 0, Packet.ACK, 99);
    p.extras().congaTag = 0;
    p.extras().congaFbTag = tag;
    p.extras().congaFbMetric = metric;
    c.onForward(t.sw, p, t.down[0], false);
    t.pool.release(p);
  }

  @Test
  void dreQuantizesUtilizationAndDecaysEveryPeriod() {
    TestSwitch t = leaf();
    Conga c = leafSpineConga(t);
    int uplink0 = 4; // estimators: down ports first, then up ports
    assertThat(c.send(uplink0, 250_000, 0)).isEqualTo(2);
    assertThat(c.level(uplink0, PERIOD - 1)).isEqualTo(2);
    assertThat(c.level(uplink0, PERIOD)).isEqualTo(1); // 225,000 B
    assertThat(c.level(uplink0, 6 * PERIOD)).isEqualTo(1); // 250,000 * 0.9^6 = 132,860 B
    assertThat(c.level(uplink0, 7 * PERIOD)).isZero(); // 119,574 B
    assertThat(c.send(uplink0, 2_000_000, 7 * PERIOD)).isEqualTo(7); // capped at 2^3 - 1
  }

  @Test
  void aNewFlowletTakesThePathMinimizingMaxOfLocalAndRemoteCongestion() {
    TestSwitch t = leaf();
    Conga c = leafSpineConga(t);
    int[] remote = {5, 3, 6, 4};
    for (int tag = 0; tag < 4; tag++) {
      feedback(t, c, 2, tag, remote[tag]);
      assertThat(c.congestionTo(2, tag)).isEqualTo(remote[tag]);
    }
    assertThat(t.choose(c, 0, 9, Packet.DATA, 1)).isEqualTo(1);
    c.send(4 + 1, 900_000, 0); // uplink 1 locally at level 7
    assertThat(t.choose(c, 0, 9, Packet.DATA, 2)).isEqualTo(3); // max(0, 4) beats max(7, 3)
    // flow 1's flowlet continues on its path while it keeps sending
    t.now = GAP;
    assertThat(t.choose(c, 0, 9, Packet.DATA, 1)).isEqualTo(1);
    t.now = 2 * GAP + 1; // silent for longer than the gap: decided again
    c.send(4 + 1, 900_000, t.now); // (the earlier load has decayed over 20 periods)
    assertThat(t.choose(c, 0, 9, Packet.DATA, 1)).isEqualTo(3);
  }

  @Test
  void equallyGoodPathsKeepTheFlowletsPreviousPathOrAreDrawnAtRandom() {
    TestSwitch t = leaf();
    Conga c = leafSpineConga(t);
    int[] chosen = new int[4];
    for (int flow = 0; flow < 4000; flow++) {
      chosen[t.choose(c, 0, 9, Packet.DATA, flow)]++;
    }
    for (int n : chosen) {
      assertThat(n).isBetween(800, 1200);
    }
    int first = t.choose(c, 0, 9, Packet.DATA, 5000);
    for (int i = 1; i <= 20; i++) {
      t.now = i * (GAP + 1); // every packet a new flowlet, all paths still equal
      assertThat(t.choose(c, 0, 9, Packet.DATA, 5000)).isEqualTo(first);
    }
  }

  @Test
  void theSourceLeafStampsItsTagAndUplinkLevelAndFeedsBackOneEntry() {
    TestSwitch t = leaf();
    Conga c = leafSpineConga(t);
    // a packet from leaf 2 brought path metric 4 on tag 2: Congestion-From-Leaf[2][2] = 4
    Packet in = t.packet(8, 1, Packet.DATA, 50);
    in.extras().congaTag = 2;
    in.extras().congaMetric = 4;
    c.onForward(t.sw, in, t.down[1], false);
    assertThat(c.congestionFrom(2, 2)).isEqualTo(4);
    c.send(4 + 3, 400_000, 0); // uplink 3 at level 3 before the packet below
    for (int i = 0; i < 3; i++) {
      Packet out = t.packet(1, 9, Packet.DATA, 60 + i);
      int port = c.select(t.sw, out, t.up, 4);
      c.onForward(t.sw, out, t.up[port], true);
      assertThat(out.congaTag()).isEqualTo(port);
      assertThat(out.congaMetric()).isEqualTo(port == 3 ? 3 : 0);
      // the only entry about leaf 2 goes back, changed or not
      assertThat(out.congaFbTag()).isEqualTo(2);
      assertThat(out.congaFbMetric()).isEqualTo(4);
      t.pool.release(out);
    }
    Packet toLeaf3 = t.packet(1, 13, Packet.DATA, 70);
    c.onForward(t.sw, toLeaf3, t.up[c.select(t.sw, toLeaf3, t.up, 4)], true);
    assertThat(toLeaf3.congaFbTag()).isEqualTo(-1); // nothing known about paths from leaf 3
  }

  @Test
  void feedbackPrefersChangedEntriesThenRoundRobins() {
    TestSwitch t = leaf();
    Conga c = leafSpineConga(t);
    for (int tag = 0; tag < 4; tag++) {
      Packet in = t.packet(8, 1, Packet.DATA, 50);
      in.extras().congaTag = tag;
      in.extras().congaMetric = tag + 1;
      c.onForward(t.sw, in, t.down[1], false);
      t.pool.release(in);
    }
    int[] fed = new int[8];
    for (int i = 0; i < 8; i++) {
      Packet out = t.packet(1, 9, Packet.DATA, 60);
      c.onForward(t.sw, out, t.up[c.select(t.sw, out, t.up, 4)], true);
      fed[i] = out.congaFbTag();
      assertThat(out.congaFbMetric()).isEqualTo(out.congaFbTag() + 1);
      t.pool.release(out);
    }
    assertThat(fed).containsExactly(0, 1, 2, 3, 0, 1, 2, 3);
    Packet in = t.packet(8, 1, Packet.DATA, 50);
    in.extras().congaTag = 2;
    in.extras().congaMetric = 7; // tag 2 changed: it jumps the round-robin queue
    c.onForward(t.sw, in, t.down[1], false);
    Packet out = t.packet(1, 9, Packet.DATA, 60);
    c.onForward(t.sw, out, t.up[c.select(t.sw, out, t.up, 4)], true);
    assertThat(out.congaFbTag()).isEqualTo(2);
    assertThat(out.congaFbMetric()).isEqualTo(7);
  }

  @Test
  void aSpineRaisesThePathMetricToItsEgressLevel() {
    TestSwitch t = new TestSwitch(1, 0, 16, 4, 0); // spine above 4 leaves of 4 hosts
    Conga c = new Conga(t.sw, t::clock, new LeafSpine(4, 4, 4), GAP, 12, PERIOD, 0.1, 3);
    c.send(2, 500_000, 0); // the port down to leaf 2 at level 4
    Packet p = t.packet(1, 9, Packet.DATA, 1);
    p.extras().congaMetric = 1;
    c.onForward(t.sw, p, t.down[2], false);
    assertThat(p.congaMetric()).isEqualTo(4);
    p.extras().congaMetric = 6;
    c.onForward(t.sw, p, t.down[2], false);
    assertThat(p.congaMetric()).isEqualTo(6);
  }

  @Test
  void inAFatTreeAToRChoosesTheCoreAndSourceRoutesTheAggregationHop() {
    // k = 4: 2 hosts per ToR, 4 per pod, 2 uplinks per ToR and per agg; ToR 0 holds hosts 0..1
    TestSwitch t = new TestSwitch(0, 0, 2, 1, 2);
    Conga c = new Conga(t.sw, t::clock, new FatTree(4, 1), GAP, 12, PERIOD, 0.1, 3);
    Set<Integer> interPod = new HashSet<>();
    Set<Integer> intraPod = new HashSet<>();
    for (int flow = 0; flow < 400; flow++) {
      Packet p = t.packet(0, 9, Packet.DATA, flow); // pod 2
      int port = c.select(t.sw, p, t.up, 2);
      c.onForward(t.sw, p, t.up[port], true);
      assertThat(port).isEqualTo(p.congaTag() % 2);
      assertThat((p.route >>> 8) & 0xFF).isEqualTo(p.congaTag() / 2); // the agg's uplink
      assertThat(p.route & 0xFF).isEqualTo(0xFF); // the ToR's own byte is left open
      interPod.add(p.congaTag());
      t.pool.release(p);
      Packet q = t.packet(0, 3, Packet.DATA, 1000 + flow); // ToR 1 of the same pod
      int qp = c.select(t.sw, q, t.up, 2);
      c.onForward(t.sw, q, t.up[qp], true);
      assertThat(q.route).isEqualTo(Packet.NO_ROUTE);
      assertThat(q.congaTag()).isEqualTo(qp);
      intraPod.add(q.congaTag());
      t.pool.release(q);
    }
    assertThat(interPod).containsExactlyInAnyOrder(0, 1, 2, 3); // one tag per core
    assertThat(intraPod).containsExactlyInAnyOrder(0, 1);
  }

  @Test
  void feedbackClosesTheLoopAcrossALeafSpine() {
    Simulator sim = new Simulator(5);
    TierLink link = new TierLink(800_000_000_000L, 500_000);
    LeafSpine topo = new LeafSpine(2, 2, 3);
    Fabric f = Fabric.build(sim, topo, new FabricSettings(link, link, link, 800_000, 0.5, 20),
        sw -> new Conga(sw, sim::now, topo, GAP, 12, PERIOD, 0.1, 3));
    for (int h = 0; h < f.hostCount(); h++) {
      f.host(h).setStack(p -> f.pool().release(p));
    }
    // host 0 (leaf 0) -> host 2 (leaf 1) on many flows, then host 2 -> host 0 carries the feedback
    for (int i = 0; i < 60; i++) {
      send(f, 0, 2, i);
    }
    sim.run(Long.MAX_VALUE);
    Conga leaf0 = (Conga) f.switches().get(0).selector();
    Conga leaf1 = (Conga) f.switches().get(1).selector();
    int measured = 0;
    for (int tag = 0; tag < 3; tag++) {
      measured += leaf1.congestionFrom(0, tag) >= 0 ? 1 : 0;
      assertThat(leaf0.congestionTo(1, tag)).isEqualTo(-1);
    }
    assertThat(measured).isEqualTo(3);
    for (int i = 0; i < 6; i++) {
      send(f, 2, 0, 100 + i);
    }
    sim.run(Long.MAX_VALUE);
    for (int tag = 0; tag < 3; tag++) {
      assertThat(leaf0.congestionTo(1, tag)).as("tag %d", tag).isEqualTo(leaf1.congestionFrom(0, tag));
    }
    assertThat(f.pool().outstanding()).isZero();
  }

  private static void send(Fabric f, int src, int dst, int flow) {
    Packet p = f.pool().acquire();
    p.src = src;
    p.dst = dst;
    p.flow = flow;
    p.sizeBytes = 4158;
    f.host(src).send(p);
  }
}
