package org.lbsim.lb;

import java.util.SplittableRandom;
import org.lbsim.engine.Simulator;
import org.lbsim.net.EgressPort;
import org.lbsim.net.FabricCounters;
import org.lbsim.net.Link;
import org.lbsim.net.Packet;
import org.lbsim.net.PacketPool;
import org.lbsim.net.PortConfig;
import org.lbsim.net.Switch;

/**
 * A lone switch with real egress ports whose links end in a sink, for decision-rule tests. The
 * simulator never runs, so a port's queued bytes stay what was enqueued (the first packet is
 * "being serialized" at time 0 and counts); selectors that need time get {@link #clock}.
 */
final class TestSwitch {
  static final long RATE = 800_000_000_000L;
  static final long BUFFER = 1_000_000;
  static final long SEED = 42;

  final Simulator sim = new Simulator(1);
  final PacketPool pool = new PacketPool();
  final FabricCounters counters = new FabricCounters();
  final Switch sw;
  final EgressPort[] up;
  final EgressPort[] down;
  /** Simulated time seen by time-driven selectors, set by the test. */
  long now;

  /** A switch at {@code tier} above hosts [lo, hi), one host (or child) per {@code hostsPerChild}. */
  TestSwitch(int tier, int lo, int hi, int hostsPerChild, int upPorts) {
    this(tier, lo, hi, hostsPerChild, upPorts, SEED);
  }

  TestSwitch(int tier, int lo, int hi, int hostsPerChild, int upPorts, long seed) {
    sw = new Switch(0, "sw", tier, lo, hi, hostsPerChild, (hi - lo) / hostsPerChild, upPorts, new SplittableRandom(seed));
    up = new EgressPort[upPorts];
    down = new EgressPort[(hi - lo) / hostsPerChild];
    for (int i = 0; i < upPorts; i++) {
      up[i] = port("up" + i);
      sw.setUp(i, up[i]);
    }
    for (int i = 0; i < down.length; i++) {
      down[i] = port("down" + i);
      sw.setDown(i, down[i]);
    }
  }

  /** A ToR with 4 hosts [0, 4) and {@code upPorts} uplinks. */
  static TestSwitch tor(int upPorts) {
    return new TestSwitch(0, 0, 4, 1, upPorts);
  }

  /** The random stream the switch's selector draws from, replayed: the salt draw is skipped. */
  static SplittableRandom mirrorOfSwitchRandom() {
    SplittableRandom r = new SplittableRandom(SEED);
    r.nextInt();
    return r;
  }

  private EgressPort port(String name) {
    Link link = new Link(500_000);
    link.connectTo(pool::release);
    return new EgressPort(sim, pool, counters, new PortConfig(RATE, BUFFER, -1, 20), link, name);
  }

  long clock() {
    return now;
  }

  /** Makes up port {@code i} hold {@code bytes} more (as one packet). */
  void load(int i, int bytes) {
    Packet p = pool.acquire();
    p.sizeBytes = bytes;
    up[i].enqueue(p);
  }

  Packet packet(int src, int dst, byte type, int flow) {
    Packet p = pool.acquire();
    p.src = src;
    p.dst = dst;
    p.type = type;
    p.flow = flow;
    p.sizeBytes = type == Packet.DATA ? 4158 : 64;
    return p;
  }

  /** Asks {@code selector} for the up port of a packet, as the switch would. */
  int choose(org.lbsim.net.PortSelector selector, int src, int dst, byte type, int flow) {
    Packet p = packet(src, dst, type, flow);
    int c = selector.select(sw, p, up, up.length);
    pool.release(p);
    return c;
  }

  int choose(org.lbsim.net.PortSelector selector) {
    return choose(selector, 0, 100, Packet.DATA, 1);
  }
}
