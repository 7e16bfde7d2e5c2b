package org.lbsim.net;

import org.lbsim.engine.EventTarget;
import org.lbsim.engine.Simulator;

/**
 * One direction of a cable: a FIFO of packets in propagation. Only the head packet has an event
 * in the simulator's queue, so the queue holds one entry per busy link rather than one per
 * packet in flight.
 */
public final class Link implements EventTarget {
  private static final int DELIVER = 0;

  private final Simulator sim;
  private final long latencyPs;
  private Node to;
  private Switch toSwitch; // `to` when it is a switch: a direct call instead of an interface dispatch per packet
  private EgressPort source; // the port that feeds this link
  private Packet[] packets = new Packet[16]; // in flight, in order; each knows its arrival time
  private int head;
  private int count;

  public Link(Simulator sim, long latencyPs) {
    if (latencyPs < 0) {
      throw new IllegalArgumentException("link latency must be >= 0 ps, got " + latencyPs);
    }
    this.sim = sim;
    this.latencyPs = latencyPs;
  }

  public void connectTo(Node node) {
    this.to = node;
    this.toSwitch = node instanceof Switch s ? s : null;
  }

  /** The port feeding this link; a port that computes departures on arrival is told before each delivery. */
  void attach(EgressPort port) {
    this.source = port;
  }

  public Node to() {
    return to;
  }

  public long latencyPs() {
    return latencyPs;
  }

  /** Accepts a packet whose last bit leaves the sender at {@code lastBitPs}. */
  void transmit(Packet p, long lastBitPs) {
    long at = lastBitPs + latencyPs;
    if (count == packets.length) {
      grow();
    }
    int tail = (head + count) & (packets.length - 1);
    packets[tail] = p;
    p.arrivalPs = at;
    if (count++ == 0) {
      sim.schedule(at, this, DELIVER, 0);
    }
  }

  /**
   * The {@code n}-th newest packet on the link ({@code n} = 1: the newest). A port that computes
   * departures on arrival keeps its waiting packets here, the newest ones, rather than in a ring
   * of its own.
   */
  Packet fromTail(int n) {
    return packets[(head + count - n) & (packets.length - 1)];
  }

  @Override
  public void onEvent(int kind, long arg) {
    Packet p = packets[head];
    if (p.from != source && source != null) {
      // a departure computed on arrival: play its start before it lands (and while the packet
      // is still on the ring, where the port finds its waiting packets)
      source.settle(sim.now());
    }
    packets[head] = null;
    head = (head + 1) & (packets.length - 1);
    if (--count > 0) {
      sim.schedule(packets[head].arrivalPs, this, DELIVER, 0);
    }
    if (toSwitch != null) {
      toSwitch.receive(p);
    } else {
      to.receive(p);
    }
  }

  private void grow() {
    int n = packets.length;
    Packet[] np = new Packet[n * 2];
    for (int i = 0; i < count; i++) {
      np[i] = packets[(head + i) & (n - 1)];
    }
    packets = np;
    head = 0;
  }
}
