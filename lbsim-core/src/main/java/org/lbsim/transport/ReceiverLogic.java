package org.lbsim.transport;

import org.lbsim.net.Packet;

/**
 * The loss-recovery half of a receiver: what an arriving data packet means and what the reply
 * carries. The common half ({@link Receiver}) builds, addresses and sends the reply; each
 * recovery's receiver extends it and implements this, so that a flow's receiver is one object.
 */
interface ReceiverLogic {
  /** Returned by {@link #accept} when the packet gets no reply. */
  byte NO_REPLY = -1;

  /** Records the data packet; returns the reply type ({@link Packet#ACK} or {@link Packet#NACK}) or {@link #NO_REPLY}. */
  byte accept(Packet p);

  /** Sets the reply's recovery fields (sequence, cumulative ack, SACK bits, received bytes, trimmed). */
  void fill(Packet p, Packet reply);

  /**
   * Whether the data packet just {@link #accept accepted}, with an ACK as its reply, gets that ACK
   * now; asked only in a run whose receivers coalesce ACKs ({@code transport.ack_coalesce_bytes} >
   * 0, rules in {@link AckCoalescing}). A recovery that does not coalesce answers every packet.
   */
  default boolean acksAtOnce(Packet p) {
    return true;
  }

  /** The receiver holds everything it needs. */
  boolean complete();

  /** Data packets that arrived although the receiver already held them: spurious retransmissions. */
  long duplicates();
}
