package org.lbsim.topo;

/**
 * A k-ary three-tier fat tree: k pods of k/2 ToRs and k/2 aggregation switches, (k/2)^2 cores.
 * With oversubscription o, every ToR has o*k/2 hosts and still k/2 uplinks (o:1 at the ToR), so
 * k = 8, o = 1 gives the study's 128 hosts.
 */
public record FatTree(int k, int oversubscription) implements Topology {
  public FatTree {
    if (k < 2 || k % 2 != 0) {
      throw new IllegalArgumentException("fat-tree k must be an even number >= 2, got " + k);
    }
    if (oversubscription < 1) {
      throw new IllegalArgumentException("oversubscription must be >= 1, got " + oversubscription);
    }
  }

  public int half() {
    return k / 2;
  }

  public int hostsPerTor() {
    return half() * oversubscription;
  }

  public int hostsPerPod() {
    return hostsPerTor() * half();
  }

  public int pods() {
    return k;
  }

  public int tors() {
    return k * half();
  }

  public int aggs() {
    return k * half();
  }

  public int cores() {
    return half() * half();
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
