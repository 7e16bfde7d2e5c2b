package org.lbsim.net;

/** A growable FIFO of packets on a power-of-two ring: an egress port's queue without allocation in steady state. */
final class PacketRing {
  private Packet[] ring = new Packet[64];
  private int head;
  private int count;
  private long bytes;

  void add(Packet p) {
    if (count == ring.length) {
      grow();
    }
    ring[(head + count) & (ring.length - 1)] = p;
    count++;
    bytes += p.sizeBytes;
  }

  Packet poll() {
    Packet p = ring[head];
    ring[head] = null;
    head = (head + 1) & (ring.length - 1);
    count--;
    bytes -= p.sizeBytes;
    return p;
  }

  /** The oldest packet, or null when empty. */
  Packet peek() {
    return count == 0 ? null : ring[head];
  }

  /** The newest packet, or null when empty. */
  Packet peekLast() {
    return count == 0 ? null : ring[(head + count - 1) & (ring.length - 1)];
  }

  /** Removes and returns the newest packet (the queue must not be empty). */
  Packet pollLast() {
    int i = (head + count - 1) & (ring.length - 1);
    Packet p = ring[i];
    ring[i] = null;
    count--;
    bytes -= p.sizeBytes;
    return p;
  }

  /** Calls {@code action} for each packet, oldest first. */
  void forEach(java.util.function.Consumer<Packet> action) {
    for (int i = 0; i < count; i++) {
      action.accept(ring[(head + i) & (ring.length - 1)]);
    }
  }

  int size() {
    return count;
  }

  long bytes() {
    return bytes;
  }

  private void grow() {
    ring = doubled(ring, head, count);
    head = 0;
  }

  /** A ring of twice the length holding the {@code count} packets from {@code head} on, unwrapped to start at 0. */
  static Packet[] doubled(Packet[] ring, int head, int count) {
    int n = ring.length;
    Packet[] nr = new Packet[n * 2];
    for (int i = 0; i < count; i++) {
      nr[i] = ring[(head + i) & (n - 1)];
    }
    return nr;
  }
}
