package org.lbsim.net;

import java.util.SplittableRandom;

/**
 * RED-like ECN marking (as DCQCN's switches use it): no mark at or below K_min queued bytes, a
 * mark with probability rising linearly from 0 to P_max between K_min and K_max, and every
 * packet above K_max. The queue is the one the single-threshold marking also uses: bytes
 * queued at dequeue, the departing packet included.
 */
public final class RedMarking {
  private final long kminBytes;
  private final long kmaxBytes;
  private final double pmax;
  private final SplittableRandom random;

  public RedMarking(long kminBytes, long kmaxBytes, double pmax, SplittableRandom random) {
    if (kminBytes < 0 || kmaxBytes < kminBytes) {
      throw new IllegalArgumentException("RED needs 0 <= K_min <= K_max, got " + kminBytes + " and " + kmaxBytes + " B");
    }
    if (!(pmax >= 0 && pmax <= 1)) {
      throw new IllegalArgumentException("RED P_max must be in [0, 1], got " + pmax);
    }
    this.kminBytes = kminBytes;
    this.kmaxBytes = kmaxBytes;
    this.pmax = pmax;
    this.random = random;
  }

  /** Marking probability at {@code queuedBytes}. */
  public double probability(long queuedBytes) {
    if (queuedBytes <= kminBytes) {
      return 0;
    }
    if (queuedBytes > kmaxBytes) {
      return 1;
    }
    return pmax * (queuedBytes - kminBytes) / (double) (kmaxBytes - kminBytes);
  }

  boolean marks(long queuedBytes) {
    double p = probability(queuedBytes);
    return p >= 1 || (p > 0 && random.nextDouble() < p);
  }
}
