package org.lbsim.topo;

/**
 * Speed and one-way propagation latency of the links of one tier (both directions).
 *
 * @param bitsPerSecond line rate
 * @param latencyPs propagation delay in picoseconds
 */
public record TierLink(long bitsPerSecond, long latencyPs) {
  public TierLink {
    if (bitsPerSecond <= 0) {
      throw new IllegalArgumentException("link rate must be positive, got " + bitsPerSecond + " bit/s");
    }
    if (latencyPs < 0) {
      throw new IllegalArgumentException("link latency must be >= 0, got " + latencyPs + " ps");
    }
  }

  /** This tier's link in one of {@code planes} planes: the rate divided by them, the latency the same. */
  public TierLink perPlane(int planes) {
    if (bitsPerSecond % planes != 0) {
      throw new IllegalArgumentException(bitsPerSecond + " bit/s do not divide into " + planes + " planes");
    }
    return new TierLink(bitsPerSecond / planes, latencyPs);
  }
}
