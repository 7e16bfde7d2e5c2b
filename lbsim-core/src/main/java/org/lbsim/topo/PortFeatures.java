package org.lbsim.topo;

/**
 * Port behaviours beyond drop-tail and ECN, all off by default.
 *
 * @param trimming which switch ports trim ({@code buffer.trimming})
 * @param trimmedBytes size of a trimmed packet (the data header)
 * @param pfc lossless fabric: per-ingress PFC on every link into a switch
 * @param xoffBytes PFC: pause the upstream port when it has more than this in the switch
 * @param xonBytes PFC: resume it when that falls to this
 * @param randomLossRate probability that any link loses a packet after serializing it
 * @param flakyLinks the first N core→aggregation (spine→leaf) ports lose every packet during bursts
 * @param burstPs mean burst length of a flaky link
 * @param periodPs mean time between burst starts
 * @param trimCoin trimming: on overflow, trim the newest queued data packet instead of the
 *     arriving one with probability ½ (NDP; the study simulator's trimming queue)
 * @param returnToSender trimming: a header that finds the priority queue full goes back to its
 *     sender as a NACK instead of being dropped (NDP's return-to-sender)
 */
public record PortFeatures(TrimScope trimming, int trimmedBytes, boolean pfc, long xoffBytes, long xonBytes,
    double randomLossRate, int flakyLinks, long burstPs, long periodPs, boolean trimCoin, boolean returnToSender) {

  /** Trimming always cuts the arriving packet and drops headers that do not fit. */
  public PortFeatures(TrimScope trimming, int trimmedBytes, boolean pfc, long xoffBytes, long xonBytes,
      double randomLossRate, int flakyLinks, long burstPs, long periodPs) {
    this(trimming, trimmedBytes, pfc, xoffBytes, xonBytes, randomLossRate, flakyLinks, burstPs, periodPs, false, false);
  }

  public static final PortFeatures NONE = new PortFeatures(TrimScope.OFF, 62, false, 0, 0, 0, 0, 10_000_000, 100_000_000);

  public PortFeatures {
    java.util.Objects.requireNonNull(trimming, "trimming");
    if (pfc && !(xonBytes >= 0 && xonBytes < xoffBytes)) {
      throw new IllegalArgumentException("PFC needs 0 <= XON < XOFF, got " + xonBytes + " and " + xoffBytes + " B");
    }
  }

  /** The switch ports that trim on overflow, as {@code buffer.trimming} names them. */
  public enum TrimScope {
    /** No port trims. */
    OFF("off"),
    /** Every switch port trims. */
    ALL("all"),
    /** Only the ToR (leaf) ports towards hosts trim. */
    TOR_DOWN("tor-down");

    private final String word;

    TrimScope(String word) {
      this.word = word;
    }

    /** The scenario's word for it. */
    public String word() {
      return word;
    }

    /** The scope named {@code word} in a scenario. */
    public static TrimScope of(String word) {
      for (TrimScope t : values()) {
        if (t.word.equals(word)) {
          return t;
        }
      }
      throw new IllegalArgumentException("trimming must be off, all or tor-down, got " + word);
    }

    /** Whether a switch port trims; {@code towardsHost}: a ToR (leaf) port towards a host. */
    public boolean trims(boolean towardsHost) {
      return this == ALL || (this == TOR_DOWN && towardsHost);
    }
  }
}
