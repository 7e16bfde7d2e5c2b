package org.lbsim.transport;

import org.lbsim.lb.PathPolicy;
import org.lbsim.net.Packet;

/**
 * Selective-repeat receiver (SACK, IRN): keeps every packet, tracks the cumulative ack (the next
 * sequence it lacks) and answers every packet with the cumulative ack plus a 64-packet bitmap
 * beyond it (bit i = packet {@code cum + 1 + i} held). A trimmed packet gets a NACK naming it.
 * With {@code nackOutOfOrder} (IRN) a packet that arrives beyond a hole is answered by a NACK
 * that carries the same SACK information, which is what starts IRN's loss recovery.
 */
final class SackReceiver extends Receiver {
  private final long[] held; // bitset over the message's packets
  private final long target;
  private final int payloadBytes;
  private final boolean nackOutOfOrder;
  private long cum;
  private long duplicates;

  SackReceiver(Transport transport, int flow, PathPolicy ackPath, long targetPackets, int payloadBytes,
      boolean nackOutOfOrder) {
    super(transport, flow, ackPath);
    this.target = targetPackets;
    this.payloadBytes = payloadBytes;
    this.nackOutOfOrder = nackOutOfOrder;
    this.held = new long[(int) ((targetPackets + 64) >>> 6) + 2];
  }

  /** The logic alone, outside a run: it answers packets but sends nothing. */
  SackReceiver(long targetPackets, int payloadBytes, boolean nackOutOfOrder) {
    this(null, -1, null, targetPackets, payloadBytes, nackOutOfOrder);
  }

  @Override
  public byte accept(Packet p) {
    if (p.trimmed) {
      return Packet.NACK;
    }
    long s = p.seq;
    if (s < cum || isHeld(s)) {
      duplicates++;
      return Packet.ACK;
    }
    held[(int) (s >>> 6)] |= 1L << s;
    if (s == cum) {
      while (cum < target && isHeld(cum)) {
        cum++;
      }
      return Packet.ACK;
    }
    return nackOutOfOrder ? Packet.NACK : Packet.ACK;
  }

  private boolean isHeld(long s) {
    return (held[(int) (s >>> 6)] & (1L << s)) != 0;
  }

  /** Bit i = packet cum + 1 + i held. */
  long window() {
    long from = cum + 1;
    int w = (int) (from >>> 6);
    int off = (int) (from & 63);
    long bits = held[w] >>> off;
    if (off != 0 && w + 1 < held.length) {
      bits |= held[w + 1] << (64 - off);
    }
    return bits;
  }

  @Override
  public void fill(Packet p, Packet reply) {
    reply.seq = p.seq;
    reply.extras().cumAck = cum;
    reply.extras().sackBits = window();
    reply.receivedBytes = cum * payloadBytes;
    reply.trimmed = p.trimmed;
  }

  @Override
  public boolean complete() {
    return cum >= target;
  }

  @Override
  public long duplicates() {
    return duplicates;
  }

  long cumulativeAck() {
    return cum;
  }
}
