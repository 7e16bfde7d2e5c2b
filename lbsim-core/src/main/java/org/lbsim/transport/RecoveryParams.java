package org.lbsim.transport;

/**
 * Which loss recovery the senders and receivers run, and its parameters.
 *
 * @param kind erasure, sack, gbn or irn
 * @param sackThreshold SACK: a hole is lost once the highest SACKed sequence is more than this many packets beyond it
 * @param fastRetransmit SACK: declare holes lost from SACKs at all (false: only timeouts and NACKs recover)
 * @param irnBdpCap IRN: most packets in flight; -1 = the path's bandwidth-delay product in packets
 * @param irnRtoLowPs IRN: timeout while at most {@code irnLowPackets} are in flight
 * @param irnRtoHighPs IRN: timeout otherwise
 * @param irnLowPackets IRN: the in-flight count up to which RTO_low applies
 */
public record RecoveryParams(String kind, int sackThreshold, boolean fastRetransmit, long irnBdpCap,
    long irnRtoLowPs, long irnRtoHighPs, int irnLowPackets) {

  /** Ideal erasure coding (the other parameters are unused). */
  public static RecoveryParams erasure() {
    return new RecoveryParams("erasure", 3, true, -1, 100_000_000L, 320_000_000L, 3);
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
