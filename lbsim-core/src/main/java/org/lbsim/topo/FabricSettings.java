package org.lbsim.topo;

/**
 * Everything about the fabric besides its shape.
 *
 * @param hostLink host-to-ToR (leaf) links
 * @param tier1Link ToR-to-aggregation (leaf-to-spine) links
 * @param tier2Link aggregation-to-core links (unused by leaf-spine)
 * @param bufferBytes buffer of every switch egress port
 * @param ecnFraction a departing packet is marked when the port holds more than this fraction
 *     of its buffer; negative disables ECN
 * @param gapBytes inter-packet gap on every link
 * @param features trimming, PFC and link losses
 * @param signals RED-like ECN and INT stamping for congestion controls
 */
public record FabricSettings(TierLink hostLink, TierLink tier1Link, TierLink tier2Link, long bufferBytes,
    double ecnFraction, int gapBytes, PortFeatures features, PortSignals signals) {

  public FabricSettings(TierLink hostLink, TierLink tier1Link, TierLink tier2Link, long bufferBytes,
      double ecnFraction, int gapBytes, PortFeatures features) {
    this(hostLink, tier1Link, tier2Link, bufferBytes, ecnFraction, gapBytes, features, PortSignals.NONE);
  }

  public FabricSettings(TierLink hostLink, TierLink tier1Link, TierLink tier2Link, long bufferBytes,
      double ecnFraction, int gapBytes) {
    this(hostLink, tier1Link, tier2Link, bufferBytes, ecnFraction, gapBytes, PortFeatures.NONE);
  }

  public TierLink tier(int t) {
    return switch (t) {
      case 0 -> hostLink;
      case 1 -> tier1Link;
      case 2 -> tier2Link;
      default -> throw new IllegalArgumentException("no link tier " + t);
    };
  }

  long ecnThresholdBytes() {
    return ecnFraction < 0 ? -1 : (long) (ecnFraction * bufferBytes);
  }
}
