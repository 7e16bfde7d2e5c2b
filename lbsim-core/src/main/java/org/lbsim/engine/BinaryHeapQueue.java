package org.lbsim.engine;

/**
 * Binary min-heap of pending events on primitive arrays, ordered by (time, insertion sequence):
 * the engine's first event queue, kept as the reference that {@link CalendarQueue} is tested and
 * benchmarked against.
 *
 * <p>The sequence number breaks ties in insertion order (FIFO), which makes every run with the
 * same inputs replay identically. Heap entries hold only the key and a slot index; the target,
 * kind and argument sit in slot arrays so that sifting moves two longs and an int.
 */
public final class BinaryHeapQueue implements EventQueue {
  private long[] time;
  private long[] seq;
  private int[] slotOf;
  private EventTarget[] target;
  private int[] kind;
  private long[] arg;
  private int[] freeSlots;
  private int freeCount;
  private int size;
  private long nextSeq;

  public BinaryHeapQueue(int initialCapacity) {
    int c = Math.max(16, initialCapacity);
    time = new long[c];
    seq = new long[c];
    slotOf = new int[c];
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
    return size;
  }

  @Override
  public boolean isEmpty() {
    return size == 0;
  }

  @Override
  public long peekTime() {
    return time[0];
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
    long s = nextSeq++;
    int i = size++;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      long pt = time[parent];
      if (pt < t || (pt == t && seq[parent] < s)) {
        break;
      }
      time[i] = pt;
      seq[i] = seq[parent];
      slotOf[i] = slotOf[parent];
      i = parent;
    }
    time[i] = t;
    seq[i] = s;
    slotOf[i] = slot;
  }

  @Override
  public long pollAndRun(Simulator sim) {
    long t = time[0];
    int slot = slotOf[0];
    EventTarget who = target[slot];
    int k = kind[slot];
    long a = arg[slot];
    target[slot] = null;
    freeSlots[freeCount++] = slot;
    int last = --size;
    if (last > 0) {
      siftDownFromRoot(time[last], seq[last], slotOf[last], last);
    }
    sim.advanceTo(t);
    who.onEvent(k, a);
    return t;
  }

  private void siftDownFromRoot(long t, long s, int slot, int n) {
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
      slotOf[i] = slotOf[c];
      i = c;
    }
    time[i] = t;
    seq[i] = s;
    slotOf[i] = slot;
  }

  private void grow() {
    int old = time.length;
    int c = old * 2;
    time = java.util.Arrays.copyOf(time, c);
    seq = java.util.Arrays.copyOf(seq, c);
    slotOf = java.util.Arrays.copyOf(slotOf, c);
    target = java.util.Arrays.copyOf(target, c);
    kind = java.util.Arrays.copyOf(kind, c);
    arg = java.util.Arrays.copyOf(arg, c);
    freeSlots = java.util.Arrays.copyOf(freeSlots, c);
    for (int i = old; i < c; i++) {
      freeSlots[freeCount++] = i;
    }
  }
}
