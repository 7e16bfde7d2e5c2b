package org.lbsim.engine;

/**
 * Anything the simulator wakes up: a port finishing a transmission, a link delivering, a pacer,
 * a timer. An event carries only an int kind and a long argument so that scheduling never
 * allocates.
 */
public interface EventTarget {
  void onEvent(int kind, long arg);

  /**
   * Reads, without changing anything, the memory {@link #onEvent} will read first, and returns a
   * value computed from it. The calendar queue calls it for the event that runs after the one it
   * is about to run: in a large fabric each event's target (a port and the packet at the head of
   * its cable, a flow's sender) is usually cold, and a load issued one event early overlaps its
   * cache miss with that event's work instead of stalling the next one. Java has no prefetch
   * instruction, so this is an ordinary load whose result the queue keeps (otherwise the JIT would
   * drop it). Must be cheap and must not touch anything the target would not.
   */
  /**
   * Where this target's events happen, which orders them among other targets' events of the same
   * picosecond and band (lower ranks first); events of one rank run in the order they were
   * scheduled. Fixed for the run, from 0 to {@link EventQueue#MAX_RANK} − 1. A run's targets take
   * the rank of the place they belong to (docs/model.md, "Time and events"): events of one rank
   * must only ever be scheduled by that place or by the one cable that feeds it, so that their
   * order never depends on how the run's work is split.
   */
  default int tieRank() {
    return 0;
  }

  default long prefetch() {
    return 0;
  }
}
