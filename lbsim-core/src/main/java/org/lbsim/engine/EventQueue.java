package org.lbsim.engine;

/**
 * The pending events of one {@link Simulator}, served in (time, tie key) order, where the tie key
 * ({@link #tieKey}) is the band (events queued with {@link #addFirst} form an earlier band at
 * their time), then the target's {@link EventTarget#tieRank rank}, then the order of scheduling.
 * Every run with the same inputs replays identically whatever the implementation, and events of
 * one picosecond on different ranks run in an order that does not depend on when they were
 * scheduled.
 */
public interface EventQueue {
  /** Bits of a tie key below the rank: the scheduling counter, which wraps after 2^40 events. */
  int RANK_SHIFT = 40;
  /** Ranks are 0 to MAX_RANK − 1. */
  int MAX_RANK = 1 << 22;
  long COUNTER_MASK = (1L << RANK_SHIFT) - 1;
  /**
   * The last ranks, MAX_RANK − RUN_WIDE_RANKS to MAX_RANK − 1, belong to the run-wide targets
   * (failure injection, queue sampling, the local steps of training jobs), which run after every
   * place's events of their picosecond.
   */
  int RUN_WIDE_RANKS = 8;

  /**
   * The ordering key within a picosecond: the {@code first} band below the ordinary one (its sign
   * bit), then {@code rank}, then {@code counter}, the queue's count of events scheduled so far.
   */
  static long tieKey(boolean first, int rank, long counter) {
    if (rank < 0 || rank >= MAX_RANK) {
      throw new IllegalArgumentException("event rank " + rank + " outside 0.." + (MAX_RANK - 1));
    }
    return (first ? Long.MIN_VALUE : 0) | ((long) rank << RANK_SHIFT) | (counter & COUNTER_MASK);
  }

  int size();

  boolean isEmpty();

  /** Earliest pending time; only valid when not empty. */
  long peekTime();

  /** Queues {@code who.onEvent(k, a)} at time {@code t}; the caller has checked {@code t >= now}. */
  void add(long t, EventTarget who, int k, long a);

  /**
   * Like {@link #add}, but the event runs before every event queued with {@code add} for the same
   * time (events queued with {@code addFirst} for one time run in rank, then scheduling order
   * among themselves).
   */
  void addFirst(long t, EventTarget who, int k, long a);

  /**
   * Removes the earliest event and dispatches it once the queue is consistent again, so the
   * handler may schedule freely. Returns its time. Only valid when not empty.
   */
  long pollAndRun(Simulator sim);
}
