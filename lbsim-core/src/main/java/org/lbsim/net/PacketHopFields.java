package org.lbsim.net;

/**
 * The fields of a {@link Packet} that every hop reads or writes (link delivery, switch routing,
 * port admission and marking). They are declared in a superclass because the JVM lays out a
 * superclass's fields first: with the object header they fill the packet's first 64 bytes, so a
 * hop touches one cache line of the packet instead of two or three. In a large fabric the
 * ~17,000 packets in flight do not fit in the L2 cache and each hop finds its packet cold.
 */
public abstract class PacketHopFields {
  /** Flow (or subflow) id; ACKs carry the id of the data flow they acknowledge. */
  public int flow;
  /** The packet behind this one on the cable it is on (a port's FIFO is a list through its packets). */
  Packet nextOnWire;
  /**
   * When the packet reaches the far end of the link it is on (set by {@link Link}): kept here,
   * not in the link, so that reading the next delivery time also brings in the next packet.
   */
  long arrivalPs;
  /**
   * When the port that has this packet queued starts serializing it, for a port that computes
   * departures on arrival ({@link EgressPort}): read with the packet's other fields when the
   * start is played, instead of from a parallel array.
   */
  long startPs;
  public int src;
  public int dst;
  /** Bytes serialized on each link and counted in buffers (the inter-packet gap excluded). */
  public int sizeBytes;
  /** Path entropy (flow label / UDP source port) that switches hash; echoed by ACKs. */
  public int entropy;
  /** Number of switch hops traversed so far (a short, so that the hop fields fit in one cache line). */
  public short hops;
  /**
   * Source route for the up-going half of the path, or {@link Packet#NO_ROUTE}: byte t (bits
   * 8t..8t+7) is the up-port index to take at tier t, 0xFF leaving that tier to the switch's selector.
   */
  public int route = Packet.NO_ROUTE;
  /** The port that last transmitted this packet (PFC charges the buffer it occupies to that port). */
  public EgressPort from;
  public byte type;
  /** Congestion Experienced, set by a port above its ECN threshold. */
  public boolean ce;
  /** 0 = normal; 1 = the high-priority queue of a trimming port (trimmed headers). */
  public byte priority;
  /** PFC: this packet's bytes are charged to {@link #from}'s downstream account (it sits in a switch buffer for it). */
  public boolean pfcCharged;
  /** A data packet whose payload a trimming port cut off; on a NACK: it answers a trimmed packet. */
  public boolean trimmed;

  PacketHopFields() {}
}
