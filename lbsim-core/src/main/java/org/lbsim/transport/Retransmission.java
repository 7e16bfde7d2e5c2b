package org.lbsim.transport;

import org.lbsim.lb.PathPolicy;

/**
 * What the recoveries that resend lost packets themselves — selective repeat (SACK, IRN), SACK
 * with duplicate ACKs, go-back-N — have in common: the sender's RTT estimate for their timer, the
 * path policy they tell about losses, and the counts a run reports. Each keeps its own window,
 * target and cumulative ACK, whose width differs.
 */
abstract sealed class Retransmission implements LossRecovery permits SelectiveRepeat, DupAckRecovery, GoBackN {
  final RttView rtt;
  PathPolicy path;
  long lost;
  long retransmissions;
  long timeouts;
  boolean exempt; // the next packet to send leaves whatever the window (see exemptFromWindow)

  Retransmission(RttView rtt) {
    this.rtt = rtt;
  }

  @Override
  public final void setPathPolicy(PathPolicy path) {
    this.path = path;
  }

  /** Every one of them resends on a retransmission timeout. */
  @Override
  public final boolean usesTimer() {
    return true;
  }

  /** What they send next changes only with ACKs, NACKs and timeouts, never with time alone. */
  @Override
  public final long nextSendPs(long nowPs) {
    return hasPacketToSend() ? nowPs : Long.MAX_VALUE;
  }

  /** Whether {@link #nextToSend} would return a packet now (asked without changing anything). */
  abstract boolean hasPacketToSend();

  /** Set by a timeout (and by the resends a recovery exempts); the next send clears it. */
  @Override
  public final boolean exemptFromWindow() {
    return exempt && hasPacketToSend();
  }

  @Override
  public final long packetsDeclaredLost() {
    return lost;
  }

  /** Every resent packet is one more than the message needs. */
  @Override
  public final long extraPacketsSent() {
    return retransmissions;
  }

  @Override
  public final long retransmissions() {
    return retransmissions;
  }

  @Override
  public final long timeouts() {
    return timeouts;
  }
}
