package org.lbsim.net;

/**
 * Switch-side load balancing: picks one of the equal-cost egress ports towards a packet's
 * destination. Implementations live in {@code org.lbsim.lb}; one instance per switch, so any
 * state (round-robin pointers, caches) is per switch.
 */
public interface PortSelector {
  /** Returns an index in [0, n) into {@code candidates}. */
  int select(Switch sw, Packet p, EgressPort[] candidates, int n);
}
