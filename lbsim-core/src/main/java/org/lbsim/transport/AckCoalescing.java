package org.lbsim.transport;

import org.lbsim.net.Packet;

/**
 * When a SACK receiver that coalesces ACKs ({@code transport.ack_coalesce_bytes}) answers, by
 * uet-htsim's rules ({@code UecSink::processData}, {@code EqdsSink::processData}): once that many
 * bytes of data have arrived since its last ACK, and at once for a duplicate, a CE-marked packet,
 * the flow's first packet, a packet whose sender asked ({@link Packet#ackRequested()}), and the
 * packet that fills the last hole below such a request. Its receiver tells it which packets were
 * duplicates and how many it holds beyond its cumulative ack. Made only for a run that coalesces,
 * so a receiver that answers every packet carries one null reference.
 */
final class AckCoalescing {
  private final int thresholdBytes;
  private int unackedBytes;
  private int heldAbove; // packets held beyond the cumulative ack
  private boolean lastDuplicate;
  private boolean acceptedAny;
  private boolean ackRequested; // a request answered while holes lay below it: answered again once they fill

  AckCoalescing(int thresholdBytes) {
    if (thresholdBytes <= 0) {
      throw new IllegalArgumentException("ACK coalescing needs a positive byte threshold, got " + thresholdBytes);
    }
    this.thresholdBytes = thresholdBytes;
  }

  /** The packet just accepted was held already (or lay below the cumulative ack). */
  void duplicate() {
    lastDuplicate = true;
  }

  /** The packet just accepted is new; {@code heldAboveNow} = packets held beyond the cumulative ack after it. */
  void accepted(int heldAboveNow) {
    lastDuplicate = false;
    heldAbove = heldAboveNow;
  }

  int heldAbove() {
    return heldAbove;
  }

  /** Whether the data packet just accepted gets its ACK now; an ACK sent restarts the byte count. */
  boolean acksNow(Packet p) {
    if (lastDuplicate) {
      unackedBytes = 0; // a sender sending what the receiver holds learns it at once
      return true;
    }
    boolean now = p.ce || !acceptedAny;
    acceptedAny = true;
    if (p.ackRequested()) {
      now = true;
      ackRequested = true;
    }
    if (ackRequested && heldAbove == 0) {
      now = true;
      ackRequested = false;
    }
    unackedBytes += p.sizeBytes;
    if (now || unackedBytes >= thresholdBytes) {
      unackedBytes = 0;
      return true;
    }
    return false;
  }
}
