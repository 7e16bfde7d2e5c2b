package org.lbsim.topo;

/** A two-tier leaf-spine fabric: every leaf has one uplink to every spine. */
public record LeafSpine(int hostsPerLeaf, int leaves, int spines) implements Topology {
  public LeafSpine {
    if (hostsPerLeaf < 1) {
      throw new IllegalArgumentException("hosts per leaf must be >= 1, got " + hostsPerLeaf);
    }
    if (leaves < 1) {
      throw new IllegalArgumentException("leaves must be >= 1, got " + leaves);
    }
    if (spines < 1) {
      throw new IllegalArgumentException("spines must be >= 1, got " + spines);
    }
  }

  @Override
  public int hosts() {
    return hostsPerLeaf * leaves;
  }

  @Override
  public int maxHops() {
    return leaves > 1 ? 4 : 2;
  }
}
