package org.lbsim.net;

import java.util.SplittableRandom;

/**
 * NDP trimming on a port (attached only to ports that trim): on overflow a data packet's payload
 * is cut off and its header joins a strict-priority FIFO of twice the buffer, which the port serves
 * first. With the coin, the newest queued data packet is trimmed instead of the arriving one with
 * probability ½ (NDP's defence against phase effects; the study simulator's trimming queue does
 * the same). With return-to-sender, a header that finds the header queue full is not dropped but
 * turned into a NACK to its sender and handed to the switch that owns the port, to be routed back.
 * A trimming port is event-driven.
 */
final class Trimming {
  private final EgressPort port;
  private final FabricCounters counters;
  /** Trimmed headers, served ahead of the port's queue. */
  final PacketRing headers = new PacketRing();
  /** Size of a trimmed packet (its header). */
  final int headerBytes;
  private SplittableRandom coin; // null: always trim the arriving packet
  private Node returnRouter; // non-null: return-to-sender, through this switch's routing
  private long trims;
  private long returns;

  Trimming(EgressPort port, FabricCounters counters, int headerBytes) {
    this.port = port;
    this.counters = counters;
    this.headerBytes = headerBytes;
  }

  void setCoin(SplittableRandom coin) {
    this.coin = coin;
  }

  void returnToSender(Node router) {
    this.returnRouter = router;
  }

  /**
   * Admits {@code p} to a port holding {@code occupancy} bytes (the packet being serialized
   * included): returns the queue it joins (the port's queue or the header queue), or null when it
   * was dropped or returned instead. On overflow a data packet, or the newest queued one, is
   * trimmed; anything else is dropped.
   */
  PacketRing admit(Packet p, long occupancy, long now) {
    long capacity = port.capacityBytes;
    if (p.priority > 0) {
      if (headers.bytes() + p.sizeBytes > 2 * capacity) {
        dropOrReturn(p);
        return null;
      }
      return headers; // an already trimmed header keeps its priority at every trimming port
    }
    PacketRing queue = port.queue;
    if (occupancy + p.sizeBytes <= capacity) {
      return queue;
    }
    if (!p.isData()) {
      port.drop(p);
      return null;
    }
    port.accountQueueArea(now); // the coin may take a queued packet out
    Packet tail = coin != null && coin.nextBoolean() ? queue.peekLast() : null;
    if (tail != null && tail.isData() && tail.priority == 0
        && occupancy - tail.sizeBytes + p.sizeBytes <= capacity
        && headers.bytes() + headerBytes <= 2 * capacity) {
      headers.add(trim(queue.pollLast())); // the coin chose the newest queued packet: the arrival takes its place
      return queue;
    }
    if (headers.bytes() + headerBytes <= 2 * capacity) {
      trim(p);
      return headers;
    }
    if (returnRouter != null) {
      dropOrReturn(trim(p)); // no room for its header: the header goes back to the sender
    } else {
      port.drop(p);
    }
    return null;
  }

  /** Cuts the payload off the data packet {@code p}: it becomes a header for the priority queue. */
  private Packet trim(Packet p) {
    int cut = p.sizeBytes - headerBytes;
    if (p.pfcCharged) {
      p.from.discharge(cut); // still charged for the header that remains
    }
    p.sizeBytes = headerBytes;
    p.payloadBytes = 0;
    p.trimmed = true;
    p.priority = 1;
    trims++;
    counters.dataTrimmed++;
    return p;
  }

  /** A header the priority queue has no room for: back to its sender under return-to-sender, else dropped. */
  private void dropOrReturn(Packet p) {
    if (returnRouter == null || !p.isData()) {
      port.drop(p);
      return;
    }
    if (p.pfcCharged) {
      p.from.discharge(p.sizeBytes);
      p.pfcCharged = false;
    }
    p.from = null;
    p.endpoint = null; // it now goes to its sender, which the transport finds by flow id
    int src = p.src;
    p.src = p.dst;
    p.dst = src;
    p.type = Packet.NACK; // names the trimmed sequence, carries no acknowledgement
    p.extras().returned = true;
    p.clearAcknowledgement();
    p.receivedBytes = 0;
    p.route = Packet.NO_ROUTE;
    p.ceEcho = p.ce;
    returns++;
    counters.dataReturned++;
    counters.ackSent++;
    counters.nackSent++;
    returnRouter.receive(p);
  }

  long trims() {
    return trims;
  }

  long returns() {
    return returns;
  }
}
