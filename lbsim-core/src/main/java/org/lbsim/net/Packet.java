package org.lbsim.net;

/**
 * A packet in flight. Mutable and pooled (see {@link PacketPool}): the hot path never allocates
 * one. Fields are public because every layer (ports, switches, load balancers, transports)
 * reads and writes them per packet; a packet must not be touched after it is released.
 */
public final class Packet {
  public static final byte DATA = 0;
  public static final byte ACK = 1;
  public static final byte NACK = 2;

  public byte type;
  /** Flow (or subflow) id; ACKs carry the id of the data flow they acknowledge. */
  public int flow;
  public int src;
  public int dst;
  /** Sequence number of a data packet, or of the data packet an ACK acknowledges. */
  public long seq;
  /** Bytes serialized on each link and counted in buffers (the inter-packet gap excluded). */
  public int sizeBytes;
  /** Application payload carried (0 for ACKs). */
  public int payloadBytes;
  /** Path entropy (flow label / UDP source port) that switches hash; echoed by ACKs. */
  public int entropy;
  /** Congestion Experienced, set by a port above its ECN threshold. */
  public boolean ce;
  /** On an ACK: the CE bit of the data packet it acknowledges. */
  public boolean ceEcho;
  /** On an ACK: payload bytes the receiver has received so far. */
  public long receivedBytes;
  /** Send time of the data packet (echoed by the ACK for RTT samples). */
  public long sentAtPs;
  /** Number of switch hops traversed so far. */
  public int hops;

  void clear() {
    type = DATA;
    flow = -1;
    src = -1;
    dst = -1;
    seq = 0;
    sizeBytes = 0;
    payloadBytes = 0;
    entropy = 0;
    ce = false;
    ceEcho = false;
    receivedBytes = 0;
    sentAtPs = 0;
    hops = 0;
  }

  public boolean isData() {
    return type == DATA;
  }
}
