package org.lbsim.net;

/**
 * The fields of a {@link Packet} that only some designs use: SACK and go-back-N acknowledgements,
 * receiver-driven credit, CONGA's tags and feedback, HPCC's in-band telemetry, NDP's returned
 * headers, a sender's request for an ACK at once, and the congestion control's own word. They live in this
 * side object, which a pooled packet gets the first time a design writes one of them
 * ({@link Packet#extras()}) and keeps for its later lives, so that the packet itself stays two
 * cache lines: every hop and every end host reads the packet, and ~17,000 of them are in flight
 * in a large all-to-all, so bytes carried for designs that are not running cost cache space.
 */
public final class PacketExtras {
  /** Receiver-driven credit, on a PULL, ACK or NACK: the cumulative pulls the receiver has granted. */
  public long pullNo;
  /** A trimmed header a switch sent back to its sender (NDP return-to-sender), now a NACK. */
  public boolean returned;
  /** On a data packet: its sender asks for an ACK at once (receivers that coalesce ACKs honour it). */
  public boolean ackRequest;
  /** In-band telemetry (HPCC): hops stamped so far, in the arrays below (at most {@link Packet#INT_MAX_HOPS}). */
  public byte intHops;
  /** Receiver-driven credit, on a data packet or RTS: the cumulative pull number the sender asks for. */
  public long pullTarget;
  /** On an ACK / NACK: the receiver's cumulative ack, the next sequence it still lacks. */
  public long cumAck;
  /** On an ACK / NACK: bit i set = packet {@code cumAck + 1 + i} received (SACK window of 64). */
  public long sackBits;
  /** CONGA: the source leaf's uplink (LBTag) and the path's congestion metric (CE) so far. */
  public int congaTag;
  public int congaMetric;
  /** CONGA feedback piggybacked to the source leaf: which tag, its metric (-1 = none). */
  public int congaFbTag = -1;
  public int congaFbMetric;
  /**
   * In-band telemetry (HPCC): per hop ({@link #intHops} of them), the port that stamped it
   * (a fabric-wide port number, so a sender compares records of one port), the bytes queued at
   * the egress when the packet left, the port's cumulative bytes sent, the stamp time and the
   * line rate. Allocated the first time the packet carries a record ({@link Packet#intRecord()}).
   */
  public int[] intPort;
  public long[] intQueueBytes;
  public long[] intTxBytes;
  public long[] intTimePs;
  public long[] intBitsPerSecond;
  /**
   * The running congestion control's word ({@link Packet#designWord()}), in a slot of its own
   * made the first time a design writes one, so that this object stays 88 bytes: null until then.
   * The word starts at 0 in every new packet, data or header (an ACK does not echo the word of
   * the data packet it answers); a trimmed packet and a header a switch returns to its sender
   * keep theirs, being the same packet; it is cleared when the packet goes back to the pool.
   */
  DesignWord design;

  /** The slot of {@link #design}. */
  static final class DesignWord {
    long value;
  }

  PacketExtras() {}

  void clear() {
    pullNo = 0;
    returned = false;
    ackRequest = false;
    intHops = 0;
    pullTarget = 0;
    cumAck = 0;
    sackBits = 0;
    congaTag = 0;
    congaMetric = 0;
    congaFbTag = -1;
    congaFbMetric = 0;
    if (design != null) {
      design.value = 0;
    }
  }
}
