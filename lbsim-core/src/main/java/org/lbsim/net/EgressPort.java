package org.lbsim.net;

import org.lbsim.engine.EventTarget;
import org.lbsim.engine.Simulator;

/**
 * An output queue and its transmitter: byte-accounted drop-tail buffer, ECN marking at dequeue,
 * serialization at the line rate, then the {@link Link} adds propagation.
 *
 * <p>Store-and-forward: a packet that starts serializing at t is complete at the far end of the
 * link at t + size/rate + latency. The next packet may start after the inter-packet gap. The
 * packet being serialized occupies the buffer until its last bit has left, without an event for
 * that instant: occupancy is computed lazily from {@code servingEndPs}.
 */
public final class EgressPort implements EventTarget {
  private static final int TX_FREE = 0;

  private final Simulator sim;
  private final PacketPool pool;
  private final FabricCounters counters;
  private final PortConfig config;
  private final String name;
  private final long psPerByte; // > 0 when the rate divides 8e12 exactly
  private final Link link;
  private final long gapPs;

  private Packet[] ring = new Packet[64];
  private int head;
  private int count;
  private long waitingBytes;
  private long freeAtPs; // when the transmitter may start the next packet (after the gap)
  private boolean wakeupPending; // invariant: packets waiting => a TX_FREE event is pending
  private long servingBytes;
  private long servingEndPs;

  // statistics
  private long lastChangePs;
  private long byteTimeArea; // integral of queued bytes over time, in byte*ps
  private long maxQueueBytes;
  private long packetsSent;
  private long bytesSent;
  private long drops;
  private long ecnMarks;

  public EgressPort(Simulator sim, PacketPool pool, FabricCounters counters, PortConfig config, Link link, String name) {
    this.sim = sim;
    this.pool = pool;
    this.counters = counters;
    this.config = config;
    this.link = link;
    this.name = name;
    this.psPerByte = 8_000_000_000_000L % config.bitsPerSecond() == 0 ? 8_000_000_000_000L / config.bitsPerSecond() : 0;
    this.gapPs = serializationPs(config.gapBytes());
  }

  public String name() {
    return name;
  }

  public Link link() {
    return link;
  }

  public PortConfig config() {
    return config;
  }

  /** Bytes in the buffer now, the packet being serialized included. */
  public long queuedBytes() {
    return waitingBytes + (sim.now() < servingEndPs ? servingBytes : 0);
  }

  public long serializationPs(long bytes) {
    return psPerByte > 0 ? bytes * psPerByte : config.serializationPs(bytes);
  }

  /** Admits the packet, or drops it when it would overflow the buffer. */
  public void enqueue(Packet p) {
    long now = sim.now();
    long occupancy = queuedBytes();
    if (occupancy + p.sizeBytes > config.capacityBytes()) {
      drops++;
      counters.countDrop(p);
      pool.release(p);
      return;
    }
    byteTimeArea += waitingBytes * (now - lastChangePs);
    lastChangePs = now;
    if (count == ring.length) {
      grow();
    }
    ring[(head + count) & (ring.length - 1)] = p;
    count++;
    waitingBytes += p.sizeBytes;
    if (occupancy + p.sizeBytes > maxQueueBytes) {
      maxQueueBytes = occupancy + p.sizeBytes;
    }
    if (!wakeupPending) {
      if (now >= freeAtPs) {
        startNext(now);
      } else {
        wakeupPending = true;
        sim.schedule(freeAtPs, this, TX_FREE, 0);
      }
    }
  }

  private void startNext(long now) {
    Packet p = ring[head];
    ring[head] = null;
    head = (head + 1) & (ring.length - 1);
    count--;
    long threshold = config.ecnThresholdBytes();
    // Marking at dequeue against the bytes queued including the departing packet.
    if (threshold >= 0 && waitingBytes > threshold && !p.ce) {
      p.ce = true;
      ecnMarks++;
      counters.ecnMarked++;
    }
    byteTimeArea += waitingBytes * (now - lastChangePs);
    lastChangePs = now;
    waitingBytes -= p.sizeBytes;
    long ser = serializationPs(p.sizeBytes);
    servingBytes = p.sizeBytes;
    servingEndPs = now + ser;
    byteTimeArea += (long) p.sizeBytes * ser; // the serving packet's share, known in advance
    packetsSent++;
    bytesSent += p.sizeBytes;
    link.transmit(p, servingEndPs);
    freeAtPs = servingEndPs + gapPs;
    // Only a port with packets waiting needs to wake up when the line frees: an idle port starts
    // the next arrival directly, which saves one event per packet on uncongested hops.
    wakeupPending = count > 0;
    if (wakeupPending) {
      sim.schedule(freeAtPs, this, TX_FREE, 0);
    }
  }

  @Override
  public void onEvent(int kind, long arg) {
    wakeupPending = false;
    startNext(sim.now());
  }

  private void grow() {
    int n = ring.length;
    Packet[] nr = new Packet[n * 2];
    for (int i = 0; i < count; i++) {
      nr[i] = ring[(head + i) & (n - 1)];
    }
    ring = nr;
    head = 0;
  }

  public long maxQueueBytes() {
    return maxQueueBytes;
  }

  /** Time-averaged queued bytes over [0, endPs]. */
  public double meanQueueBytes(long endPs) {
    if (endPs <= 0) {
      return 0;
    }
    long area = byteTimeArea + waitingBytes * Math.max(0, endPs - lastChangePs);
    return (double) area / endPs;
  }

  public long packetsSent() {
    return packetsSent;
  }

  public long bytesSent() {
    return bytesSent;
  }

  public long drops() {
    return drops;
  }

  public long ecnMarks() {
    return ecnMarks;
  }

  public boolean idle() {
    return count == 0 && sim.now() >= freeAtPs;
  }
}
