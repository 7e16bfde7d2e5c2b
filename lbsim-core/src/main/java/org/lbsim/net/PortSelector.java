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
   * As {@link #select(Switch, Packet, EgressPort[], int)} when routing has converged around failed
   * links: only up ports whose bit is set in {@code usable} may be chosen (an index into
   * {@code up}, not into a reduced list). The default rotates or hashes over the usable ports
   * only, as a forwarding-table entry without the failed next hops would; designs that keep
   * per-port state, or use {@code routes}' W-ECMP weights, override it.
   */
  default int select(Switch sw, Packet p, EgressPort[] up, int n, long usable, Routes routes) {
    int live = Long.bitCount(usable);
    EgressPort[] reduced = sw.reduced(usable);
    return Routes.nth(usable, select(sw, p, reduced, live));
  }

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
