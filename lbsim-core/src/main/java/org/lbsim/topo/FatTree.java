package org.lbsim.topo;

/**
 * A k-ary three-tier fat tree: k pods of k/2 ToRs and k/2 aggregation switches, (k/2)^2 cores.
 * With oversubscription o, every ToR has o*k/2 hosts and still k/2 uplinks (o:1 at the ToR), so
 * k = 8, o = 1 gives the study's 128 hosts. With {@code planes} P > 1 there are P such fabrics,
 * every host on each (see {@link Topology#planes()}); the counts below are those of one plane.
 */
public record FatTree(int k, int oversubscription, int planes) implements Topology {
  /** One plane. */
  public FatTree(int k, int oversubscription) {
    this(k, oversubscription, 1);
  }

  public FatTree {
    Topology.checkPlanes(planes);
    if (k < 2 || k % 2 != 0) {
      throw new IllegalArgumentException("fat-tree k must be an even number >= 2, got " + k);
    }
    if (oversubscription < 1) {
      throw new IllegalArgumentException("oversubscription must be >= 1, got " + oversubscription);
    }
  }

  @Override
  public FatTree withPlanes(int p) {
    return new FatTree(k, oversubscription, p);
  }

  public int half() {
    return k / 2;
  }

  @Override
  public int hostsPerTor() {
    return half() * oversubscription;
  }

  @Override
  public int hostsPerPod() {
    return hostsPerTor() * half();
  }

  public int pods() {
    return k;
  }

  @Override
  public int tors() {
    return k * half();
  }

  @Override
  public int aggs() {
    return k * half();
  }

  public int cores() {
    return half() * half();
  }

  @Override
  public int tiers() {
    return 3;
  }

  @Override
  public int uplinksPerTor() {
    return half();
  }

  @Override
  public int topSwitches() {
    return cores();
  }

  @Override
  public long switchPorts() {
    long half = half();
    return (long) tors() * (hostsPerTor() + half) + (long) aggs() * k + half * half * k;
  }

  @Override
  public int maxSwitchPorts() {
    return Math.max(hostsPerTor() + half(), 2 * half());
  }

  @Override
  public String switchKind(int tier) {
    return switch (tier) {
      case 0 -> "tor";
      case 1 -> "agg";
      default -> "core";
    };
  }

  @Override
  public int switches(int tier) {
    return tier == 0 ? tors() : tier == 1 ? aggs() : cores();
  }

  @Override
  public int upPorts(int tier) {
    return tier < 2 ? half() : 0;
  }

  /**
   * ToR t's up port j reaches aggregation switch j of t's pod; aggregation switch a's up port l
   * reaches core (a mod k/2) + l·k/2, so core c serves position c mod k/2 of every pod.
   */
  @Override
  public int upNeighbour(int tier, int index, int port) {
    return tier == 0 ? index / half() * half() + port : index % half() + half() * port;
  }

  @Override
  public String cableNames(int tier) {
    return tier == 0 ? "tor<t>-agg<a> (a in t's pod)" : "agg<a>-core<c> (c = a mod k/2 + l*k/2)";
  }

  @Override
  public int hosts() {
    return hostsPerPod() * k;
  }

  @Override
  public int maxHops() {
    return 6;
  }
}
