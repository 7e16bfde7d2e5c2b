package org.lbsim.transport;

/**
 * A congestion control driven by receiver credit (EQDS's sender half). Its flow's receiver gets a
 * {@link PullCredit}: the receiving host's {@link PullPacer} grants the flow one data packet per
 * PULL at {@link #creditPullRate()} of the host link. The sender stamps every data packet with
 * {@link #pullTarget}, hands every PULL (and the grant count every ACK and NACK echoes) to
 * {@link #onPull}, and asks with a request to send when {@link #requestTarget} says so.
 */
public interface PullCredited extends CongestionControl {
  /** The fraction of the receiver's link rate, in (0, 1], at which its pacer grants pulls. */
  double creditPullRate();

  /**
   * The cumulative pull number to stamp on the data packet leaving now, given the packets this
   * flow still has to send after it.
   */
  long pullTarget(long pendingPackets);

  /** The receiver has granted {@code pullNo} pulls so far (a PULL, or echoed by an ACK or NACK). */
  void onPull(long pullNo, long nowPs);

  /**
   * A sender without credit whose receiver does not know it still has {@code pendingPackets} to
   * send asks with a request to send; returns the pull target to carry, or -1 for no request now.
   */
  long requestTarget(long pendingPackets, long nowPs);

  /**
   * Pulls beyond its demand that a receiver with no one else to pull grants this flow once it has
   * met that demand (receiver-side speculation, htsim's idle senders: {@code
   * EqdsPullPacer::doNextEvent}); 0 for none.
   */
  long idlePulls();
}
