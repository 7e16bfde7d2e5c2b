package org.lbsim.transport;

import org.lbsim.lb.PathPolicy;
import org.lbsim.net.Packet;

/**
 * Erasure-coding receiver: every coded packet counts, whatever its sequence; it needs any
 * {@code neededBytes} of payload. A trimmed packet carries none and is answered by a NACK, which
 * tells the sender one coded packet must be replaced.
 */
final class CodedReceiver extends Receiver {
  private final long neededBytes;
  private long receivedBytes;

  CodedReceiver(Transport transport, int flow, PathPolicy ackPath, long neededBytes) {
    super(transport, flow, ackPath);
    this.neededBytes = neededBytes;
  }

  /** The logic alone, outside a run: it answers packets but sends nothing. */
  CodedReceiver(long neededBytes) {
    this(null, -1, null, neededBytes);
  }

  @Override
  public byte accept(Packet p) {
    if (p.trimmed) {
      return Packet.NACK;
    }
    receivedBytes += p.payloadBytes;
    return Packet.ACK;
  }

  @Override
  public void fill(Packet p, Packet reply) {
    reply.seq = p.seq;
    reply.receivedBytes = receivedBytes;
    reply.trimmed = p.trimmed;
  }

  /** Payload bytes received so far. */
  long receivedBytes() {
    return receivedBytes;
  }

  @Override
  public boolean complete() {
    return receivedBytes >= neededBytes;
  }

  @Override
  public long duplicates() {
    return 0; // every coded packet is new
  }
}
