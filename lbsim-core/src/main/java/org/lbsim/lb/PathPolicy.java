package org.lbsim.lb;

/**
 * Host-side load balancing: the path entropy (flow label) a sender puts on each data packet,
 * and what it learns from the feedback on earlier ones. One instance per flow.
 */
public interface PathPolicy {
  /** Entropy for the next data packet sent at {@code nowPs}. */
  int nextEntropy(long nowPs);

  /** An ACK came back for a packet sent with {@code entropy}; {@code congested} = ECN echoed. */
  default void onAck(int entropy, boolean congested, long nowPs) {}

  /** A packet sent with {@code entropy} is considered lost after a timeout. */
  default void onTimeout(int entropy, long nowPs) {}
}
