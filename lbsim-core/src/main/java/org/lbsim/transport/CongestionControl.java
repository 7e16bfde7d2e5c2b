package org.lbsim.transport;

import org.lbsim.net.Packet;

/**
 * Decides how fast a sender may send: a pacing gap between slots (rate-based control) and a
 * window on the packets in flight (window-based control). The sender tells it what happens to
 * its packets; each algorithm overrides what it needs (see {@code org.lbsim.transport.cc}). What
 * only one family of algorithms has is a role of its own, which the sender calls where the packet
 * type says so: {@link CnpReactor} (congestion notifications) and {@link PullCredited} (receiver
 * credit, with a {@link PullCredit} at the receiver). A control whose design has a receiver part
 * of its own ({@link CcReceiver}) hears from it in {@link #onControl}, and may write the design's
 * word on its data packets in {@link #stamp}.
 *
 * <p>A window-limited sender stops ticking and is woken by the next ACK, NACK, CNP, PULL, control
 * packet, loss or timeout, so a blocked flow costs no events.
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

  /**
   * Whether a window on the packets in flight gates this control's sending (a window-based
   * control): its resend after a retransmission timeout then leaves at once, as TCP's and
   * htsim's window senders' do, rather than at the next pacing slot, which may lie far off for a
   * window below one packet. A rate-based control (a rate limiter paces every packet, resends
   * included) says false.
   */
  default boolean windowBased() {
    return false;
  }

  /** Whether another data packet may leave with {@code inFlight} packets unacknowledged. */
  default boolean mayTransmit(long inFlight) {
    return true;
  }

  /** A data packet of {@code bytes} on the wire left now (byte counters, per-window bookkeeping). */
  default void onSent(long seq, int bytes, long nowPs) {}

  /**
   * Data packet {@code data}, its path chosen, leaves now (after {@link #onSent}): a control
   * whose receiver part ({@link CcReceiver}) reads a word of the sender's writes it here with
   * {@link Packet#setDesignWord}. Nothing else of the packet is the control's to change.
   */
  default void stamp(Packet data, long nowPs) {}

  /**
   * A control packet ({@link Packet#CONTROL}) that this flow's receiver part ({@link CcReceiver})
   * sent reached the sender, its flow unfinished; what the part reports is in its design word
   * ({@link Packet#designWord()}). The packet is released after this returns.
   */
  default void onControl(Packet control, long nowPs) {}

  /**
   * Feedback from one ACK (each ACK answers one data packet); {@code ecn} = the data packet was
   * CE-marked, {@code rttPs} its round-trip sample. The ACK carries the data packet's INT record.
   */
  default void onAck(Packet ack, boolean ecn, long rttPs, long nowPs) {}

  /**
   * Feedback from one ACK of a receiver that coalesces ACKs ({@code transport.ack_coalesce_bytes}):
   * it newly acknowledges {@code packets} data packets (0 or more), and its CE mark, RTT sample and
   * INT record are those of the data packet that triggered it. A control that counts packets
   * credits each of them, as uet-htsim's senders credit an ACK's newly received bytes
   * ({@code UecSrc::processAck}); the default takes it as one ACK of one packet.
   */
  default void onCoalescedAck(Packet ack, boolean ecn, long rttPs, long packets, long nowPs) {
    onAck(ack, ecn, rttPs, nowPs);
  }

  /** A NACK (a trimmed or out-of-order packet); {@code rttPs} is its round-trip sample. */
  default void onNack(Packet nack, boolean ecn, long rttPs, long nowPs) {}

  /** The loss recovery declared {@code packets} lost from ACK information (fast retransmit). */
  default void onLoss(long packets, long nowPs) {}

  /** The retransmission timer expired. */
  default void onTimeout(long nowPs) {}
}
