package org.lbsim.scenario;

import java.util.Map;

/**
 * The {@code transport.*} keys.
 *
 * @param rateCoef pacing rate as a fraction of the fair share
 * @param extraPackets erasure coding: packets sent beyond the message's own (k)
 * @param minRtoPs floor of the retransmission timeout
 * @param initialRtoPs retransmission timeout before the first RTT sample
 * @param rttFromSlot RTT samples start at the sender's slot, so time waiting for room in the host
 *     NIC counts as delay ({@code transport.rtt_from: slot}); otherwise when the packet enters the NIC
 * @param ackCoalesceBytes receivers answer once this many data bytes have arrived since their last
 *     ACK, or at once when a packet calls for it ({@code transport.ack_coalesce_bytes}); 0 = every packet
 */
public record TransportSection(double rateCoef, int extraPackets, long minRtoPs, long initialRtoPs,
    boolean rttFromSlot, int ackCoalesceBytes) {
  /** The largest {@code transport.ack_coalesce_bytes} (1 MiB). */
  public static final int MAX_ACK_COALESCE_BYTES = 1 << 20;


  /** Reads the section from the scenario's settings {@code v}; problems go to {@code r}. */
  static TransportSection read(ValueReader r, Map<String, String> v) {
    double rateCoef = r.number(v, "transport.rate_coef");
    if (!Double.isNaN(rateCoef) && !(rateCoef > 0 && rateCoef <= 1000)) {
      r.bad("transport.rate_coef", v.get("transport.rate_coef"), "a number > 0 and at most 1000");
    }
    int extra = r.intValue(v, "transport.extra_packets", 0);
    long minRto = r.microsToPs(v, "transport.min_rto_us", false);
    long initialRto = r.microsToPs(v, "transport.initial_rto_us", false);
    boolean fromSlot = "slot".equals(r.choice(v, "transport.rtt_from"));
    int coalesce = r.intValue(v, "transport.ack_coalesce_bytes", 0, MAX_ACK_COALESCE_BYTES);
    return new TransportSection(rateCoef, extra, minRto, initialRto, fromSlot, coalesce);
  }
}
