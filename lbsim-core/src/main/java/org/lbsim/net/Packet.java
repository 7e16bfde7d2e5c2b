package org.lbsim.net;

/**
 * A packet in flight. Mutable and pooled (see {@link PacketPool}, which also builds every packet
 * the transport sends): the hot path never allocates one. Fields are public because every layer
 * (ports, switches, load balancers, transports) reads and writes them per packet; a packet must
 * not be touched after it is released. The fields every packet carries are here, those only some
 * designs use in a {@link PacketExtras} attached when first written (read through accessors that
 * answer the default while it is absent). The instance size (104 bytes) and the span of a hop's
 * fields are held by {@code FlowBudgetTest}.
 */
public final class Packet {
  public static final byte DATA = 0;
  public static final byte ACK = 1;
  public static final byte NACK = 2;
  /** DCQCN congestion notification: the receiver saw CE and tells the sender (at most once per interval). */
  public static final byte CNP = 3;
  /** Receiver-driven credit (EQDS): the receiver's pacer grants the sender one more data packet ({@link #pullNo}). */
  public static final byte PULL = 4;
  /** Receiver-driven credit (EQDS): a header-only request to send, sender to receiver, carrying {@link #pullTarget()}. */
  public static final byte RTS = 5;
  /**
   * A congestion control's own control packet, from its receiver part to its sender (see {@code
   * transport.CcReceiver}): header-only, forwarded, queued and counted like an ACK, carrying the
   * design's word ({@link #designWord()}).
   */
  public static final byte CONTROL = 6;
  /** Most switch hops an INT record holds (a 3-tier fat tree path crosses 5 switches). */
  public static final int INT_MAX_HOPS = 8;

  public static final int NO_ROUTE = -1;

  // The JVM lays a class's fields out by size (longs, ints, shorts, bytes, references), in
  // declaration order within a size, filling the 4 bytes after the header with the first int.
  // Declared in this order, the fields a hop reads (link delivery, switch routing, port admission
  // and marking: from arrivalPs to from) lie in 56 contiguous bytes, a cache line or two, and the
  // end hosts' own fields before them; FlowBudgetTest checks the span.

  /** Application payload carried (0 for ACKs). */
  public int payloadBytes;
  /** Sequence number of a data packet, or of the data packet an ACK acknowledges. */
  public long seq;
  /** On an ACK: payload bytes the receiver has received so far. */
  public long receivedBytes;
  /** Send time of the data packet (echoed by the ACK for RTT samples). */
  public long sentAtPs;
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
  /** Flow (or subflow) id; ACKs carry the id of the data flow they acknowledge. */
  public int flow;
  public int src;
  public int dst;
  /** Bytes serialized on each link and counted in buffers (the inter-packet gap excluded). */
  public int sizeBytes;
  /** Path entropy (flow label / UDP source port) that switches hash; echoed by ACKs. */
  public int entropy;
  /**
   * Source route for the up-going half of the path, or {@link #NO_ROUTE}: byte t (bits 8t..8t+7)
   * is the up-port index to take at tier t, 0xFF leaving that tier to the switch's selector.
   */
  public int route = NO_ROUTE;
  /** Number of switch hops traversed so far. */
  public short hops;
  public byte type;
  /** Congestion Experienced, set by a port above its ECN threshold. */
  public boolean ce;
  /** 0 = normal; 1 = the high-priority queue of a trimming port (trimmed headers). */
  public byte priority;
  /** PFC: this packet's bytes are charged to {@link #from}'s downstream account (it sits in a switch buffer for it). */
  public boolean pfcCharged;
  /** A data packet whose payload a trimming port cut off; on a NACK: it answers a trimmed packet. */
  public boolean trimmed;
  /** On an ACK: the CE bit of the data packet it acknowledges. */
  public boolean ceEcho;
  /** The packet behind this one on the cable it is on (a port's FIFO is a list through its packets). */
  Packet nextOnWire;
  /** The port that last transmitted this packet (PFC charges the buffer it occupies to that port). */
  public EgressPort from;
  /**
   * The end this packet travels to, set by the transport when it makes the packet, so that
   * delivery needs no lookup by flow id; null = look it up (a header that a switch returned to
   * its sender).
   */
  public Endpoint endpoint;

