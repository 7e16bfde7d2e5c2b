package org.lbsim.topo;

/**
 * A two-tier leaf-spine fabric: every leaf has one uplink to every spine. With {@code planes}
 * P > 1 there are P such fabrics, every host on each (see {@link Topology#planes()}).
 */
public record LeafSpine(int hostsPerLeaf, int leaves, int spines, int planes) implements Topology {
  /** One plane. */
  public LeafSpine(int hostsPerLeaf, int leaves, int spines) {
    this(hostsPerLeaf, leaves, spines, 1);
  }

  public LeafSpine {
    Topology.checkPlanes(planes);
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
  public LeafSpine withPlanes(int p) {
    return new LeafSpine(hostsPerLeaf, leaves, spines, p);
  }

  @Override
  public int tiers() {
    return 2;
  }

  @Override
  public String switchKind(int tier) {
    return tier == 0 ? "leaf" : "spine";
  }

  @Override
  public int switches(int tier) {
    return tier == 0 ? leaves : spines;
  }

  @Override
  public int upPorts(int tier) {
    return tier == 0 ? spines : 0;
  }

  /** A leaf's hosts; a spine is above every host. */
  @Override
  public int hostsBelow(int tier) {
    return tier == 0 ? hostsPerLeaf : hostsPerLeaf * leaves;
  }

  @Override
  public int firstHost(int tier, int index) {
    return tier == 0 ? index * hostsPerLeaf : 0;
  }

  /** Leaf l's up port s reaches spine s. */
  @Override
  public int upNeighbour(int tier, int index, int port) {
    return port;
  }

  /** Spine s's down port l reaches leaf l, on that leaf's up port s. */
  @Override
  public int downNeighbour(int tier, int index, int port) {
    return tier == 0 ? index * hostsPerLeaf + port : port;
  }

  @Override
  public int downNeighbourUpPort(int tier, int index, int port) {
    return index;
  }

  @Override
  public String cableNames(int tier) {
    return "leaf<l>-spine<s>";
  }
}
