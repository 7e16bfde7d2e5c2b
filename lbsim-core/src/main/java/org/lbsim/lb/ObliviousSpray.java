package org.lbsim.lb;

import java.util.SplittableRandom;

/**
 * Host packet spraying (OPS / RPS): a fresh random entropy for every packet, so that the
 * switches' ECMP hash scatters a flow's packets over all equal-cost paths, blind to congestion.
 */
public final class ObliviousSpray implements PathPolicy {
  private final SplittableRandom random;

  public ObliviousSpray(SplittableRandom random) {
    this.random = random;
  }

  @Override
  public int nextEntropy(long nowPs) {
    return random.nextInt();
  }
}
