package org.lbsim.transport;

/**
 * What the sender of a flow that did not finish was doing when the run stopped (read once, at
 * the end of the run, to say why the flow did not finish).
 *
 * @param waiting what it waited for
 * @param atPs when that comes, for {@link Waiting#TIMEOUT} and {@link Waiting#LOSS_TIMEOUT}; -1 otherwise
 * @param unacknowledged data packets sent and not acknowledged (lost ones included)
 * @param toSend data packets it still had to send or resend
 */
public record SenderEnd(Waiting waiting, long atPs, long unacknowledged, long toSend) {

  /** What an unfinished sender waits for. */
  public enum Waiting {
    /** Its first pacing slot had not come (its start time lies beyond the end of the run). */
    START,
    /** It paces packets out; {@link #toSend} are left. */
    SENDING,
    /** Its congestion control lets no packet leave (window or credit) until feedback arrives. */
    WINDOW,
    /** Its host NIC holds a full packet besides the one it serializes. */
    NIC,
    /** Nothing to send until its retransmission timer expires at {@link #atPs}. */
    TIMEOUT,
    /** Nothing to send until its oldest unacknowledged coded packet counts as lost at {@link #atPs}. */
    LOSS_TIMEOUT,
    /** Nothing to send until an ACK arrives. */
    ACKS
  }
}
