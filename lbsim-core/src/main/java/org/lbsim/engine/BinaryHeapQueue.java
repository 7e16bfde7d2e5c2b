package org.lbsim.engine;

/**
 * One binary min-heap ({@link KeyedHeap}) over every pending event, ordered by (time, tie key,
 * see {@link EventQueue}): the reference that {@link CalendarQueue} is tested and benchmarked
 * against. The heap holds only keys and slot indexes; what each event runs sits in
 * {@link EventSlots}.
 */
public final class BinaryHeapQueue implements EventQueue {
  private final KeyedHeap heap;
  private final EventSlots slots;
  private long nextSeq;

  public BinaryHeapQueue(int initialCapacity) {
    heap = new KeyedHeap(initialCapacity);
    slots = new EventSlots(initialCapacity);
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
    heap.push(t, EventQueue.tieKey(false, who.tieRank(), nextSeq++), slots.take(who, k, a));
  }

  @Override
  public void addFirst(long t, EventTarget who, int k, long a) {
    heap.push(t, EventQueue.tieKey(true, who.tieRank(), nextSeq++), slots.take(who, k, a));
  }

  @Override
  public long pollAndRun(Simulator sim) {
    long t = heap.minTime();
    slots.run(heap.pop(), t, sim);
    return t;
  }
}
