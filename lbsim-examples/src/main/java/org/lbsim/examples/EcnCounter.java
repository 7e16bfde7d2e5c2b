package org.lbsim.examples;

import org.lbsim.net.Packet;
import org.lbsim.transport.CcReceiver;
import org.lbsim.transport.ControlChannel;

/**
 * The receiver part of {@code ecn-count} ({@link EcnCountWindow} is its sender): it counts the
 * data packets of its flow that arrive and those of them marked CE, and on every k-th arrival
 * sends the sender one control packet carrying both counts so far. DCTCP's receiver conveys the
 * same information with one ECN-Echo ACK per m packets (Alizadeh et al., "Data Center TCP",
 * SIGCOMM 2010, §3.1; RFC 8257 §3.2); the counts are cumulative, as AccECN's are (Briscoe,
 * Kühlewind, Scheffenegger, "More Accurate ECN Feedback in TCP", IETF), so that a lost control
 * packet's news arrives with the next one.
 *
 * <p>The design's word holds both counts, modulo 2^32 each: arrivals in the upper half, CE marks
 * in the lower ({@link #word}). Every arrival counts, resent and trimmed packets included.
 */
final class EcnCounter implements CcReceiver {
  private static final long LOW = 0xFFFF_FFFFL;

  private final int k;
  private long arrived;
  private long marked;

  /** One control packet per {@code k} data packets arrived. */
  EcnCounter(int k) {
    if (k < 1) {
      throw new IllegalArgumentException("k must be >= 1, got " + k);
    }
    this.k = k;
  }

  @Override
  public void onData(Packet data, ControlChannel toSender, long nowPs) {
    arrived++;
    if (data.ce) {
      marked++;
    }
    if (arrived % k == 0) {
      toSender.send(data, word(arrived, marked), nowPs);
    }
  }

  /** The word of a control packet reporting {@code arrived} data packets of which {@code marked} were CE-marked. */
  static long word(long arrived, long marked) {
    return (arrived & LOW) << 32 | (marked & LOW);
  }

  /** The arrivals a word reports, modulo 2^32. */
  static long arrived(long word) {
    return word >>> 32;
  }

  /** The CE-marked arrivals a word reports, modulo 2^32. */
  static long marked(long word) {
    return word & LOW;
  }

  /** {@code now - before} for two counts modulo 2^32, or -1 when {@code now} is older (a control packet overtaken). */
  static long since(long before, long now) {
    long d = (now - before) & LOW;
    return d > LOW >>> 1 ? -1 : d;
  }
}
