package org.lbsim.transport;

import org.lbsim.net.Packet;

/**
 * Erasure coding as the study's simulator does it: "lost" is the number of packets overtaken by
 * a later acknowledged one; when {@code sent - lost} reaches the target the sender pauses once
 * for one smoothed RTT, then sends one more packet per slot until complete.
 */
final class ReferenceErasureCoding extends ErasureCoding {
  private long highestAckedSeq = -1;
  private long finalPausePs = -1;

  ReferenceErasureCoding(long targetPackets, int payloadBytes, RttView rtt) {
    super(targetPackets, payloadBytes, rtt);
  }

  @Override
  public long nextToSend(long nowPs) {
    if (complete()) {
      return -1;
    }
    if (sent - packetsDeclaredLost() >= target) {
      if (finalPausePs < 0) {
        finalPausePs = nowPs; // pause once, never reset
        return -1;
      }
      return nowPs - finalPausePs > rtt.srttPs() ? sent : -1;
    }
    return sent;
  }

  /** Only its final pause leaves slots empty: it ends one picosecond after one SRTT. */
  @Override
  public long nextSendPs(long nowPs) {
    if (complete()) {
      return Long.MAX_VALUE;
    }
    if (sent - packetsDeclaredLost() < target || finalPausePs < 0) {
      return nowPs;
    }
    return Math.max(nowPs, finalPausePs + rtt.srttPs() + 1);
  }

  @Override
  public void onSent(long seq, int entropy, long nowPs) {
    sent = seq + 1;
  }

  @Override
  public void onAck(Packet ack, long nowPs) {
    noteReceived(ack);
    if (ack.seq > highestAckedSeq) {
      highestAckedSeq = ack.seq;
    }
  }

  /** A trimmed packet: one coded packet fewer reached the receiver, so one more must be sent. */
  @Override
  public void onNack(Packet nack, long nowPs) {
    path.onNack(nack.entropy, nowPs);
    noteReceived(nack);
    if (nack.seq > highestAckedSeq) {
      highestAckedSeq = nack.seq;
    }
  }

  @Override
  public long inFlight(long nowPs) {
    return Math.max(0, sent - ackedPackets - packetsDeclaredLost());
  }

  /**
   * The packets overtaken by a later acknowledged one. Computed from the two counts it depends
   * on, which change only together with it, rather than stored: 8 bytes fewer per flow.
   */
  @Override
  public long packetsDeclaredLost() {
    return Math.max(0, highestAckedSeq + 1 - ackedPackets);
  }
}
