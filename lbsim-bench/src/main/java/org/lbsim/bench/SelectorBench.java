package org.lbsim.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.lbsim.design.Params;
import org.lbsim.engine.Simulator;
import org.lbsim.lb.LbContext;
import org.lbsim.lb.LbDesign;
import org.lbsim.lb.LbDesigns;
import org.lbsim.net.EgressPort;
import org.lbsim.net.FabricCounters;
import org.lbsim.net.Link;
import org.lbsim.net.Packet;
import org.lbsim.net.PacketPool;
import org.lbsim.net.PortConfig;
import org.lbsim.net.PortSelector;
import org.lbsim.net.Switch;
import org.lbsim.topo.FatTree;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost of one up-port decision of every switch-side design, made by the design's own selector on
 * a k = 8 fat-tree ToR (4 up ports) for packets with random flows, entropies and destinations.
 * The simulated clock stays at 0, so time-driven state (quantized queues, flowlet gaps) follows its
 * cached path, as it does between refreshes in a run.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class SelectorBench {
  private static final int PACKETS = 1 << 12;
  private static final int UP_PORTS = 4;

  @Param({"ecmp", "switch-spray", "simple-rr", "jsq", "rsq", "switch-ar", "ofan", "letflow", "drill", "conga"})
  public String design;

  private PortSelector selector;
  private Switch sw;
  private EgressPort[] up;
  private Packet[] packets;
  private int next;

  @Setup(Level.Trial)
  public void setUp() {
    Simulator sim = new Simulator(1);
    PacketPool pool = new PacketPool();
    FabricCounters counters = new FabricCounters();
    PortConfig config = new PortConfig(800_000_000_000L, 800_000, 400_000, 20);
    sw = new Switch(0, "tor0", 0, 0, 4, 1, 4, UP_PORTS, new SplittableRandom(7));
    up = new EgressPort[UP_PORTS];
    for (int i = 0; i < UP_PORTS; i++) {
      up[i] = new EgressPort(sim, pool, counters, config, new Link(500_000), "tor0-up" + i);
      sw.setUp(i, up[i]);
      sw.setDown(i, new EgressPort(sim, pool, counters, config, new Link(500_000), "tor0-down" + i));
    }
    LbDesign d = LbDesigns.find(design);
    LbContext ctx = new LbContext(Params.defaults(d.params()), new FatTree(8, 1), 800_000, sim.random(), sim::now);
    selector = d.switches().apply(sw, ctx);
    SplittableRandom rnd = new SplittableRandom(42);
    packets = new Packet[PACKETS];
    for (int i = 0; i < PACKETS; i++) {
      Packet p = pool.acquire();
      p.flow = rnd.nextInt(128 * 127);
      p.entropy = rnd.nextInt();
      p.src = rnd.nextInt(4);
      p.dst = 4 + rnd.nextInt(124);
      p.type = rnd.nextInt(2) == 0 ? Packet.DATA : Packet.ACK;
      packets[i] = p;
    }
  }

  @Benchmark
  public int select() {
    Packet p = packets[next++ & (PACKETS - 1)];
    return selector.select(sw, p, up, UP_PORTS);
  }
}
