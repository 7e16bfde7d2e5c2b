package org.lbsim.lb;

import org.lbsim.net.Packet;

/**
 * Host-side load balancing: the path entropy (flow label) and, optionally, the source route a
 * host puts on each packet, and what it learns from the feedback on earlier ones. One instance
 * per flow (and, for designs that steer ACKs, one per flow at the receiver).
 */
public interface PathPolicy {
  /** Sets {@code p.entropy} (and {@code p.route} if the design source-routes) for a packet sent now. */
  void choose(Packet p, long nowPs);

  /**
   * Sets {@code p.entropy} (and {@code p.route}) for a packet that a loss recovery resends from
   * its queue of lost packets; by default as for any packet (see {@link NumberedSpray} for the
   * study simulator's form).
   */
  default void chooseResend(Packet p, long nowPs) {
    choose(p, nowPs);
  }

  /** The data packet that just left carried {@code entropy}. */
  default void onSent(int entropy, long nowPs) {}

  /** An ACK came back for a packet sent with {@code entropy}; {@code congested} = ECN echoed. */
  default void onAck(int entropy, boolean congested, long nowPs) {}

  /** A packet sent with {@code entropy} was reported trimmed or lost by the receiver. */
  default void onNack(int entropy, long nowPs) {}

  /** A packet sent with {@code entropy} is considered lost after a timeout. */
  default void onTimeout(int entropy, long nowPs) {}
}
