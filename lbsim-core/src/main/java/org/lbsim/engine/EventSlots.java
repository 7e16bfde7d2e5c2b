package org.lbsim.engine;

import java.util.Arrays;

/**
 * What a pending event runs — target, kind and argument — in slot arrays reused through a free
 * list, so an event queue orders only primitive keys and slot numbers. Shared by both queues.
 */
final class EventSlots {
  private EventTarget[] target;
  private int[] kind;
  private long[] arg;
  private int[] free;
  private int freeCount;

  EventSlots(int initialCapacity) {
    int c = Math.max(16, initialCapacity);
    target = new EventTarget[c];
    kind = new int[c];
    arg = new long[c];
    free = new int[c];
    for (int i = 0; i < c; i++) {
      free[i] = c - 1 - i;
    }
    freeCount = c;
  }

  /** Slots the arrays hold now; a queue keeps its per-slot keys at least this long. */
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
    kind[slot] = k;
    arg[slot] = a;
    return slot;
  }

  /** The slot's target reads what its event will read first (see {@link EventTarget#prefetch}). */
  long prefetch(int slot) {
    return target[slot].prefetch();
  }

  /** Frees the slot, then moves the clock to {@code t} and runs the event, which may schedule freely. */
  void run(int slot, long t, Simulator sim) {
    EventTarget who = target[slot];
    int k = kind[slot];
    long a = arg[slot];
    target[slot] = null;
    free[freeCount++] = slot;
    sim.advanceTo(t);
    who.onEvent(k, a);
  }

  private void grow() {
    int old = target.length;
    int c = old * 2;
    target = Arrays.copyOf(target, c);
    kind = Arrays.copyOf(kind, c);
    arg = Arrays.copyOf(arg, c);
    free = Arrays.copyOf(free, c);
    for (int i = old; i < c; i++) {
      free[freeCount++] = i;
    }
  }
}
