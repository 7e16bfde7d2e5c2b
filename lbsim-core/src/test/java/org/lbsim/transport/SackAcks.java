package org.lbsim.transport;

import org.lbsim.lb.PathPolicy;
import org.lbsim.net.Packet;

/** Test helpers for loss-recovery rules: hand-built SACK ACKs and a path policy that ignores feedback. */
final class SackAcks {
  static final PathPolicy NO_PATH = (p, now) -> {};

  private SackAcks() {}

  /** An ACK for data packet {@code seq}: cumulative ack = lowest missing, bit i = packet cum + 1 + i held. */
  static Packet ack(long seq, long cum, long bits) {
    Packet a = new Packet();
    a.type = Packet.ACK;
    a.seq = seq;
    a.extras().cumAck = cum;
    a.extras().sackBits = bits;
    return a;
  }
}
