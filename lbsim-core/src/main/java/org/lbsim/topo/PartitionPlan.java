package org.lbsim.topo;

/**
 * Which partition of a run each host and switch of a fabric lies in. Blocks of consecutive ToRs
 * (leaves) make the partitions: partition b holds the ToRs whose index i has i·P / T = b, their
 * hosts, and every switch below the top tier whose first host lies under one of them (a pod's
 * aggregation switches with the pod, when P divides the pods); the top tier's switches (cores,
 * spines), which every block reaches, go round-robin, switch i to partition i mod P. Every plane
 * is split alike. A cable whose two ends lie in different partitions carries its packets through
 * the engine's channels, so the split changes where work runs and never a result.
 */
public final class PartitionPlan {
  private final Topology topology;
  private final int partitions;

  private PartitionPlan(Topology topology, int partitions) {
    this.topology = topology;
    this.partitions = partitions;
  }

  /** The whole fabric in one partition. */
  public static PartitionPlan single(Topology topology) {
    return new PartitionPlan(topology, 1);
  }

  /** {@code partitions} blocks of ToRs, at most one per ToR. */
  public static PartitionPlan byTorBlocks(Topology topology, int partitions) {
    if (partitions < 1 || partitions > topology.tors()) {
      throw new IllegalArgumentException("a fabric of " + topology.tors() + " ToRs splits into 1 to " + topology.tors()
          + " partitions, got " + partitions);
    }
    return new PartitionPlan(topology, partitions);
  }

  public int partitions() {
    return partitions;
  }

  public int ofTor(int tor) {
    return (int) ((long) tor * partitions / topology.tors());
  }

  public int ofHost(int host) {
    return ofTor(topology.torOf(host));
  }

  /** The partition of switch {@code index} of {@code tier} (0 = ToRs), the same on every plane. */
  public int ofSwitch(int tier, int index) {
    if (tier == topology.tiers() - 1 && tier > 0) {
      return index % partitions;
    }
    return ofHost(topology.firstHost(tier, index));
  }
}
