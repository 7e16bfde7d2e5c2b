package org.lbsim.transport;

import org.lbsim.design.Params;
import org.lbsim.engine.Simulator;

/**
 * IRN's settings for one run, bound once from its design's parameters ({@code irn.*}).
 *
 * @param bdpCap most packets in flight; -1 = the path's bandwidth-delay product in packets
 * @param rtoLowPs timeout while at most {@code lowPackets} are in flight; -1 = {@link
 *     #RTO_LOW_PS} scaled by the fabric's base RTT over {@link #PAPER_RTT_PS}
 * @param rtoHighPs timeout otherwise; -1 = {@link #RTO_HIGH_PS}, scaled the same way
 * @param lowPackets the in-flight count up to which RTO_low applies
 */
public record IrnSettings(long bdpCap, long rtoLowPs, long rtoHighPs, int lowPackets) {

  /** IRN's published timeouts (Mittal et al., SIGCOMM 2018): RTO_low = 100 us, RTO_high = 320 us, N = 3. */
  public static final long RTO_LOW_PS = 100_000_000L;
  public static final long RTO_HIGH_PS = 320_000_000L;
  /**
   * The base RTT those timeouts were chosen for: the paper's 40 Gb/s fat tree, whose
   * bandwidth-delay product cap of about 110 packets of 1 KB implies an unloaded RTT of about
   * 22 us (our reading of the paper's setup). Faster fabrics scale both timeouts by their own
   * base RTT over this one, so RTO_low stays about 4.5 RTTs and RTO_high about 14.5.
   */
  public static final long PAPER_RTT_PS = 22_000_000L;

  /** The settings {@code values} of IRN's parameters give (auto = -1; timeouts in microseconds, to ps). */
  public static IrnSettings bind(Params values) {
    return new IrnSettings(values.integerOr("bdp_cap", -1), timeoutPs(values.number("rto_low_us")),
        timeoutPs(values.number("rto_high_us")), values.integer("low_packets"));
  }

  /** A timeout of {@code micros} microseconds in picoseconds; -1 for auto (NaN). */
  public static long timeoutPs(double micros) {
    return Double.isNaN(micros) ? -1 : Math.round(micros * Simulator.PS_PER_US);
  }

  /** IRN's timeout for a fabric whose longest unloaded RTT is {@code baseRttPs}: the paper's value, scaled. */
  public static long scaledRtoPs(long paperPs, long baseRttPs) {
    return Math.max(1, Math.round((double) paperPs * baseRttPs / PAPER_RTT_PS));
  }

  /** RTO_low in effect on a fabric with base RTT {@code baseRttPs}. */
  public long rtoLowPs(long baseRttPs) {
    return rtoLowPs >= 0 ? rtoLowPs : scaledRtoPs(RTO_LOW_PS, baseRttPs);
  }

  /** RTO_high in effect on a fabric with base RTT {@code baseRttPs}. */
  public long rtoHighPs(long baseRttPs) {
    return rtoHighPs >= 0 ? rtoHighPs : scaledRtoPs(RTO_HIGH_PS, baseRttPs);
  }
}
