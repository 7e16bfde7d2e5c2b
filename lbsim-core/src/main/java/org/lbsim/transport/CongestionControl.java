package org.lbsim.transport;

import org.lbsim.net.Packet;

/**
 * Decides how fast a sender may send: a pacing gap between slots (rate-based control) and a
 * window on the packets in flight (window-based control). The sender tells it what happens to
 * its packets; each algorithm overrides what it needs (see {@code org.lbsim.transport.cc}).
 *
 * <p>A window-limited sender stops ticking and is woken by the next ACK, NACK, CNP, loss or
 * timeout, so a blocked flow costs no events.
 */
public interface CongestionControl {
  /** Gap between this data packet's pacing slot and the next one. */
  long pacingGapPs(long nowPs);

  /**
   * Whether {@link #pacingGapPs} returns the same gap, without side effects, until the next
   * feedback, timeout or send: an idle sender then skips its empty slots by arithmetic instead
   * of computing each one's gap. False (the safe default) for a gap that changes with time or
   * draws randomness.
   */
  default boolean steadyGap() {
    return false;
  }

  /** Whether another data packet may leave with {@code inFlight} packets unacknowledged. */
  default boolean mayTransmit(long inFlight) {
    return true;
  }

  /** A data packet of {@code bytes} on the wire left now (byte counters, per-window bookkeeping). */
  default void onSent(long seq, int bytes, long nowPs) {}

  /**
   * Feedback from one ACK (each ACK answers one data packet); {@code ecn} = the data packet was
   * CE-marked, {@code rttPs} its round-trip sample. The ACK carries the data packet's INT record.
   */
  default void onAck(Packet ack, boolean ecn, long rttPs, long nowPs) {}

  /** A NACK (a trimmed or out-of-order packet); {@code rttPs} is its round-trip sample. */
  default void onNack(Packet nack, boolean ecn, long rttPs, long nowPs) {}

  /** The loss recovery declared {@code packets} lost from ACK information (fast retransmit). */
  default void onLoss(long packets, long nowPs) {}

  /** The retransmission timer expired. */
  default void onTimeout(long nowPs) {}

  /** A congestion notification packet (DCQCN) reached the sender. */
  default void onCnp(long nowPs) {}

  /**
   * Receiver-driven credit (EQDS): the fraction of the receiver's link rate at which its pacer
   * grants pulls; 0 (the default) = this control is not credit-driven and receivers pull nothing.
   */
  default double creditPullRate() {
    return 0;
  }

  /**
   * Receiver-driven credit: the cumulative pull number to stamp on the data packet leaving now,
   * given the packets this flow still has to send after it; -1 = not credit-driven.
   */
  default long pullTarget(long pendingPackets) {
    return -1;
  }

  /** Receiver-driven credit: the receiver has granted {@code pullNo} pulls so far (a PULL, or echoed by an ACK). */
  default void onPull(long pullNo, long nowPs) {}

  /**
   * Receiver-driven credit: a sender without credit whose receiver does not know it still has
   * {@code pendingPackets} to send asks with a request-to-send; returns the pull target to carry,
   * or -1 for no request now.
   */
  default long requestTarget(long pendingPackets, long nowPs) {
    return -1;
  }
}
