package org.lbsim.engine;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Where the threads of a {@link PartitionedSimulator} meet at the end of every window: the last
 * to arrive runs the action (hand the channels over, choose the next window) while the others
 * wait, then all go on. A window lasts microseconds of work, so waiters spin first and only then
 * yield and sleep briefly (threads beyond the cores would otherwise spin against the ones they wait for).
 * The action's writes are visible to every thread after it (the generation is volatile).
 */
final class WindowBarrier {
  private static final int SPINS = 1 << 12;
  private static final int YIELDS = 1 << 6;
  private final int parties;
  private final Runnable action;
  private final AtomicInteger arrived = new AtomicInteger();
  private volatile long generation;

  WindowBarrier(int parties, Runnable action) {
    this.parties = parties;
    this.action = action;
  }

  /** Waits until every party has arrived and the last one has run the action. */
  void await() {
    long g = generation;
    if (arrived.incrementAndGet() == parties) {
      try {
        action.run();
      } finally {
        arrived.set(0);
        generation = g + 1;
      }
      return;
    }
    int n = 0;
    while (generation == g) {
      if (n < SPINS) {
        Thread.onSpinWait();
      } else if (n < SPINS + YIELDS) {
        Thread.yield();
      } else {
        LockSupport.parkNanos(20_000);
      }
      n++;
    }
  }
}
