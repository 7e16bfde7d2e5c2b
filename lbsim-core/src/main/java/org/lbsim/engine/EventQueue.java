package org.lbsim.engine;

/**
 * The pending events of one {@link Simulator}, served in (time, insertion sequence) order: equal
 * times run first-in first-out, so every run with the same inputs replays identically whatever
 * the implementation. Events queued with {@link #addFirst} form an earlier band at their time.
 */
public interface EventQueue {
  int size();

  boolean isEmpty();

  /** Earliest pending time; only valid when not empty. */
  long peekTime();

  /** Queues {@code who.onEvent(k, a)} at time {@code t}; the caller has checked {@code t >= now}. */
  void add(long t, EventTarget who, int k, long a);

  /**
   * Like {@link #add}, but the event runs before every event queued with {@code add} for the same
   * time (events queued with {@code addFirst} for one time run first-in first-out among
   * themselves).
   */
  void addFirst(long t, EventTarget who, int k, long a);

  /**
   * Removes the earliest event and dispatches it once the queue is consistent again, so the
   * handler may schedule freely. Returns its time. Only valid when not empty.
   */
  long pollAndRun(Simulator sim);
}
