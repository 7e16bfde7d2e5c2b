package org.lbsim.lb;

import org.lbsim.engine.SplitMix;
import org.lbsim.net.Packet;

/**
 * Host packet spraying (OPS / RPS): a fresh random entropy for every packet, so that the
 * switches' ECMP hash scatters a flow's packets over all equal-cost paths, blind to congestion.
 */
public final class ObliviousSpray implements PathPolicy {
  // the entropy stream's state, continued from the given stream (see SplitMix)
  private long seed;
  private final long gamma;

  /** Draws what {@code random} would have drawn next; {@code random} must not be drawn from afterwards. */
  public ObliviousSpray(SplitMix random) {
    this.seed = random.seed();
    this.gamma = random.gamma();
  }

  @Override
  public void choose(Packet p, long nowPs) {
    p.entropy = SplitMix.mix32(seed = SplitMix.nextSeed(seed, gamma));
  }
}
