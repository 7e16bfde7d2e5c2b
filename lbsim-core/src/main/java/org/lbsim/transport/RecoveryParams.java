package org.lbsim.transport;

/**
 * Which loss recovery the senders and receivers run, and its parameters.
 *
 * @param kind the name of the loss recovery, {@code design}'s
 * @param sackThreshold SACK: a hole is lost once the highest SACKed sequence is more than this many packets beyond it
 * @param fastRetransmit SACK: declare holes lost from SACKs at all (false: only timeouts and NACKs recover)
 * @param irnBdpCap IRN: most packets in flight; -1 = the path's bandwidth-delay product in packets
 * @param irnRtoLowPs IRN: timeout while at most {@code irnLowPackets} are in flight; -1 = {@link
 *     #IRN_RTO_LOW_PS} scaled by the fabric's base RTT over {@link #IRN_PAPER_RTT_PS}
 * @param irnRtoHighPs IRN: timeout otherwise; -1 = {@link #IRN_RTO_HIGH_PS}, scaled the same way
 * @param irnLowPackets IRN: the in-flight count up to which RTO_low applies
 * @param sackTrigger SACK: what declares a hole lost; beyond = a SACK more than the threshold
 *     beyond it; dupacks = the study simulator's -sack x -dup d (x = the threshold; fast
 *     recovery on the d-th duplicate ACK, go-back-N timeout); newreno = its -dup d without -sack
 * @param sackDupAcks SACK dupacks / newreno: the duplicate-ACK count that starts fast recovery;
 *     -1 = {@code sackThreshold}
 * @param design the loss recovery named {@code kind}: it makes each flow's sender-side recovery
 *     and receiver
 */
public record RecoveryParams(String kind, int sackThreshold, boolean fastRetransmit, long irnBdpCap,
    long irnRtoLowPs, long irnRtoHighPs, int irnLowPackets, String sackTrigger, int sackDupAcks, LrDesign design) {

  /** SACK's hole-declaring rules ({@code sack.trigger}). */
  public static final java.util.List<String> SACK_TRIGGERS = java.util.List.of("beyond", "dupacks", "newreno");

  /** The default trigger, {@code beyond}. */
  public RecoveryParams(String kind, int sackThreshold, boolean fastRetransmit, long irnBdpCap, long irnRtoLowPs,
      long irnRtoHighPs, int irnLowPackets) {
    this(kind, sackThreshold, fastRetransmit, irnBdpCap, irnRtoLowPs, irnRtoHighPs, irnLowPackets, "beyond", -1);
  }

  /** A built-in loss recovery, by name. */
  public RecoveryParams(String kind, int sackThreshold, boolean fastRetransmit, long irnBdpCap, long irnRtoLowPs,
      long irnRtoHighPs, int irnLowPackets, String sackTrigger, int sackDupAcks) {
    this(kind, sackThreshold, fastRetransmit, irnBdpCap, irnRtoLowPs, irnRtoHighPs, irnLowPackets, sackTrigger,
        sackDupAcks, LrDesigns.find(kind));
  }

  /** SACK dupacks / newreno: the duplicate ACKs that start fast recovery ({@code -dup}). */
  public int dupAckThreshold() {
    return sackDupAcks >= 0 ? sackDupAcks : sackThreshold;
  }

  /** Whether SACK runs the study simulator's duplicate-ACK sender ({@link #sackTrigger} dupacks or newreno). */
  public boolean dupAckTrigger() {
    return !sackTrigger.equals("beyond");
  }

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
    if (design == null || !design.name().equals(kind)) {
      throw new IllegalArgumentException("unknown loss recovery '" + kind + "' (allowed: "
          + String.join(", ", LrDesigns.names()) + ")");
    }
    if (sackThreshold < 0) {
      throw new IllegalArgumentException("sack threshold must be >= 0, got " + sackThreshold);
    }
    if (!SACK_TRIGGERS.contains(sackTrigger)) {
      throw new IllegalArgumentException("unknown sack trigger '" + sackTrigger + "' (allowed: beyond, dupacks, newreno)");
    }
    int dup = sackDupAcks >= 0 ? sackDupAcks : sackThreshold; // fields are not assigned yet
    if (kind.equals("sack") && !sackTrigger.equals("beyond") && dup < 1) {
      throw new IllegalArgumentException("sack trigger " + sackTrigger + " needs a duplicate-ACK count >= 1, got " + dup);
    }
  }
}
