package org.lbsim.transport;

import org.lbsim.net.Packet;

/**
 * The one way a congestion control's receiver part ({@link CcReceiver}) sends to its sender: a
 * control packet of the kind lbsim gives every design's receiver part, {@link Packet#CONTROL}.
 * It is header-only (an ACK's size) and travels as an ACK does: it leaves the receiving host on
 * the path the design's ACK path policy chooses (or echoing the data packet's entropy, as an ACK
 * does without one), is queued, forwarded and dropped like an ACK (a trimming port never trims
 * it), and is counted with the ACKs as well as in the run's {@code control_sent} and
 * {@code control_delivered}. The
 * sender hands it to its congestion control's {@link CongestionControl#onControl} while its flow
 * is unfinished.
 */
@FunctionalInterface
public interface ControlChannel {
  /**
   * Sends one control packet to the sender now ({@code nowPs}), answering data packet
   * {@code data} (the one {@link CcReceiver#onData} is handling: it is valid only during that
   * call), carrying {@code word} as its design word ({@link Packet#designWord()}).
   */
  void send(Packet data, long word, long nowPs);
}
