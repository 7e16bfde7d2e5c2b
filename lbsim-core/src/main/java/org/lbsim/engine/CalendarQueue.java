package org.lbsim.engine;

import java.util.Arrays;

/**
 * Two-level bucketed event queue (a calendar queue with an overflow heap), exact in (time,
 * tie key) order ({@link EventQueue}), on primitive arrays.
 *
 * <p>Why: in a packet simulation nearly every event is scheduled a few nanoseconds to a
 * microsecond ahead (serialization ends, link deliveries), while a minority (pacing slots, timers)
 * lies tens of microseconds ahead and would keep a binary heap of every pending event large (one
 * slot tick per unfinished flow), where every event would pay a ~14-level sift-down. Here:
 *
 * <ul>
 *   <li>time is cut into buckets of 2^{@code shift} ps; a ring of {@code buckets} of them covers
 *       the window after the current bucket. An event in the window is pushed on its bucket's
 *       unordered stack (O(1)); a bitmap of non-empty buckets finds the next one fast.
 *   <li>the current bucket's events sit in a small binary heap keyed by (time, sequence), which
 *       gives the exact order; it also takes events scheduled into the current bucket (or before
 *       it, when the loop peeked ahead and stopped at its time limit).
 *   <li>events further out (pacing slots: 5–50 µs ahead) go on the unordered stacks of a coarse
 *       ring, whose buckets are {@code buckets / 8} fine buckets wide and which covers
 *       {@code coarse} of them; a coarse bucket is spread over the fine ring, its events touched
 *       once more, when the fine window reaches it, and pays no heap sift (in a heap of one entry
 *       per flow each would pay two ~14-level sifts).
 *   <li>events beyond both wait in an overflow heap and move into the rings as the windows reach
 *       them, once each.
 * </ul>
 *
 * <p>Invariants (fine bucket indices): every event at or before {@code cur} is in the current
 * heap; every event in the fine ring lies in (cur, fineLimit], with fineLimit − cur < buckets;
 * every coarse event lies after fineLimit, in coarse buckets (migrated, migrated + coarse); every
 * overflow event lies after both. So the current heap's minimum is the queue's minimum. Nothing
 * allocates once the arrays have grown to the run's peak.
 */
public final class CalendarQueue implements EventQueue {
  private static final int NONE = -1;

  private final int shift;
  private final int mask;
  private final int[] head; // per ring bucket: the top of its stack of slots, NONE = empty
  private final long[] nonEmpty; // one bit per ring bucket
  private final int coarseShift; // fine buckets per coarse bucket = 2^coarseShift
  private final int admission; // fine buckets ahead of cur whose coarse bucket is always spread already
  private final int coarseMask;
  private final int[] coarseHead;
  private final long[] coarseNonEmpty;
  private long migrated; // absolute index of the last coarse bucket spread over the fine ring
  private int coarseCount;
  private final KeyedHeap current = new KeyedHeap(64);
  private final KeyedHeap overflow = new KeyedHeap(64);
  private long cur; // absolute bucket index (time >> shift) of the current bucket
  private int ringCount;
  private int size;
  private long nextSeq;
  private long prefetched; // sum of EventTarget.prefetch() values: kept so the JIT keeps their loads

