package org.lbsim.lb;

import org.lbsim.net.Packet;

/** Flow-level load balancing (plain ECMP): one entropy for the whole flow. */
public final class FlowPath implements PathPolicy {
  private final int entropy;

  public FlowPath(int entropy) {
    this.entropy = entropy;
  }

  @Override
  public void choose(Packet p, long nowPs) {
    p.entropy = entropy;
  }
}
