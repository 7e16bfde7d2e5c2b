package org.lbsim.transport;

import org.lbsim.lb.PathPolicy;
import org.lbsim.net.Packet;

/**
 * Ideal rateless erasure coding: every packet is a fresh coded symbol of one payload, so the
 * receiver needs any {@code target} of them ({@code target} = the message's packets + k extra)
 * and nothing is ever retransmitted as such. The sender keeps sending while it expects fewer
 * than {@code target} to arrive.
 *
 * <p>Two ways to decide that a packet is lost, each its own class so that a flow carries only
 * the fields of its own: {@link TimedErasureCoding} (the default, physically sound: a packet
 * unacknowledged one RTO after it was sent) and {@link ReferenceErasureCoding} (the study's
 * simulator). This class holds what both count.
 */
public abstract sealed class ErasureCoding implements LossRecovery permits TimedErasureCoding, ReferenceErasureCoding {
  final long target;
  final int payloadBytes;
  final RttView rtt;
  PathPolicy path;

  long sent;
  long ackedPackets; // max receiver count echoed by an ACK

  ErasureCoding(long targetPackets, int payloadBytes, RttView rtt) {
    this.target = targetPackets;
    this.payloadBytes = payloadBytes;
    this.rtt = rtt;
  }

  /** The study's erasure sender ({@code referenceMode}) or the default one with per-packet timeouts. */
  public static ErasureCoding create(long targetPackets, int payloadBytes, boolean referenceMode, RttView rtt) {
    return referenceMode ? new ReferenceErasureCoding(targetPackets, payloadBytes, rtt)
        : new TimedErasureCoding(targetPackets, payloadBytes, rtt);
  }

  @Override
  public void setPathPolicy(PathPolicy path) {
    this.path = path;
  }

  /** Takes the receiver's count of coded packets from an ACK or NACK. */
  final void noteReceived(Packet reply) {
    long count = reply.receivedBytes / payloadBytes;
    if (count > ackedPackets) {
      ackedPackets = count;
    }
  }

  @Override
  public final boolean complete() {
    return ackedPackets >= target;
  }

  /** Packets declared lost so far: each one is replaced by a fresh coded packet. */
  @Override
  public abstract long packetsDeclaredLost();

  /** Coded packets sent beyond the receiver's count of those it got. */
  @Override
  public final long unacknowledged() {
    return Math.max(0, sent - ackedPackets);
  }

  @Override
  public final long extraPacketsSent() {
    return Math.max(0, sent - target);
  }

  public final long sent() {
    return sent;
  }

  @Override
  public final long targetPackets() {
    return target;
  }
}
