package org.lbsim.transport;

import org.lbsim.lb.PathPolicy;
import org.lbsim.net.Packet;

/**
 * Selective-repeat receiver (SACK, IRN): keeps every packet, tracks the cumulative ack (the next
 * sequence it lacks) and answers every packet with the cumulative ack plus a 64-packet bitmap
 * beyond it (bit i = packet {@code cum + 1 + i} held). A trimmed packet gets a NACK naming it.
 * With {@code nackOutOfOrder} (IRN) a packet that arrives beyond a hole is answered by a NACK
 * that carries the same SACK information, which is what starts IRN's loss recovery.
 *
 * <p>A receiver that coalesces ACKs ({@link AckCoalescing}) answers some packets with none; the
 * next ACK's cumulative ack and bitmap cover them. The study simulator's receiver ({@link
 * #study}) answers with the bitmap it keeps instead ({@link StudySackRegister}).
 */
final class SackReceiver extends Receiver {
  private final long[] held; // bitset over the message's packets
  private final int target; // its senders refuse messages of more than Integer.MAX_VALUE - 64 packets
  private final int payloadBytes;
  private final boolean nackOutOfOrder;
  private final AckCoalescing coalescing; // null: every packet is answered
  private final StudySackRegister study; // null: ACKs carry the packets held
  private long cum;
  private long duplicates;

  SackReceiver(Transport transport, int flow, PathPolicy ackPath, long targetPackets, int payloadBytes,
      boolean nackOutOfOrder) {
    this(transport, flow, ackPath, targetPackets, payloadBytes, nackOutOfOrder,
        transport == null ? 0 : transport.settings().ackCoalesceBytes(), null);
  }

  private SackReceiver(Transport transport, int flow, PathPolicy ackPath, long targetPackets, int payloadBytes,
      boolean nackOutOfOrder, int coalesceBytes, StudySackRegister study) {
    super(transport, flow, ackPath);
    if (targetPackets > Integer.MAX_VALUE - 64) {
      throw new IllegalArgumentException("message too long for SACK: " + targetPackets + " packets");
    }
    this.target = (int) targetPackets;
    this.payloadBytes = payloadBytes;
    this.nackOutOfOrder = nackOutOfOrder;
    this.held = new long[(int) ((targetPackets + 64) >>> 6) + 2];
    this.coalescing = coalesceBytes > 0 ? new AckCoalescing(coalesceBytes) : null;
    this.study = study;
  }

  /** The study simulator's SACK receiver: its ACKs carry the bitmap it keeps ({@link StudySackRegister}). */
  static SackReceiver study(Transport transport, int flow, PathPolicy ackPath, long targetPackets, int payloadBytes) {
    return new SackReceiver(transport, flow, ackPath, targetPackets, payloadBytes, false,
        transport == null ? 0 : transport.settings().ackCoalesceBytes(), new StudySackRegister());
  }

  /** The logic alone, outside a run: it answers packets but sends nothing. */
  SackReceiver(long targetPackets, int payloadBytes, boolean nackOutOfOrder) {
    this(null, -1, null, targetPackets, payloadBytes, nackOutOfOrder, 0, null);
  }

  /** The logic alone, coalescing its ACKs once {@code coalesceBytes} have arrived. */
  static SackReceiver coalescing(long targetPackets, int payloadBytes, int coalesceBytes) {
    return new SackReceiver(null, -1, null, targetPackets, payloadBytes, false, coalesceBytes, null);
  }

  @Override
  public byte accept(Packet p) {
    if (p.trimmed) {
      return Packet.NACK;
    }
    long s = p.seq;
    AckCoalescing c = coalescing;
    StudySackRegister r = study;
    if (s < cum || isHeld(s)) {
      duplicates++;
      if (r != null && s > cum) {
        r.arrivedBeyond(s - cum);
      }
      if (c != null) {
        c.duplicate();
      }
      return Packet.ACK;
    }
    held[(int) (s >>> 6)] |= 1L << s;
    if (s == cum) {
      long from = cum;
      while (cum < target && isHeld(cum)) {
        cum++;
      }
      if (r != null) {
        r.advanced(cum - from);
      }
      if (c != null) {
        c.accepted(c.heldAbove() - (int) (cum - from - 1));
      }
      return Packet.ACK;
    }
    if (r != null) {
      r.arrivedBeyond(s - cum);
    }
    if (c != null) {
      c.accepted(c.heldAbove() + 1);
    }
    return nackOutOfOrder ? Packet.NACK : Packet.ACK;
  }

  @Override
  public boolean acksAtOnce(Packet p) {
    return coalescing == null || coalescing.acksNow(p);
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
    reply.extras().sackBits = study != null ? study.sackBits() : window();
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