  /** The fields only some designs use, or null while none was written (see {@link PacketExtras}). */
  private PacketExtras extras;

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
    receivedBytes = 0;
    sentAtPs = 0;
    hops = 0;
    route = NO_ROUTE;
    trimmed = false;
    priority = 0;
    from = null;
    endpoint = null;
    pfcCharged = false;
    if (extras != null) {
      extras.clear();
    }
  }

  /** The design-specific fields, for writing: attached to this pooled packet the first time. */
  public PacketExtras extras() {
    if (extras == null) {
      extras = new PacketExtras();
    }
    return extras;
  }

  /** Receiver-driven credit, on a PULL, ACK or NACK: the cumulative pulls the receiver has granted (0 = none). */
  public long pullNo() {
    return extras == null ? 0 : extras.pullNo;
  }

  /** A trimmed header a switch sent back to its sender (NDP return-to-sender), now a NACK. */
  public boolean returned() {
    return extras != null && extras.returned;
  }

  /** A data packet whose sender asks for an ACK at once ({@link PacketExtras#ackRequest}). */
  public boolean ackRequested() {
    return extras != null && extras.ackRequest;
  }

  /** In-band telemetry (HPCC): hops stamped so far (the record is {@link #intRecord()}). */
  public int intHops() {
    return extras == null ? 0 : extras.intHops;
  }

  /** Receiver-driven credit: the cumulative pull number the sender asks for (0 = none). */
  public long pullTarget() {
    return extras == null ? 0 : extras.pullTarget;
  }

  /** On an ACK / NACK: the receiver's cumulative ack (0 when the design sets none). */
  public long cumAck() {
    return extras == null ? 0 : extras.cumAck;
  }

  /** Clears {@link #cumAck()} and {@link #sackBits()} (a returned header acknowledges nothing). */
  public void clearAcknowledgement() {
    if (extras != null) {
      extras.cumAck = 0;
      extras.sackBits = 0;
    }
  }

  /** On an ACK / NACK: the SACK bitmap above {@link #cumAck()}. */
  public long sackBits() {
    return extras == null ? 0 : extras.sackBits;
  }

  /**
   * The word the running congestion control owns on this packet: its sender writes it on data
   * packets ({@code CongestionControl.stamp}), its receiver part on its control packets; 0 while
   * none was written. The rules that keep it are {@link PacketExtras}'s.
   */
  public long designWord() {
    PacketExtras x = extras;
    return x == null || x.design == null ? 0 : x.design.value;
  }

  /**
   * Sets {@link #designWord()}. The slot holding it is attached to this pooled packet the first
   * time a nonzero word is written and kept for its later lives, as the other extras are.
   */
  public void setDesignWord(long word) {
    PacketExtras x = extras;
    if (word == 0 && (x == null || x.design == null)) {
      return; // 0 is what an absent slot answers
    }
    x = extras();
    if (x.design == null) {
      x.design = new PacketExtras.DesignWord();
    }
    x.design.value = word;
  }

  /** CONGA: the source leaf's uplink tag (0 until a leaf sets it). */
  public int congaTag() {
    return extras == null ? 0 : extras.congaTag;
  }

  /** CONGA: the path's congestion metric so far. */
  public int congaMetric() {
    return extras == null ? 0 : extras.congaMetric;
  }

  /** CONGA feedback: which tag (-1 = none). */
  public int congaFbTag() {
    return extras == null ? -1 : extras.congaFbTag;
  }

  /** CONGA feedback: that tag's metric. */
  public int congaFbMetric() {
    return extras == null ? 0 : extras.congaFbMetric;
  }

  /**
   * The INT record ({@link #intHops()} hops), for writing: room for {@link #INT_MAX_HOPS} hops is
   * allocated once per pooled packet.
   */
  public PacketExtras intRecord() {
    PacketExtras x = extras();
    if (x.intPort == null) {
      x.intPort = new int[INT_MAX_HOPS];
      x.intQueueBytes = new long[INT_MAX_HOPS];
      x.intTxBytes = new long[INT_MAX_HOPS];
      x.intTimePs = new long[INT_MAX_HOPS];
      x.intBitsPerSecond = new long[INT_MAX_HOPS];
    }
    return x;
  }

  /** Copies {@code data}'s INT record into this packet (an ACK echoing it). */
  public void copyIntFrom(Packet data) {
    int n = data.intHops();
    if (n > 0) {
      PacketExtras from = data.extras;
      PacketExtras to = intRecord();
      to.intHops = (byte) n;
      System.arraycopy(from.intPort, 0, to.intPort, 0, n);
      System.arraycopy(from.intQueueBytes, 0, to.intQueueBytes, 0, n);
      System.arraycopy(from.intTxBytes, 0, to.intTxBytes, 0, n);
      System.arraycopy(from.intTimePs, 0, to.intTimePs, 0, n);
      System.arraycopy(from.intBitsPerSecond, 0, to.intBitsPerSecond, 0, n);
    }
  }

  public boolean isData() {
    return type == DATA;
  }
}
