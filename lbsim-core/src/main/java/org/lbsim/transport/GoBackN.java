package org.lbsim.transport;

import org.lbsim.net.Packet;

/**
 * RoCE go-back-N sender: sends in sequence; a NACK (the receiver saw a hole) or a timeout sends
 * it back to the receiver's cumulative ack, and everything from there is sent again. The timer
 * runs from the last new cumulative ack with the {@link RttView}'s RTO, doubled per expiry
 * until the next new cumulative ack.
 */
final class GoBackN extends Retransmission {
  private final long target;
  private long cum;
  private long next;
  private long highestSent = -1;
  private long lastProgressPs;
  private int backoff;
  private int lastEntropy;

  GoBackN(long targetPackets, RttView rtt) {
    super(rtt);
    this.target = targetPackets;
  }

  @Override
  public long nextToSend(long nowPs) {
    return complete() || next >= target ? -1 : next;
  }

  @Override
  public long unacknowledged() {
    return Math.max(0, highestSent + 1 - cum);
  }

  @Override
  boolean hasPacketToSend() {
    return !complete() && next < target;
  }

  @Override
  public void onSent(long seq, int entropy, long nowPs) {
    exempt = false;
    if (highestSent < cum) {
      lastProgressPs = nowPs; // first outstanding packet starts the timer
    }
    if (seq <= highestSent) {
      retransmissions++;
    } else {
      highestSent = seq;
    }
    next = seq + 1;
    lastEntropy = entropy;
  }

  @Override
  public void onAck(Packet ack, long nowPs) {
    if (ack.cumAck() > cum) {
      cum = Math.min(ack.cumAck(), target);
      lastProgressPs = nowPs;
      backoff = 0;
      if (next < cum) {
        next = cum;
      }
    }
  }

  /** The receiver found a hole at its cumulative ack: go back to it (once per hole, the receiver sees to that). */
  @Override
  public void onNack(Packet nack, long nowPs) {
    if (nack.returned()) { // a switch returned this sequence's header: resend from it
      if (nack.seq >= cum && nack.seq < next) {
        lost += next - nack.seq;
        next = nack.seq;
        path.onNack(nack.entropy, nowPs);
      }
      return;
    }
    onAck(nack, nowPs);
    if (nack.cumAck() == cum && next > cum) {
      lost += next - cum;
      next = cum;
      if (nack.trimmed) {
        path.onNack(nack.entropy, nowPs);
      }
    }
  }

  @Override
  public long targetPackets() {
    return target;
  }

  @Override
  public long timerDeadlinePs() {
    return complete() || highestSent < cum ? -1 : lastProgressPs + (rtt.rtoPs() << backoff);
  }

  @Override
  public void onTimeout(long nowPs) {
    timeouts++;
    exempt = true;
    if (backoff < SelectiveRepeat.MAX_BACKOFF) {
      backoff++;
    }
    lastProgressPs = nowPs;
    lost += next - cum;
    next = cum;
    path.onTimeout(lastEntropy, nowPs);
  }

  @Override
  public long inFlight(long nowPs) {
    return Math.max(0, next - cum); // a go-back counts everything beyond the cumulative ack lost
  }

  @Override
  public boolean complete() {
    return cum >= target;
  }

  long nextSequence() {
    return next;
  }
}
