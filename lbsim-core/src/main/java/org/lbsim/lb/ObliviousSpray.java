package org.lbsim.lb;

import org.lbsim.engine.SplitMix;
import org.lbsim.net.Packet;

/**
 * Host packet spraying (OPS / RPS): a fresh random entropy for every packet, so that the
 * switches' ECMP hash scatters a flow's packets over all equal-cost paths, blind to congestion.
 */
public final class ObliviousSpray extends SplitMix implements PathPolicy {
  /** Draws from {@code random}'s stream, which becomes this policy's own (see {@link SplitMix}). */
  public ObliviousSpray(SplitMix random) {
    super(random);
  }

  @Override
  public void choose(Packet p, long nowPs) {
    p.entropy = nextInt();
  }
}
