package org.lbsim.lb;

/** Flow-level load balancing (plain ECMP): one entropy for the whole flow. */
public final class FlowPath implements PathPolicy {
  private final int entropy;

  public FlowPath(int entropy) {
    this.entropy = entropy;
  }

  @Override
  public int nextEntropy(long nowPs) {
    return entropy;
  }
}
