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

  /**
   * The earliest time, at or after {@code nowPs}, at which {@link #nextToSend} may return a packet
   * if no ACK, NACK or timeout comes first: {@code nowPs} when it may now (the default: the
   * sender then ticks through every slot), {@link Long#MAX_VALUE} when only feedback or the
   * retransmission timer can give it one. Changes nothing that {@link #nextToSend} would not. A
   * sender with nothing to send sleeps until then instead of ticking through empty slots.
   */
  default long nextSendPs(long nowPs) {
    return nowPs;
  }

  /**
   * Whether the sequence {@link #nextToSend} last returned is a resend from this recovery's queue
   * of lost packets rather than its send point; the sender then places it with {@link
   * PathPolicy#chooseResend}. False by default: only the study simulator's SACK sender
   * ({@code sack.trigger: dupacks} or {@code newreno}) tells its queued resends apart.
   */
  default boolean sendingQueuedResend() {
    return false;
  }

  /** The packet with {@code seq} left with this path entropy. */
  void onSent(long seq, int entropy, long nowPs);

  void onAck(Packet ack, long nowPs);

  /** A NACK: by default the same information as an ACK (recoveries that care look at its fields). */
  default void onNack(Packet nack, long nowPs) {
    onAck(nack, nowPs);
  }

  /** Packets this recovery must get across: the message's, plus erasure coding's extra ones. */
  long targetPackets();

  /**
   * When the sender's retransmission timer must fire, or -1 when nothing is outstanding. The
   * sender keeps at most one timer event and re-reads this when it fires, so moving the
   * deadline costs nothing.
   */
  default long timerDeadlinePs() {
    return -1;
  }

  /**
   * Whether {@link #timerDeadlinePs()} can ever be other than -1: the sender then makes room for
   * a timer next to its other state when the flow is set up (a recovery that says false and
   * still sets a deadline works, with its timer state elsewhere in memory).
   */
  default boolean usesTimer() {
    return false;
  }

  /** The retransmission timer expired at {@code nowPs} (at or after {@link #timerDeadlinePs()}). */
  default void onTimeout(long nowPs) {}

  /**
   * Whether the packet {@link #nextToSend} would return now leaves whatever the congestion
   * window: the first outstanding packet after a retransmission timeout (RFC 6298 §5.4, RFC
   * 5681's loss window of one segment) and, where a recovery says so, the first resend of a fast
   * recovery (RFC 5681 §3.2 step 3, RFC 6675 §5 step 4.3) or of a partial ACK (RFC 6582 §3.2
   * step 3). The sender asks only when the window is closed.
   */
  default boolean exemptFromWindow() {
    return false;
  }

  /**
   * Whether this recovery, with no further feedback, declares its packets in flight lost once
   * they are late (erasure coding's per-packet loss timeouts), so that a closed window reopens
   * without an ACK or a retransmission timer.
   */
  default boolean settlesLossesByTime() {
    return false;
  }

  /** Data packets sent again (a sequence that had been sent before). */
  default long retransmissions() {
    return 0;
  }

  /** Retransmission timeouts that expired. */
  default long timeouts() {
    return 0;
  }

  /**
   * Data packets sent and neither acknowledged nor declared lost, as a window-based congestion
   * control counts them. May settle overdue losses first (erasure coding finds them by time).
   */
  long inFlight(long nowPs);

  /** Data packets sent that the receiver has not acknowledged (lost ones included), as far as the sender knows. */
  long unacknowledged();

  /** The sender has learned that the receiver holds everything it needs. */
  boolean complete();

  /** Data packets that were unacknowledged when the sender considered them lost. */
  long packetsDeclaredLost();

  /** Data packets sent beyond what the receiver needs (repairs of losses). */
  long extraPacketsSent();
}
