package org.lbsim.net;

/**
 * Free list of packets. {@link #outstanding()} counts packets handed out and not yet returned,
 * which is exactly the number in flight: the conservation check at the end of a run uses it.
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