  private final EventSlots slots; // each event's keys, bucket link and what it runs

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
    this.coarseShift = Integer.numberOfTrailingZeros(buckets) - 3;
    this.admission = mask - (1 << coarseShift);
    int coarse = Math.max(64, buckets >>> 3);
    this.coarseMask = coarse - 1;
    this.coarseHead = new int[coarse];
    Arrays.fill(coarseHead, NONE);
    this.coarseNonEmpty = new long[coarse >>> 6];
    this.migrated = (long) admission >> coarseShift; // as migrate() leaves it with cur = 0
    slots = new EventSlots(initialCapacity);
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
    insert(t, EventQueue.tieKey(false, who.tieRank(), nextSeq++), who, k, a);
  }

  @Override
  public void addFirst(long t, EventTarget who, int k, long a) {
    insert(t, EventQueue.tieKey(true, who.tieRank(), nextSeq++), who, k, a);
  }

  private void insert(long t, long s, EventTarget who, int k, long a) {
    int slot = slots.take(who, k, a);
    slots.keys(slot, t, s);
    size++;
    place(slot, t, s);
  }

  /** Files an event by its fine bucket: current heap, fine ring, coarse ring or overflow. */
  private void place(int slot, long t, long s) {
    long b = t >> shift;
    if (b <= cur) {
      current.push(t, s, slot);
    } else if (b <= fineLimit()) {
      pushRing(slot, (int) b & mask);
    } else if ((b >> coarseShift) - migrated <= coarseMask) {
      int i = (int) (b >> coarseShift) & coarseMask;
      slots.next(slot, coarseHead[i]);
      coarseHead[i] = slot;
      coarseNonEmpty[i >>> 6] |= 1L << i;
      coarseCount++;
    } else {
      overflow.push(t, s, slot);
    }
  }

  /** The last fine bucket the fine ring is responsible for: the end of the last spread coarse bucket. */
  private long fineLimit() {
    return ((migrated + 1) << coarseShift) - 1;
  }

  @Override
  public long pollAndRun(Simulator sim) {
    if (current.isEmpty()) {
      advance();
    }
    long t = current.minTime();
    int slot = current.pop();
    size--;
    int following = peekNextSlot();
    if (following != NONE) {
      prefetched += slots.prefetch(following);
    }
    slots.run(slot, t, sim);
    return t;
  }

  /**
   * The slot of the event that probably runs after the one being popped: the current heap's
   * minimum, else one of the next non-empty bucket's events (its stack's top, not necessarily its
   * earliest, found in at most five bitmap words); NONE when neither is near.
   */
  private int peekNextSlot() {
    if (!current.isEmpty()) {
      return current.minSlot();
    }
    if (ringCount == 0) {
      return NONE;
    }
    int i = nonEmptyAfterCur(5);
    return i < 0 ? NONE : head[i];
  }

  /**
   * The ring index of the first non-empty bucket after {@code cur}, looking at no more than
   * {@code words} words of the bitmap; -1 if none is there.
   */
  private int nonEmptyAfterCur(int words) {
    int from = (int) (cur + 1) & mask;
    int w = from >>> 6;
    long bits = nonEmpty[w] & (-1L << from);
    for (int k = 1; bits == 0 && k < words; k++) {
      w = (w + 1) & (nonEmpty.length - 1);
      bits = nonEmpty[w];
    }
    return bits == 0 ? -1 : (w << 6) | Long.numberOfTrailingZeros(bits);
  }

  private void pushRing(int slot, int i) {
    slots.next(slot, head[i]);
    head[i] = slot;
    nonEmpty[i >>> 6] |= 1L << i;
    ringCount++;
  }

  /** The current heap ran empty (and the queue is not): make the next non-empty bucket current. */
  private void advance() {
    while (ringCount == 0) {
      if (coarseCount > 0) {
        // nothing in the fine window: move it up to the next non-empty coarse bucket
        cur = (nextCoarse() << coarseShift) - admission;
        migrate();
      } else {
        cur = overflow.minTime() >> shift; // nothing within either window: jump to the overflow's first
        migrate();
        if (!current.isEmpty()) {
          return;
        }
      }
    }
    int i = nonEmptyAfterCur(nonEmpty.length + 1); // the ring holds an event: found within a turn
    cur += ((i - (int) cur) & mask);
    nonEmpty[i >>> 6] &= ~(1L << i);
    int slot = head[i];
    head[i] = NONE;
    while (slot != NONE) {
      current.push(slots.time(slot), slots.seq(slot), slot);
      ringCount--;
      slot = slots.next(slot);
    }
    migrate();
  }

  /** Absolute index of the first non-empty coarse bucket after {@code migrated} (one exists). */
  private long nextCoarse() {
    long first = migrated + 1;
    int from = (int) first & coarseMask;
    int w = from >>> 6;
    long bits = coarseNonEmpty[w] & (-1L << from);
    while (bits == 0) {
      w = (w + 1) & (coarseNonEmpty.length - 1);
      bits = coarseNonEmpty[w];
    }
    int i = (w << 6) | Long.numberOfTrailingZeros(bits);
    return first + ((i - from) & coarseMask);
  }

  /**
   * After {@code cur} moved: spreads every coarse bucket that starts within {@code admission} of
   * it over the fine ring, then moves the overflow events the windows now reach.
   */
  private void migrate() {
    long reach = (cur + admission) >> coarseShift; // the last coarse bucket to spread
    if (coarseCount == 0) {
      migrated = Math.max(migrated, reach);
    }
    while (migrated < reach) {
      if (coarseCount == 0) {
        migrated = reach;
        break;
      }
      migrated++;
      int i = (int) migrated & coarseMask;
      int slot = coarseHead[i];
      if (slot == NONE) {
        continue;
      }
      coarseHead[i] = NONE;
      coarseNonEmpty[i >>> 6] &= ~(1L << i);
      while (slot != NONE) {
        int after = slots.next(slot);
        coarseCount--;
        place(slot, slots.time(slot), slots.seq(slot));
        slot = after;
      }
    }
    while (!overflow.isEmpty()) {
      long b = overflow.minTime() >> shift;
      if (b > fineLimit() && (b >> coarseShift) - migrated > coarseMask) {
        return;
      }
      int slot = overflow.pop();
      place(slot, slots.time(slot), slots.seq(slot));
    }
  }
}
