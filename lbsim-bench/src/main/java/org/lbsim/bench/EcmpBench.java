package org.lbsim.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.lbsim.engine.Simulator;
import org.lbsim.lb.Ecmp;
import org.lbsim.net.EgressPort;
import org.lbsim.net.FabricCounters;
import org.lbsim.net.Link;
import org.lbsim.net.Packet;
import org.lbsim.net.PacketPool;
import org.lbsim.net.PortConfig;
import org.lbsim.net.Switch;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost of one ECMP decision (lookup2 hash of flow, entropy and switch salt, then modulo) on a
 * k = 8 fat-tree ToR with 4 up ports. Packets cycle through a table with random flow ids and
 * entropies, as host spraying produces, so the JIT cannot fold the hash into a constant.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class EcmpBench {
  private static final int PACKETS = 1 << 12;
  private static final int UP_PORTS = 4;

  private final Ecmp ecmp = new Ecmp();
  private Switch sw;
  private EgressPort[] up;
  private Packet[] packets;
  private int next;

  @Setup(Level.Trial)
  public void setUp() {
    Simulator sim = new Simulator(1);
    PacketPool pool = new PacketPool();
    FabricCounters counters = new FabricCounters();
    PortConfig config = new PortConfig(100_000_000_000L, 417_800, -1, 0);
    // A ToR of a k = 8 fat tree: hosts [0, 4), one host per down port, 4 up ports.
    sw = new Switch(0, "tor0", 0, 0, 4, 1, 4, UP_PORTS, new SplittableRandom(7));
    up = new EgressPort[UP_PORTS];
    for (int i = 0; i < UP_PORTS; i++) {
      up[i] = new EgressPort(sim, pool, counters, config, new Link(Simulator.PS_PER_US), "tor0-up" + i);
      sw.setUp(i, up[i]);
    }
    SplittableRandom rnd = new SplittableRandom(42);
    packets = new Packet[PACKETS];
    for (int i = 0; i < PACKETS; i++) {
      Packet p = pool.acquire();
      p.flow = rnd.nextInt(128 * 127);
      p.entropy = rnd.nextInt();
      p.dst = 4 + rnd.nextInt(124);
      packets[i] = p;
    }
  }

  @Benchmark
  public int select() {
    Packet p = packets[next++ & (PACKETS - 1)];
    return ecmp.select(sw, p, up, UP_PORTS);
  }
}
