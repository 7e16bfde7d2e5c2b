package org.lbsim.theory;

/** One FIFO of packets (ints) per egress port, as growing ring buffers, with each port's largest length. */
final class PortQueues implements QueueLengths {
  private final int[][] ring;
  private final int[] head;
  private final int[] size;
  private final int[] max;

  PortQueues(int ports) {
    ring = new int[ports][];
    head = new int[ports];
    size = new int[ports];
    max = new int[ports];
  }

  /** Appends {@code packet}; the port's largest length counts it (lengths grow only while a slot's arrivals are placed). */
  void push(int port, int packet) {
    int[] r = ring[port];
    if (r == null || size[port] == r.length) {
      r = grow(port);
    }
    r[(head[port] + size[port]) & (r.length - 1)] = packet;
    size[port]++;
    if (size[port] > max[port]) {
      max[port] = size[port];
    }
  }

  /** Removes and returns the head packet, or −1 when the port is empty. */
  int pop(int port) {
    if (size[port] == 0) {
      return -1;
    }
    int[] r = ring[port];
    int packet = r[head[port]];
    head[port] = (head[port] + 1) & (r.length - 1);
    size[port]--;
    return packet;
  }

  @Override
  public int size(int port) {
    return size[port];
  }

  int max(int port) {
    return max[port];
  }

  private int[] grow(int port) {
    int[] old = ring[port];
    int[] r = new int[old == null ? 4 : old.length * 2];
    for (int i = 0; i < size[port]; i++) {
      r[i] = old[(head[port] + i) & (old.length - 1)];
    }
    ring[port] = r;
    head[port] = 0;
    return r;
  }
}
