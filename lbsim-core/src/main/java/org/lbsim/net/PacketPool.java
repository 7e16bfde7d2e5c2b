package org.lbsim.net;

/**
 * Free list of packets, and the one place that builds the packets a transport sends
 * ({@link #data}, {@link #header}). {@link #outstanding()} counts packets handed out and not yet
 * returned, which is exactly the number in flight: the conservation check at the end of a run
 * uses it.
 */
public final class PacketPool {
  private Packet[] free = new Packet[1024];
  private int freeCount;
  private long outstanding;
  private long created;

  public Packet acquire() {
    outstanding++;
    if (freeCount == 0) {
      created++;
      Packet p = new Packet();
      p.clear();
      return p;
    }
    Packet p = free[--freeCount];
    free[freeCount] = null;
    return p;
  }

  /**
   * A data packet of {@code flow}, sent at {@code sentAtPs} towards {@code to}; the sender's path
   * policy then chooses its entropy and route.
   */
  public Packet data(int flow, int src, int dst, long seq, int sizeBytes, int payloadBytes, long sentAtPs, Endpoint to) {
    Packet p = acquire();
    p.type = Packet.DATA;
    p.flow = flow;
    p.src = src;
    p.dst = dst;
    p.seq = seq;
    p.sizeBytes = sizeBytes;
    p.payloadBytes = payloadBytes;
    p.sentAtPs = sentAtPs;
    p.endpoint = to;
    return p;
  }

  /**
   * A header-only packet of {@code flow} ({@link Packet#ACK}, {@link Packet#NACK},
   * {@link Packet#CNP}, {@link Packet#PULL}, {@link Packet#RTS} or {@link Packet#CONTROL}) towards {@code to};
   * {@code sentAtPs} is the time an RTT sample is taken from (an ACK echoes its data packet's).
   */
  public Packet header(byte type, int flow, int src, int dst, int sizeBytes, int entropy, long sentAtPs, Endpoint to) {
    Packet p = acquire();
    p.type = type;
    p.flow = flow;
    p.src = src;
    p.dst = dst;
    p.sizeBytes = sizeBytes;
    p.entropy = entropy;
    p.sentAtPs = sentAtPs;
    p.endpoint = to;
    return p;
  }

  public void release(Packet p) {
    outstanding--;
    p.clear();
    if (freeCount == free.length) {
      free = java.util.Arrays.copyOf(free, free.length * 2);
    }
    free[freeCount++] = p;
  }

  public long outstanding() {
    return outstanding;
  }

  /** Packets ever allocated: the pool's high-water mark of packets simultaneously in flight. */
  public long created() {
    return created;
  }
}
