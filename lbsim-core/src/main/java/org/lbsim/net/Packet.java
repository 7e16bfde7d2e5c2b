package org.lbsim.net;

/**
 * A packet in flight. Mutable and pooled (see {@link PacketPool}): the hot path never allocates
 * one. Fields are public because every layer (ports, switches, load balancers, transports)
 * reads and writes them per packet; a packet must not be touched after it is released. The
 * fields every hop uses are declared in {@link PacketHopFields}, so that they share a cache line,
 * and those the end hosts use in {@link PacketHostFields}, so that they take the next one.
 */
public final class Packet extends PacketHostFields {
  public static final byte DATA = 0;
  public static final byte ACK = 1;
  public static final byte NACK = 2;
  /** DCQCN congestion notification: the receiver saw CE and tells the sender (at most once per interval). */
  public static final byte CNP = 3;
  /** Receiver-driven credit (EQDS): the receiver's pacer grants the sender one more data packet ({@link #pullNo}). */
  public static final byte PULL = 4;
  /** Receiver-driven credit (EQDS): a header-only request to send, sender to receiver, carrying {@link #pullTarget}. */
  public static final byte RTS = 5;
  /** Most switch hops an INT record holds (a 3-tier fat tree path crosses 5 switches). */
  public static final int INT_MAX_HOPS = 8;

  /** Receiver-driven credit, on a data packet or RTS: the cumulative pull number the sender asks for. */
  public long pullTarget;
  /** CONGA: the source leaf's uplink (LBTag) and the path's congestion metric (CE) so far. */
  public int congaTag;
  public int congaMetric;
  /** CONGA feedback piggybacked to the source leaf: which tag, its metric (-1 = none). */
  public int congaFbTag = -1;
  public int congaFbMetric;
  /** On an ACK / NACK: the receiver's cumulative ack, the next sequence it still lacks. */
  public long cumAck;
  /** On an ACK / NACK: bit i set = packet {@code cumAck + 1 + i} received (SACK window of 64). */
  public long sackBits;
  /**
   * In-band telemetry (HPCC): per hop ({@link #intHops} of them), the bytes queued at the egress
   * when the packet left, the port's cumulative bytes sent, the stamp time and the line rate.
   * Arrays allocated the first time the pooled packet carries a record ({@link #allocateIntRecord}),
   * so that packets of fabrics without INT stay small; an ACK carries a copy of its data packet's.
   */
  /** Which port stamped each hop (a fabric-wide port number), so a sender compares records of one port. */
  public int[] intPort;
  public long[] intQueueBytes;
  public long[] intTxBytes;
  public long[] intTimePs;
  public long[] intBitsPerSecond;

  public static final int NO_ROUTE = -1;

  /** A route that sets the up-port index at {@code tier} and leaves the others open. */
  public static int routeWith(int route, int tier, int upIndex) {
    int base = route == NO_ROUTE ? 0xFFFFFFFF : route;
    int shift = 8 * tier;
    return (base & ~(0xFF << shift)) | ((upIndex & 0xFF) << shift);
  }

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
    pullTarget = 0;
    pullNo = 0;
    receivedBytes = 0;
    sentAtPs = 0;
    hops = 0;
    route = NO_ROUTE;
    congaTag = 0;
    congaMetric = 0;
    congaFbTag = -1;
    congaFbMetric = 0;
    cumAck = 0;
    sackBits = 0;
    trimmed = false;
    returned = false;
    priority = 0;
    from = null;
    endpoint = null;
    pfcCharged = false;
    intHops = 0;
  }

  /** Gives this packet room for an INT record of {@link #INT_MAX_HOPS} hops (once per pooled packet). */
  public void allocateIntRecord() {
    if (intPort == null) {
      intPort = new int[INT_MAX_HOPS];
      intQueueBytes = new long[INT_MAX_HOPS];
      intTxBytes = new long[INT_MAX_HOPS];
      intTimePs = new long[INT_MAX_HOPS];
      intBitsPerSecond = new long[INT_MAX_HOPS];
    }
  }

  /** Copies {@code data}'s INT record into this packet (an ACK echoing it). */
  public void copyIntFrom(Packet data) {
    int n = data.intHops;
    intHops = n;
    if (n > 0) {
      allocateIntRecord();
      System.arraycopy(data.intPort, 0, intPort, 0, n);
      System.arraycopy(data.intQueueBytes, 0, intQueueBytes, 0, n);
      System.arraycopy(data.intTxBytes, 0, intTxBytes, 0, n);
      System.arraycopy(data.intTimePs, 0, intTimePs, 0, n);
      System.arraycopy(data.intBitsPerSecond, 0, intBitsPerSecond, 0, n);
    }
  }

  public boolean isData() {
    return type == DATA;
  }
}
