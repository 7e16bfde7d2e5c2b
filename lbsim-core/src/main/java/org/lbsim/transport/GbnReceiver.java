package org.lbsim.transport;

import org.lbsim.lb.PathPolicy;
import org.lbsim.net.Packet;

/**
 * RoCE go-back-N receiver: accepts only the expected sequence and discards anything beyond it.
 * The first packet that reveals a hole (an out-of-order or trimmed one) gets a NACK carrying the
 * expected sequence; later packets of the same hole get no reply, so the sender goes back once
 * per hole. An old sequence is a duplicate: its retransmission was spurious.
 */
final class GbnReceiver extends Receiver {
  private final long target;
  private final int payloadBytes;
  private long expected;
  private long nackedAt = -1;
  private long duplicates;

  GbnReceiver(Transport transport, int flow, PathPolicy ackPath, long targetPackets, int payloadBytes) {
    super(transport, flow, ackPath);
    this.target = targetPackets;
    this.payloadBytes = payloadBytes;
  }

  /** The logic alone, outside a run: it answers packets but sends nothing. */
  GbnReceiver(long targetPackets, int payloadBytes) {
    this(null, -1, null, targetPackets, payloadBytes);
  }

  @Override
  public byte accept(Packet p) {
    if (p.seq < expected) {
      duplicates++;
      return Packet.ACK;
    }
    if (p.seq == expected && !p.trimmed) {
      expected++;
      return Packet.ACK;
    }
    if (nackedAt != expected) {
      nackedAt = expected;
      return Packet.NACK;
    }
    return NO_REPLY;
  }

  @Override
  public void fill(Packet p, Packet reply) {
    reply.seq = p.seq;
    reply.extras().cumAck = expected;
    reply.receivedBytes = expected * payloadBytes;
    reply.trimmed = p.trimmed;
  }

  @Override
  public boolean complete() {
    return expected >= target;
  }

  @Override
  public long duplicates() {
    return duplicates;
  }
}
