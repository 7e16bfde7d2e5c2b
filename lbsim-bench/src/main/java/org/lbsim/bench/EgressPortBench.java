package org.lbsim.bench;

import java.util.concurrent.TimeUnit;
import org.lbsim.engine.Simulator;
import org.lbsim.net.EgressPort;
import org.lbsim.net.FabricCounters;
import org.lbsim.net.Link;
import org.lbsim.net.Node;
import org.lbsim.net.Packet;
import org.lbsim.net.PacketPool;
import org.lbsim.net.PortConfig;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One packet's whole trip through a port: pool acquire, enqueue (buffer accounting), serialization,
 * propagation on the port's wire (a DELIVER event), then a sink that returns it to the pool.
 * Reports nanoseconds per packet.
 *
 * <p>{@code burst} packets are enqueued at once before the simulator drains them: 1 measures an
 * idle port (every packet starts serializing at once), 64 a port with a standing queue.
 * {@code transmitter}: {@code arrival} = departures computed on arrival (the default for such a
 * port: one event per packet); {@code events} = the event-driven transmitter (a TX_FREE event per
 * queued packet besides the delivery).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class EgressPortBench {
  static final int PACKETS = 256; // per invocation, so bursts of 1 and 64 compare per packet
  private static final int DATA_BYTES = 4096 + 62;

  @Param({"1", "64"})
  int burst;

  @Param({"arrival", "events"})
  String transmitter;

  private Simulator sim;
  private PacketPool pool;
  private EgressPort port;

  @Setup(Level.Trial)
  public void setUp() {
    sim = new Simulator(1);
    pool = new PacketPool();
    FabricCounters counters = new FabricCounters();
    // 100 Gb/s, unbounded buffer (no drops), ECN at 100 packets so the marking branch runs, 20 B gap.
    PortConfig config = new PortConfig(100_000_000_000L, Long.MAX_VALUE, 100L * DATA_BYTES, 20);
    Link link = new Link(Simulator.PS_PER_US);
    port = new EgressPort(sim, pool, counters, config, link, "bench");
    link.connectTo(new Sink(pool));
    if (transmitter.equals("events")) {
      port.useEventDrivenTransmitter();
    }
  }

  @Benchmark
  @OperationsPerInvocation(PACKETS)
  public long enqueueSerializeDeliver() {
    for (int sent = 0; sent < PACKETS; sent += burst) {
      for (int i = 0; i < burst; i++) {
        Packet p = pool.acquire();
        p.sizeBytes = DATA_BYTES;
        p.payloadBytes = 4096;
        port.enqueue(p);
      }
      sim.run(Long.MAX_VALUE);
    }
    return port.statistics().packetsSent();
  }

  /** The far end of the link: returns every packet to the pool, as a receiving host does. */
  private static final class Sink implements Node {
    private final PacketPool pool;

    Sink(PacketPool pool) {
      this.pool = pool;
    }

    @Override
    public void receive(Packet p) {
      pool.release(p);
    }
  }
}
