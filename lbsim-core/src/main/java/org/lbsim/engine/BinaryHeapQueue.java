package org.lbsim.engine;

import java.util.Arrays;

/**
 * One binary min-heap ({@link KeyedHeap}) over every pending event, ordered by (time, insertion
 * sequence): the engine's first event queue, kept as the reference that {@link CalendarQueue}
 * is tested and benchmarked against.
 *
 * <p>The sequence number breaks ties in insertion order (FIFO), which makes every run with the
 * same inputs replay identically. The heap holds only keys and slot indexes; the target, kind
 * and argument sit in slot arrays, reused through a free list.
 */
public final class BinaryHeapQueue implements EventQueue {
  private final KeyedHeap heap;
  private EventTarget[] target;
  private int[] kind;
  private long[] arg;
  private int[] freeSlots;
  private int freeCount;
  private long nextSeq;

  public BinaryHeapQueue(int initialCapacity) {
    int c = Math.max(16, initialCapacity);
    heap = new KeyedHeap(c);
    target = new EventTarget[c];
    kind = new int[c];
    arg = new long[c];
    freeSlots = new int[c];
    for (int i = 0; i < c; i++) {
      freeSlots[i] = c - 1 - i;
    }
    freeCount = c;
  }

  @Override
  public int size() {
    return heap.size();
  }

  @Override
  public boolean isEmpty() {
    return heap.isEmpty();
  }

  @Override
  public long peekTime() {
    return heap.minTime();
  }

  @Override
  public void add(long t, EventTarget who, int k, long a) {
    if (freeCount == 0) {
      grow();
    }
    int slot = freeSlots[--freeCount];
    target[slot] = who;
    kind[slot] = k;
    arg[slot] = a;
    heap.push(t, nextSeq++, slot);
  }

  @Override
  public long pollAndRun(Simulator sim) {
    long t = heap.minTime();
    int slot = heap.pop();
    EventTarget who = target[slot];
    int k = kind[slot];
    long a = arg[slot];
    target[slot] = null;
    freeSlots[freeCount++] = slot;
    sim.advanceTo(t);
    who.onEvent(k, a);
    return t;
  }

  private void grow() {
    int old = target.length;
    int c = old * 2;
    target = Arrays.copyOf(target, c);
    kind = Arrays.copyOf(kind, c);
    arg = Arrays.copyOf(arg, c);
    freeSlots = Arrays.copyOf(freeSlots, c);
    for (int i = old; i < c; i++) {
      freeSlots[freeCount++] = i;
    }
  }
}
