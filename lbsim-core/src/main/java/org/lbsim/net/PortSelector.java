package org.lbsim.net;

/**
 * Switch-side load balancing: picks one of the equal-cost egress ports towards a packet's
 * destination. Implementations live in {@code org.lbsim.lb}; one instance per switch, so any
 * state (round-robin pointers, caches) is per switch.
 */
public interface PortSelector {
  /** Returns an index in [0, n) into {@code candidates}. */
  int select(Switch sw, Packet p, EgressPort[] candidates, int n);

  /**
   * Sees every packet this switch forwards, up or down, just before it is queued at {@code out}
   * (designs with feedback, such as CONGA, stamp or read packets here). Off the hot path unless
   * {@link #observesAll()} is true.
   */
  default void onForward(Switch sw, Packet p, EgressPort out, boolean up) {}

  /** Whether {@link #onForward} must be called; false keeps the forwarding path lean. */
  default boolean observesAll() {
    return false;
  }
}
