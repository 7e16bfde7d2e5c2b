package org.lbsim.engine;

import java.util.Arrays;

/**
 * Two-level bucketed event queue (a calendar queue with an overflow heap), exact in (time,
 * insertion sequence) order, on primitive arrays.
 *
 * <p>Why: in a packet simulation nearly every event is scheduled a few nanoseconds to a
 * microsecond ahead (serialization ends, link deliveries), while a minority (pacing slots, timers)
 * lies tens of microseconds ahead and keeps a binary heap of every pending event large (one slot
 * tick per unfinished flow), so each of the ~10^8 events paid a ~14-level sift-down. Here:
 *
 * <ul>
 *   <li>time is cut into buckets of 2^{@code shift} ps; a ring of {@code buckets} of them covers
 *       the window after the current bucket. An event in the window is pushed on its bucket's
 *       unordered stack (O(1)); a bitmap of non-empty buckets finds the next one fast.
 *   <li>the current bucket's events sit in a small binary heap keyed by (time, sequence), which
 *       gives the exact order; it also takes events scheduled into the current bucket (or before
 *       it, when the loop peeked ahead and stopped at its time limit).
 *   <li>events beyond the window wait in an overflow heap and move into the ring as the window
 *       reaches them, once each.
 * </ul>
 *
 * <p>Every event with a bucket index at most {@code cur} is in the current heap, every event in
 * the ring has a bucket index in (cur, cur + buckets), every overflow event one at or after
 * cur + buckets; so the current heap's minimum is the queue's minimum. Nothing allocates once the
 * arrays have grown to the run's peak.
 */
public final class CalendarQueue implements EventQueue {
  private static final int NONE = -1;

  private final int shift;
  private final int mask;
  private final int[] head; // per ring bucket: the top of its stack of slots, NONE = empty
  private final long[] nonEmpty; // one bit per ring bucket
  private final KeyedHeap current = new KeyedHeap(64);
  private final KeyedHeap overflow = new KeyedHeap(64);
  private long cur; // absolute bucket index (time >> shift) of the current bucket
  private int ringCount;
  private int size;
  private long nextSeq;
  private long nextFirstSeq = Long.MIN_VALUE; // the addFirst band: below every add sequence

  // event slots
  private long[] time;
  private long[] seq;
  private int[] next; // the next slot in the same ring bucket
  private final EventSlots slots;

  /**
   * @param shift bucket width is 2^shift ps
   * @param buckets ring size, a power of two, at least 64
   * @param initialCapacity pending events before the slot arrays first grow
   */
  public CalendarQueue(int shift, int buckets, int initialCapacity) {
    if (shift < 0 || shift > 40) {
      throw new IllegalArgumentException("bucket width must be 2^0..2^40 ps, got 2^" + shift);
    }
    if (buckets < 64 || Integer.bitCount(buckets) != 1) {
      throw new IllegalArgumentException("bucket count must be a power of two >= 64, got " + buckets);
    }
    this.shift = shift;
    this.mask = buckets - 1;
    this.head = new int[buckets];
    Arrays.fill(head, NONE);
    this.nonEmpty = new long[buckets >>> 6];
    slots = new EventSlots(initialCapacity);
    int c = slots.capacity();
    time = new long[c];
    seq = new long[c];
    next = new int[c];
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
    if (current.isEmpty()) {
      advance();
    }
    return current.minTime();
  }

  @Override
  public void add(long t, EventTarget who, int k, long a) {
    insert(t, nextSeq++, who, k, a);
  }

  @Override
  public void addFirst(long t, EventTarget who, int k, long a) {
    insert(t, nextFirstSeq++, who, k, a);
  }

  private void insert(long t, long s, EventTarget who, int k, long a) {
    int slot = slots.take(who, k, a);
    if (slot >= time.length) {
      growKeys(slots.capacity());
    }
    time[slot] = t;
    seq[slot] = s;
    size++;
    long b = t >> shift;
    if (b <= cur) {
      current.push(t, s, slot);
    } else if (b - cur <= mask) {
      pushRing(slot, (int) b & mask);
    } else {
      overflow.push(t, s, slot);
    }
  }

  @Override
  public long pollAndRun(Simulator sim) {
    if (current.isEmpty()) {
      advance();
    }
    long t = current.minTime();
    int slot = current.pop();
    size--;
    slots.run(slot, t, sim);
    return t;
  }

  private void pushRing(int slot, int i) {
    next[slot] = head[i];
    head[i] = slot;
    nonEmpty[i >>> 6] |= 1L << i;
    ringCount++;
  }

  /** The current heap ran empty (and the queue is not): make the next non-empty bucket current. */
  private void advance() {
    if (ringCount == 0) {
      cur = overflow.minTime() >> shift; // nothing within the window: jump to the overflow's first
      migrate();
      return;
    }
    int from = (int) (cur + 1) & mask;
    int w = from >>> 6;
    long bits = nonEmpty[w] & (-1L << from);
    while (bits == 0) {
      w = (w + 1) & (nonEmpty.length - 1);
      bits = nonEmpty[w];
    }
    int i = (w << 6) | Long.numberOfTrailingZeros(bits);
    cur += ((i - (int) cur) & mask);
    nonEmpty[w] &= ~(1L << i);
    int slot = head[i];
    head[i] = NONE;
    while (slot != NONE) {
      current.push(time[slot], seq[slot], slot);
      ringCount--;
      slot = next[slot];
    }
    migrate();
  }

  /** Moves the overflow events the window now reaches into the ring (or the current heap). */
  private void migrate() {
    while (!overflow.isEmpty()) {
      long b = overflow.minTime() >> shift;
      if (b - cur > mask) {
        return;
      }
      int slot = overflow.pop();
      if (b <= cur) {
        current.push(time[slot], seq[slot], slot);
      } else {
        pushRing(slot, (int) b & mask);
      }
    }
  }

  private void growKeys(int c) {
    time = Arrays.copyOf(time, c);
    seq = Arrays.copyOf(seq, c);
    next = Arrays.copyOf(next, c);
  }
}
