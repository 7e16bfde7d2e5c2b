package org.lbsim.topo;

/**
 * Congestion signals switch ports give congestion controls, beyond the single ECN threshold; all
 * off by default.
 *
 * @param redKminBytes RED-like ECN: no mark at or below this queue; negative = off (single threshold)
 * @param redKmaxBytes RED-like ECN: mark every packet above this queue
 * @param redPmax RED-like ECN: marking probability just below K_max
 * @param intStamping every switch port stamps departing data packets with its INT record (HPCC)
 */
public record PortSignals(long redKminBytes, long redKmaxBytes, double redPmax, boolean intStamping) {
  public static final PortSignals NONE = new PortSignals(-1, -1, 0, false);

  public PortSignals {
    if (redKminBytes >= 0 && redKmaxBytes < redKminBytes) {
      throw new IllegalArgumentException("RED needs K_max >= K_min, got " + redKminBytes + " and " + redKmaxBytes + " B");
    }
    if (!(redPmax >= 0 && redPmax <= 1)) {
      throw new IllegalArgumentException("RED P_max must be in [0, 1], got " + redPmax);
    }
  }

  public boolean red() {
    return redKminBytes >= 0;
  }
}
