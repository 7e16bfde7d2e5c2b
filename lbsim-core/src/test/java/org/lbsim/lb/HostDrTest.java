package org.lbsim.lb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.design.Params;
import org.lbsim.engine.RandomStreams;
import org.lbsim.engine.Simulator;
import org.lbsim.engine.SplitMix;
import org.lbsim.net.EgressPort;
import org.lbsim.net.Packet;
import org.lbsim.topo.Fabric;
import org.lbsim.topo.FabricSettings;
import org.lbsim.topo.FatTree;
import org.lbsim.topo.LeafSpine;
import org.lbsim.topo.TierLink;
import org.lbsim.topo.Topology;

class HostDrTest {
  private static final LbDesign DR = LbDesigns.find("host-dr");
  private static final TierLink LINK = new TierLink(800_000_000_000L, 500_000);

  private static LbContext ctx(Topology t, long seed) {
    return new LbContext(Params.defaults(DR.params()), t, 800_000, new RandomStreams(seed), () -> 0L);
  }

  private static PathPolicy data(LbContext ctx, int flow, int src, int dst) {
    return DR.host().apply(ctx).create(new FakeFlow(flow, src, dst, 1_000, 0), new SplitMix(flow));
  }

  private static PathPolicy ack(LbContext ctx, int flow, int src, int dst) {
    // the receiver's view: src = the data receiver, dst = the data sender
    return DR.ack().apply(ctx).create(new FakeFlow(flow, dst, src, 1_000, 0), new SplitMix(~flow));
  }

  private static int tierByte(int route, int tier) {
    return (route >>> (8 * tier)) & 0xFF;
  }

  /** The core a fat-tree route with k/2 = half goes through. */
  private static int core(Packet p, int half) {
    return tierByte(p.route, 0) + half * tierByte(p.route, 1);
  }

  @Test
  void coreRoutesDecodeToTorUplinkCModHalfThenAggUplinkCDivHalf() {
    int half = 4;
    for (int c = 0; c < 16; c++) {
      int r = DrPaths.route(new FatTree(2 * half, 1), 2, c);
      assertThat(tierByte(r, 0)).isEqualTo(c % half);
      assertThat(tierByte(r, 1)).isEqualTo(c / half);
      assertThat(tierByte(r, 2)).isEqualTo(0xFF);
      assertThat(tierByte(r, 3)).isEqualTo(0xFF);
    }
  }

  @Test
  void overTwoRotationsEachCoreIsUsedExactlyTwiceInPointerOrder() {
    LbContext ctx = ctx(new FatTree(8, 1), 1);
    for (int flow = 0; flow < 50; flow++) {
      int src = flow % 16;
      int dst = 64 + flow; // another pod
      PathPolicy dr = data(ctx, flow, src, dst);
      int d0 = HostDr.starts(ctx.random(), flow, 16, 16)[0];
      int[] uses = new int[16];
      Packet p = new Packet();
      for (int n = 1; n <= 32; n++) {
        dr.choose(p, n);
        int c = core(p, 4);
        assertThat(c).as("flow %d packet %d", flow, n).isEqualTo((d0 + n) % 16);
        uses[c]++;
      }
      assertThat(uses).containsOnly(2);
    }
  }

  /**
   * {@code host-dr.order: shuffled}: every cycle of 16 packets still uses each core once, in an
   * order of its own; two flows' cycles keep no fixed offset to each other.
   */
  @Test
  void aShuffledOrderUsesEveryCoreOncePerCycleInAFreshOrder() {
    LbContext ctx = new LbContext(Params.defaults(DR.params()).with("order", HostDr.ORDERS.indexOf("shuffled")),
        new FatTree(8, 1), 800_000, new RandomStreams(3), () -> 0L);
    List<List<Integer>> cycles = new ArrayList<>();
    Packet p = new Packet();
    for (int flow = 0; flow < 2; flow++) {
      PathPolicy dr = data(ctx, flow, flow, 64 + flow);
      for (int cycle = 0; cycle < 8; cycle++) {
        List<Integer> order = new ArrayList<>();
        for (int n = 0; n < 16; n++) {
          dr.choose(p, n);
          order.add(core(p, 4));
        }
        assertThat(order).as("flow %d cycle %d", flow, cycle).containsExactlyInAnyOrderElementsOf(
            java.util.stream.IntStream.range(0, 16).boxed().toList());
        cycles.add(order);
      }
    }
    assertThat(cycles.stream().distinct().count()).as("16 cycles, 16 orders").isEqualTo(16);
    java.util.Set<Integer> offsets = new java.util.HashSet<>();
    for (int c = 0; c < 8; c++) {
      offsets.add(Math.floorMod(cycles.get(8 + c).get(0) - cycles.get(c).get(0), 16));
    }
    assertThat(offsets).as("the two flows' first cores differ by more than one fixed offset").hasSizeGreaterThan(1);
  }

  @Test
  void eachDestinationKeepsItsOwnRotation() {
    LbContext ctx = ctx(new FatTree(4, 1), 2);
    PathPolicy toPod2 = data(ctx, 0, 0, 8);
    PathPolicy toPod3 = data(ctx, 1, 0, 12);
    PathPolicy samePod = data(ctx, 2, 0, 2);
    int[] last = {-1, -1, -1};
    Packet p = new Packet();
    PathPolicy[] all = {toPod2, toPod3, samePod, toPod2, toPod2, samePod, toPod3};
    for (int i = 0; i < 70; i++) {
      int which = i % all.length;
      PathPolicy dr = all[which];
      int key = dr == toPod2 ? 0 : dr == toPod3 ? 1 : 2;
      dr.choose(p, i);
      int slot = key == 2 ? tierByte(p.route, 0) : core(p, 2);
      int m = key == 2 ? 2 : 4;
      if (last[key] >= 0) {
        assertThat(slot).as("policy %d step %d", key, i).isEqualTo((last[key] + 1) % m);
      }
      last[key] = slot;
      if (key == 2) {
        assertThat(tierByte(p.route, 1)).as("same pod: no agg uplink chosen").isEqualTo(0xFF);
      }
    }
  }

