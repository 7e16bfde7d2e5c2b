package org.lbsim.workload;

/**
 * A trigger definition of a {@code .cm} file: {@code trigger id N oneshot|multishot|barrier [count C]}.
 *
 * @param count a barrier's {@code count}, the activations htsim's {@code BarrierTrigger} waits for;
 *     {@link #NO_COUNT} when the line gives none
 * @param line where it was defined, for error messages
 */
record CmTrigger(long id, Kind kind, long count, int line) {

  /** A definition without {@code count}. */
  static final long NO_COUNT = -1;

  /** How a trigger turns activations into flow starts. */
  enum Kind {
    /** Fires on its first activation and starts every waiting flow. */
    ONESHOT,
    /** Every activation starts the next waiting flow, in the order they were listed. */
    MULTISHOT,
    /** Fires once every activating flow has activated it, and starts every waiting flow. */
    BARRIER
  }
}
