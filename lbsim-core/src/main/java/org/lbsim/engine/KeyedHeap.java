package org.lbsim.engine;

import java.util.Arrays;

/**
 * Binary min-heap of event slot numbers keyed by (time, tie key: {@link EventQueue#tieKey}), on primitive arrays
 * so that sifting moves two longs and an int. The building block of both event queues.
 */
final class KeyedHeap {
  private long[] time;
  private long[] seq;
  private int[] slot;
  private int size;

  KeyedHeap(int initialCapacity) {
    int c = Math.max(16, initialCapacity);
    time = new long[c];
    seq = new long[c];
    slot = new int[c];
  }

  int size() {
    return size;
  }

  boolean isEmpty() {
    return size == 0;
  }

  /** Earliest key's time; only valid when not empty. */
  long minTime() {
    return time[0];
  }

  /** Earliest key's slot; only valid when not empty. */
  int minSlot() {
    return slot[0];
  }

  void push(long t, long s, int sl) {
    if (size == time.length) {
      grow();
    }
    int i = size++;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      long pt = time[parent];
      if (pt < t || (pt == t && seq[parent] < s)) {
        break;
      }
      time[i] = pt;
      seq[i] = seq[parent];
      slot[i] = slot[parent];
      i = parent;
    }
    time[i] = t;
    seq[i] = s;
    slot[i] = sl;
  }

  /** Removes the earliest entry and returns its slot; only valid when not empty. */
  int pop() {
    int top = slot[0];
    int last = --size;
    if (last > 0) {
      siftDownFromRoot(time[last], seq[last], slot[last], last);
    }
    return top;
  }

  private void siftDownFromRoot(long t, long s, int sl, int n) {
    int i = 0;
    int half = n >>> 1;
    while (i < half) {
      int c = 2 * i + 1;
      int r = c + 1;
      if (r < n && (time[r] < time[c] || (time[r] == time[c] && seq[r] < seq[c]))) {
        c = r;
      }
      long ct = time[c];
      if (t < ct || (t == ct && s < seq[c])) {
        break;
      }
      time[i] = ct;
      seq[i] = seq[c];
      slot[i] = slot[c];
      i = c;
    }
    time[i] = t;
    seq[i] = s;
    slot[i] = sl;
  }

  private void grow() {
    int c = time.length * 2;
    time = Arrays.copyOf(time, c);
    seq = Arrays.copyOf(seq, c);
    slot = Arrays.copyOf(slot, c);
  }
}
