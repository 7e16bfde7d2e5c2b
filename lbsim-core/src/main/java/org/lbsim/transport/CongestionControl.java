package org.lbsim.transport;

import org.lbsim.net.Packet;

/**
 * Decides how fast a sender may send. The first implementation is the study's ideal constant
 * rate; window- and rate-based algorithms plug in behind the same calls.
 */
public interface CongestionControl {
  /** Gap between this data packet's pacing slot and the next one. */
  long pacingGapPs(long nowPs);

  /** Whether another data packet may leave with {@code inFlight} packets unacknowledged. */
  default boolean mayTransmit(long inFlight) {
    return true;
  }

  /** Feedback from one ACK; {@code rttPs} is its round-trip sample. */
  default void onAck(Packet ack, long rttPs, long nowPs) {}
}
