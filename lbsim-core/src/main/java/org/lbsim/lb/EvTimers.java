package org.lbsim.lb;

import java.util.Arrays;

/**
 * Send times keyed by entropy value: a small open-addressing hash map (linear probing,
 * backward-shift deletion) from a non-negative int to a long, with no boxing.
 *
 * <p>Why not an array indexed by EV: REPS has 16,000 EVs per flow, and 16,256 flows (the
 * study's all-to-all) × 16,000 longs would be 2 GB. A map holds only the EVs that have a timer,
 * i.e. packets in flight plus lost packets whose EV has not been drawn again, so it costs
 * memory in proportion to what is outstanding; it starts at 16 slots and doubles when half full.
 */
final class EvTimers {
  private static final int EMPTY = -1;
  static final long NONE = -1;

  private int[] keys;
  private long[] times;
  private int size;

  EvTimers() {
    keys = new int[16];
    times = new long[16];
    Arrays.fill(keys, EMPTY);
  }

  /** The time stored for {@code ev}, or {@link #NONE}. */
  long get(int ev) {
    int mask = keys.length - 1;
    for (int i = slot(ev, mask); ; i = (i + 1) & mask) {
      int k = keys[i];
      if (k == ev) {
        return times[i];
      }
      if (k == EMPTY) {
        return NONE;
      }
    }
  }

  /** Stores {@code time} for {@code ev} unless it already has one. */
  void putIfAbsent(int ev, long time) {
    if (ev < 0) {
      throw new IllegalArgumentException("entropy values must be >= 0, got " + ev);
    }
    int mask = keys.length - 1;
    int i = slot(ev, mask);
    while (keys[i] != EMPTY) {
      if (keys[i] == ev) {
        return;
      }
      i = (i + 1) & mask;
    }
    keys[i] = ev;
    times[i] = time;
    if (++size * 2 > keys.length) {
      grow();
    }
  }

  void remove(int ev) {
    int mask = keys.length - 1;
    int i = slot(ev, mask);
    while (keys[i] != ev) {
      if (keys[i] == EMPTY) {
        return;
      }
      i = (i + 1) & mask;
    }
    // Backward-shift deletion: pull later entries of the probe chain into the hole.
    int hole = i;
    for (int j = (hole + 1) & mask; keys[j] != EMPTY; j = (j + 1) & mask) {
      int home = slot(keys[j], mask);
      boolean movable = hole <= j ? (home <= hole || home > j) : (home <= hole && home > j);
      if (movable) {
        keys[hole] = keys[j];
        times[hole] = times[j];
        hole = j;
      }
    }
    keys[hole] = EMPTY;
    size--;
  }

  int size() {
    return size;
  }

  /** Slots allocated (for memory tests). */
  int capacity() {
    return keys.length;
  }

  private void grow() {
    int[] oldKeys = keys;
    long[] oldTimes = times;
    keys = new int[oldKeys.length * 2];
    times = new long[oldKeys.length * 2];
    Arrays.fill(keys, EMPTY);
    int mask = keys.length - 1;
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] != EMPTY) {
        int j = slot(oldKeys[i], mask);
        while (keys[j] != EMPTY) {
          j = (j + 1) & mask;
        }
        keys[j] = oldKeys[i];
        times[j] = oldTimes[i];
      }
    }
  }

  private static int slot(int ev, int mask) {
    int h = ev * 0x9E3779B9; // Fibonacci hashing spreads consecutive EVs
    return (h ^ (h >>> 16)) & mask;
  }
}
