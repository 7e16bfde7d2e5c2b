package org.lbsim.transport;

import java.util.Arrays;

/**
 * A selective-repeat sender's packets in the order they were last sent, for a timer per packet
 * ({@code sack.timer: per-packet}): each send (new or resend) appends its sequence and time, so
 * the entries lie in time order, and the oldest outstanding packet is the first entry still
 * valid. An entry is valid while its packet is outstanding (the recovery says which) and was not
 * sent again since. Entries go when they reach the front; the queue is compacted as it empties.
 */
final class SendOrder {
  /** Which packets the recovery still waits for (sent, neither acknowledged nor declared lost). */
  interface Outstanding {
    boolean test(int seq);
  }

  private final long[] lastSentPs;
  private final Outstanding outstanding;
  private int[] seqs = new int[64];
  private long[] times = new long[64];
  private int head;
  private int tail;

  /** The send order of a recovery of {@code packets} packets that says which are {@code outstanding}. */
  SendOrder(int packets, Outstanding outstanding) {
    this.lastSentPs = new long[packets];
    this.outstanding = outstanding;
  }

  /** Packet {@code seq} left at {@code nowPs} (at or after every earlier send). */
  void sent(int seq, long nowPs) {
    lastSentPs[seq] = nowPs;
    if (tail == seqs.length) {
      if (head > 0) {
        int n = tail - head;
        System.arraycopy(seqs, head, seqs, 0, n);
        System.arraycopy(times, head, times, 0, n);
        head = 0;
        tail = n;
      }
      if (tail == seqs.length) {
        seqs = Arrays.copyOf(seqs, seqs.length * 2);
        times = Arrays.copyOf(times, times.length * 2);
      }
    }
    seqs[tail] = seq;
    times[tail] = nowPs;
    tail++;
  }

  /** The last send time of the oldest outstanding packet, or -1 when none is outstanding. */
  long oldestPs() {
    while (head < tail && !valid(head)) {
      head++;
    }
    return head < tail ? times[head] : -1;
  }

  /**
   * Removes and returns the oldest outstanding packet if it was last sent at or before {@code
   * sentByPs}, else -1.
   */
  int takeSentBy(long sentByPs) {
    long oldest = oldestPs();
    if (oldest < 0 || oldest > sentByPs) {
      return -1;
    }
    return seqs[head++];
  }

  private boolean valid(int i) {
    int s = seqs[i];
    return lastSentPs[s] == times[i] && outstanding.test(s);
  }
}
