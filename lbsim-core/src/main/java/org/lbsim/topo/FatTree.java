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

  public int pods() {
    return k;
  }

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
  public String switchKind(int tier) {
    return switch (tier) {
      case 0 -> "tor";
      case 1 -> "agg";
      default -> "core";
    };
  }

  @Override
  public int switches(int tier) {
    return tier == 0 ? k * half() : tier == 1 ? aggs() : cores();
  }

  @Override
  public int upPorts(int tier) {
    return tier < 2 ? half() : 0;
  }

  /** A ToR's rack of k/2 · oversubscription hosts, a pod of k/2 racks, every host. */
  @Override
  public int hostsBelow(int tier) {
    int rack = half() * oversubscription;
    return tier == 0 ? rack : tier == 1 ? rack * half() : rack * half() * k;
  }

  /** Every switch of a pod is above the pod's hosts, pod p's from p · k/2 racks on. */
  @Override
  public int firstHost(int tier, int index) {
    return tier == 0 ? index * hostsBelow(0) : tier == 1 ? index / half() * hostsBelow(1) : 0;
  }

  /**
   * ToR t's up port j reaches aggregation switch j of t's pod; aggregation switch a's up port l
   * reaches core (a mod k/2) + l·k/2, so core c serves position c mod k/2 of every pod.
   */
  @Override
  public int upNeighbour(int tier, int index, int port) {
    return tier == 0 ? index / half() * half() + port : index % half() + half() * port;
  }

  /**
   * An aggregation switch's down port i reaches ToR i of its pod; core c's down port p reaches
   * the aggregation switch at position c mod k/2 of pod p (p · k/2 + c mod k/2).
   */
  @Override
  public int downNeighbour(int tier, int index, int port) {
    return tier == 0 ? firstHost(0, index) + port
        : tier == 1 ? index / half() * half() + port : port * half() + index % half();
  }

  /** A ToR reaches the aggregation switch at position j by up port j, which reaches core c by up port c div k/2. */
  @Override
  public int downNeighbourUpPort(int tier, int index, int port) {
    return tier == 1 ? index % half() : index / half();
  }

  @Override
  public String cableNames(int tier) {
    return tier == 0 ? "tor<t>-agg<a> (a in t's pod)" : "agg<a>-core<c> (c = a mod k/2 + l*k/2)";
  }
}
