package org.lbsim.transport;

import org.lbsim.lb.PathPolicy;
import org.lbsim.net.Packet;

/**
 * Decides what a sender sends in each pacing slot and when the flow is complete: erasure coding
 * first; SACK, go-back-N, trimming-driven repair and others plug in behind the same calls.
 */
public interface LossRecovery {
  /** The host path policy to tell about packets this recovery considers lost. */
  void setPathPolicy(PathPolicy path);

  /** Sequence number to send in the slot starting now, or -1 to leave the slot empty. */
  long nextToSend(long nowPs);

  /** The packet with {@code seq} left with this path entropy. */
  void onSent(long seq, int entropy, long nowPs);

  void onAck(Packet ack, long nowPs);

  /** The sender has learned that the receiver holds everything it needs. */
  boolean complete();

  /** Data packets that were unacknowledged when the sender considered them lost. */
  long packetsDeclaredLost();

  /** Data packets sent beyond what the receiver needs (repairs of losses). */
  long extraPacketsSent();
}
