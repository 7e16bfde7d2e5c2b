package org.lbsim.engine;

import java.util.Arrays;

/**
 * What a pending event runs — target, kind and argument — and the keys a queue orders it by, in
 * slots reused through a free list, so an event queue orders only primitive keys and slot numbers.
 * Shared by both queues.
 *
 * <p>A slot's primitives lie together in one array, {@value #STRIDE} longs per slot: time,
 * sequence, argument, and the link (the next slot of the same bucket in the high half, the kind
 * in the low half). A queue with a million pending events holds tens of megabytes of slots, far
 * beyond the caches; laid out so, filing an event, walking a bucket and running an event each
 * touch one slot's line (plus its target) rather than one line in each of six arrays.
 */
final class EventSlots {
  static final int STRIDE = 4;
  private static final int TIME = 0;
  private static final int SEQ = 1;
  private static final int ARG = 2;
  private static final int LINK = 3;
  private static final long KIND_BITS = 0xffff_ffffL;

  private EventTarget[] target;
  private long[] rec;
  private int[] free;
  private int freeCount;

  EventSlots(int initialCapacity) {
    int c = Math.max(16, initialCapacity);
    target = new EventTarget[c];
    rec = new long[c * STRIDE];
    free = new int[c];
    for (int i = 0; i < c; i++) {
      free[i] = c - 1 - i;
    }
    freeCount = c;
  }

  /** Slots the arrays hold now. */
  int capacity() {
    return target.length;
  }

  /** Stores an event and returns its slot, doubling the arrays when none is free. */
  int take(EventTarget who, int k, long a) {
    if (freeCount == 0) {
      grow();
    }
    int slot = free[--freeCount];
    target[slot] = who;
    int b = slot * STRIDE;
    rec[b + ARG] = a;
    rec[b + LINK] = k & KIND_BITS;
    return slot;
  }

  /** Sets the slot's ordering keys. */
  void keys(int slot, long t, long s) {
    int b = slot * STRIDE;
    rec[b + TIME] = t;
    rec[b + SEQ] = s;
  }

  long time(int slot) {
    return rec[slot * STRIDE + TIME];
  }

  long seq(int slot) {
    return rec[slot * STRIDE + SEQ];
  }

  /** The slot after this one in its bucket's list (a queue's own use; -1 for none). */
  int next(int slot) {
    return (int) (rec[slot * STRIDE + LINK] >> 32);
  }

  void next(int slot, int following) {
    int b = slot * STRIDE + LINK;
    rec[b] = ((long) following << 32) | (rec[b] & KIND_BITS);
  }

  /** The slot's target reads what its event will read first (see {@link EventTarget#prefetch}). */
  long prefetch(int slot) {
    return target[slot].prefetch();
  }

  /** Frees the slot, then moves the clock to {@code t} and runs the event, which may schedule freely. */
  void run(int slot, long t, Simulator sim) {
    EventTarget who = target[slot];
    int b = slot * STRIDE;
    int k = (int) rec[b + LINK];
    long a = rec[b + ARG];
    target[slot] = null;
    free[freeCount++] = slot;
    sim.advanceTo(t);
    who.onEvent(k, a);
  }

  private void grow() {
    int old = target.length;
    int c = old * 2;
    if (c > Integer.MAX_VALUE / STRIDE) {
      throw new IllegalStateException("more than " + old + " pending events");
    }
    target = Arrays.copyOf(target, c);
    rec = Arrays.copyOf(rec, c * STRIDE);
    free = Arrays.copyOf(free, c);
    for (int i = old; i < c; i++) {
      free[freeCount++] = i;
    }
  }
}
