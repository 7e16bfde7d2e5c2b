package org.lbsim.transport;

/**
 * Which loss recovery the senders and receivers run, and its parameters.
 *
 * @param kind erasure, sack, gbn or irn
 * @param sackThreshold SACK: a hole is lost once the highest SACKed sequence is more than this many packets beyond it
 * @param fastRetransmit SACK: declare holes lost from SACKs at all (false: only timeouts and NACKs recover)
 * @param irnBdpCap IRN: most packets in flight; -1 = the path's bandwidth-delay product in packets
 * @param irnRtoLowPs IRN: timeout while at most {@code irnLowPackets} are in flight; -1 = {@link
 *     #IRN_RTO_LOW_PS} scaled by the fabric's base RTT over {@link #IRN_PAPER_RTT_PS}
 * @param irnRtoHighPs IRN: timeout otherwise; -1 = {@link #IRN_RTO_HIGH_PS}, scaled the same way
 * @param irnLowPackets IRN: the in-flight count up to which RTO_low applies
 */
public record RecoveryParams(String kind, int sackThreshold, boolean fastRetransmit, long irnBdpCap,
    long irnRtoLowPs, long irnRtoHighPs, int irnLowPackets) {

  /** IRN's published timeouts (Mittal et al., SIGCOMM 2018): RTO_low = 100 us, RTO_high = 320 us, N = 3. */
  public static final long IRN_RTO_LOW_PS = 100_000_000L;
  public static final long IRN_RTO_HIGH_PS = 320_000_000L;
  /**
   * The base RTT those timeouts were chosen for: the paper's 40 Gb/s fat tree, whose
   * bandwidth-delay product cap of about 110 packets of 1 KB implies an unloaded RTT of about
   * 22 us (our reading of the paper's setup). Faster fabrics scale both timeouts by their own
   * base RTT over this one, so RTO_low stays about 4.5 RTTs and RTO_high about 14.5.
   */
  public static final long IRN_PAPER_RTT_PS = 22_000_000L;

  /** Ideal erasure coding (the other parameters are unused). */
  public static RecoveryParams erasure() {
    return new RecoveryParams("erasure", 3, true, -1, -1, -1, 3);
  }

  /** IRN's timeout for a fabric whose longest unloaded RTT is {@code baseRttPs}: the paper's value, scaled. */
  public static long scaledIrnRtoPs(long paperPs, long baseRttPs) {
    return Math.max(1, Math.round((double) paperPs * baseRttPs / IRN_PAPER_RTT_PS));
  }

  /** RTO_low in effect on a fabric with base RTT {@code baseRttPs}. */
  public long irnRtoLowPs(long baseRttPs) {
    return irnRtoLowPs >= 0 ? irnRtoLowPs : scaledIrnRtoPs(IRN_RTO_LOW_PS, baseRttPs);
  }

  /** RTO_high in effect on a fabric with base RTT {@code baseRttPs}. */
  public long irnRtoHighPs(long baseRttPs) {
    return irnRtoHighPs >= 0 ? irnRtoHighPs : scaledIrnRtoPs(IRN_RTO_HIGH_PS, baseRttPs);
  }

  public RecoveryParams {
    if (!kind.equals("erasure") && !kind.equals("sack") && !kind.equals("gbn") && !kind.equals("irn")) {
      throw new IllegalArgumentException("unknown loss recovery '" + kind + "' (allowed: erasure, sack, gbn, irn)");
    }
    if (sackThreshold < 0) {
      throw new IllegalArgumentException("sack threshold must be >= 0, got " + sackThreshold);
    }
  }
}
