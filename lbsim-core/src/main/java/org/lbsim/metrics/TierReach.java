package org.lbsim.metrics;

import java.util.List;
import java.util.Locale;

/**
 * How much of what the hosts sent left their ToR (leaf): a flow between two hosts of one ToR has
 * one path, so a load balancer chooses paths for the rest alone. A run where that share is small
 * (ring neighbours of consecutive hosts under one leaf) compares load balancers on a small part
 * of its traffic, and says so.
 */
public final class TierReach {
  /** Below this share of the hosts' bytes leaving their ToR, a run says so. */
  static final double FEW = 0.10;

  private TierReach() {}

  /** A one-line note when under {@link #FEW} of the hosts' bytes left their ToR; null otherwise. */
  public static String note(List<PortStats> ports) {
    long host = 0;
    long up = 0;
    String upTier = null;
    for (PortStats p : ports) {
      switch (p.tier()) {
        case "host-up" -> host += p.bytesSent();
        case "tor-up", "leaf-up" -> {
          up += p.bytesSent();
          upTier = p.tier();
        }
        default -> {
          // the tiers above the first switch are reached only through tor-up / leaf-up
        }
      }
    }
    if (host == 0 || upTier == null) {
      return null; // no traffic, or a fabric of one switch
    }
    double share = (double) up / host;
    if (share >= FEW) {
      return null;
    }
    String leaf = upTier.startsWith("leaf") ? "leaf" : "ToR";
    return String.format(Locale.ROOT, "note: only %.1f %% of the bytes the hosts sent left their %s (%s), so the "
        + "load balancer chose paths for that share alone; the other flows run between hosts of one %s (as ring "
        + "neighbours of consecutive hosts do)", 100 * share, leaf, upTier, leaf);
  }
}