  @Test
  void theAckPointerStartsElsewhereAndRotatesFromA0() {
    LbContext ctx = ctx(new FatTree(4, 1), 3);
    int[] firstAck = new int[4];
    for (int flow = 0; flow < 400; flow++) {
      int[] s = HostDr.starts(ctx.random(), flow, 4, 4);
      assertThat(s[1]).isNotEqualTo(s[0]);
      PathPolicy a = ack(ctx, flow, 1, 13);
      PathPolicy d = data(ctx, flow, 1, 13);
      Packet p = new Packet();
      for (int j = 0; j < 8; j++) {
        a.choose(p, j);
        assertThat(core(p, 2)).isEqualTo((s[1] + j) % 4);
      }
      d.choose(p, 0);
      assertThat(core(p, 2)).isEqualTo((s[0] + 1) % 4);
      firstAck[s[1]]++;
    }
    for (int n : firstAck) {
      assertThat(n).as("ACK start slots are spread out: %s", java.util.Arrays.toString(firstAck)).isGreaterThan(60);
    }
  }

  @Test
  void sameTorHasNoChoiceAndLeafSpineRotatesOverSpines() {
    Packet p = new Packet();
    PathPolicy local = data(ctx(new FatTree(4, 1), 4), 0, 0, 1);
    local.choose(p, 0);
    assertThat(p.route).isEqualTo(Packet.NO_ROUTE);

    LbContext ls = ctx(new LeafSpine(4, 3, 5), 4);
    PathPolicy dr = data(ls, 7, 0, 11);
    int[] uses = new int[5];
    for (int i = 0; i < 10; i++) {
      dr.choose(p, i);
      assertThat(tierByte(p.route, 1)).isEqualTo(0xFF);
      uses[tierByte(p.route, 0)]++;
    }
    assertThat(uses).containsOnly(2);
  }

  @Test
  void theCandidateSetCanBeReplaced() {
    int[] all = new DrPaths(new FatTree(4, 1)).candidates(0, 8);
    HostDr dr = HostDr.data(all, 2); // next slot 3
    Packet p = new Packet();
    dr.choose(p, 0);
    assertThat(p.route).isEqualTo(all[3]);
    int[] valid = {all[0], all[2]};
    dr.setCandidates(valid);
    List<Integer> routes = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      dr.choose(p, i);
      routes.add(p.route);
    }
    assertThat(routes).containsExactly(valid[0], valid[1], valid[0], valid[1]);
  }

  @Test
  void everySourceRouteLeadsThroughTheIntendedSwitchesOfTheBuiltFabric() {
    FatTree t = new FatTree(4, 1);
    Simulator sim = new Simulator(5);
    Fabric f = Fabric.build(sim, t, new FabricSettings(LINK, LINK, LINK, 800_000, 0.5, 20), sw -> (s, pk, c, n) -> {
      throw new AssertionError("a Host DR packet fell back to the switch selector at " + s.name());
    });
    int[] delivered = {0};
    for (int h = 0; h < f.hostCount(); h++) {
      f.host(h).setStack(pk -> {
        delivered[0]++;
        f.pool().release(pk);
      });
    }
    DrPaths paths = new DrPaths(t);
    List<EgressPort> ports = f.ports();
    int sent = 0;
    for (int s = 0; s < 16; s++) {
      for (int d = 0; d < 16; d++) {
        if (s == d) {
          continue;
        }
        int[] routes = paths.candidates(s, d);
        for (int i = 0; i < routes.length; i++) {
          long[] before = new long[ports.size()];
          for (int x = 0; x < before.length; x++) {
            before[x] = ports.get(x).statistics().packetsSent();
          }
          Packet p = f.pool().acquire();
          p.src = s;
          p.dst = d;
          p.flow = sent++;
          p.sizeBytes = 64;
          p.route = routes[i];
          f.host(s).send(p);
          sim.run(Long.MAX_VALUE);
          List<String> used = new ArrayList<>();
          for (int x = 0; x < before.length; x++) {
            if (ports.get(x).statistics().packetsSent() > before[x]) {
              used.add(ports.get(x).name());
            }
          }
          int tor = s / 2;
          int srcPod = s / 4;
          int dstPod = d / 4;
          if (tor == d / 2) {
            assertThat(used).containsExactlyInAnyOrder("h" + s + ">tor" + tor, "tor" + tor + ">h" + d);
          } else if (srcPod == dstPod) {
            int agg = srcPod * 2 + i;
            assertThat(used).contains("tor" + tor + ">agg" + agg, "agg" + agg + ">tor" + d / 2).hasSize(4);
          } else {
            int c = i; // slot i of the core set is core i
            int up = srcPod * 2 + c % 2;
            int down = dstPod * 2 + c % 2;
            assertThat(used).as("%d->%d via core %d", s, d, c).contains("tor" + tor + ">agg" + up,
                "agg" + up + ">core" + c, "core" + c + ">agg" + down, "agg" + down + ">tor" + d / 2).hasSize(6);
          }
        }
      }
    }
    assertThat(delivered[0]).isEqualTo(sent);
  }
}
