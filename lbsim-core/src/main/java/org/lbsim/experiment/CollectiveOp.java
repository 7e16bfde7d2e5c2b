package org.lbsim.experiment;

import java.util.Arrays;
import java.util.List;
import org.lbsim.workload.NcclCollective;

/**
 * A collective as {@code bench-collective} measures it, in nccl-tests' terms: its name, the
 * workload that simulates it, its reduction, what its {@code size} means and its bus-bandwidth
 * factor (nccl-tests' doc/PERFORMANCE.md).
 *
 * <p>{@code size} is nccl-tests' per-rank buffer: the AllReduce, Broadcast and Reduce buffer, the
 * AllGather output (n chunks), the ReduceScatter input (n chunks), the all-to-all send buffer (one
 * chunk per peer, its own included). A size of AllGather, ReduceScatter or all-to-all is rounded down to
 * a whole number of elements per rank, as nccl-tests rounds it.
 */
public enum CollectiveOp {
  ALL_REDUCE("all-reduce", "ring-allreduce", "sum"),
  REDUCE_SCATTER("reduce-scatter", "ring-reducescatter", "sum"),
  ALL_GATHER("all-gather", "ring-allgather", "none"),
  ALL_TO_ALL("all-to-all", "all-to-all", "none"),
  BROADCAST("broadcast", "broadcast", "none"),
  REDUCE("reduce", "reduce", "sum");

  private final String label;
  private final String workloadKind;
  private final String redop;

  CollectiveOp(String label, String workloadKind, String redop) {
    this.label = label;
    this.workloadKind = workloadKind;
    this.redop = redop;
  }

  /** The name on the command line and in the results, e.g. {@code all-reduce}. */
  public String label() {
    return label;
  }

  /** The {@code workload.kind} whose flows simulate it. */
  public String workloadKind() {
    return workloadKind;
  }

  /** nccl-tests' redop column: {@code sum} for the reductions, {@code none} otherwise. */
  public String redop() {
    return redop;
  }

  /** The collective algorithm its workload runs by default: ring, or direct for all-to-all. */
  public String algorithm() {
    return this == ALL_TO_ALL ? "direct" : "ring";
  }

  /** The algorithms it runs with: ring and tree for AllReduce, Broadcast and Reduce; its default for the others. */
  public List<String> algorithms() {
    return this == ALL_REDUCE || rooted() ? NcclCollective.ALGORITHMS : List.of(algorithm());
  }

  /** Broadcast and Reduce: from or to a root (rank 0). */
  public boolean rooted() {
    return this == BROADCAST || this == REDUCE;
  }

  /** nccl-tests' root column: 0 for Broadcast and Reduce, -1 otherwise. */
  public int root() {
    return rooted() ? 0 : -1;
  }

  /** The collective as {@link NcclCollective} plans it; null for all-to-all. */
  public NcclCollective.Op ncclOp() {
    return switch (this) {
      case ALL_REDUCE -> NcclCollective.Op.ALL_REDUCE;
      case REDUCE_SCATTER -> NcclCollective.Op.REDUCE_SCATTER;
      case ALL_GATHER -> NcclCollective.Op.ALL_GATHER;
      case BROADCAST -> NcclCollective.Op.BROADCAST;
      case REDUCE -> NcclCollective.Op.REDUCE;
      case ALL_TO_ALL -> null;
    };
  }

  /** busbw / algbw on n ranks: 2(n-1)/n for AllReduce, 1 for Broadcast and Reduce, (n-1)/n for the others. */
  public double busFactor(int ranks) {
    if (rooted()) {
      return 1;
    }
    double f = (ranks - 1) / (double) ranks;
    return this == ALL_REDUCE ? 2 * f : f;
  }

  /** The size nccl-tests reports for a requested {@code bytes}: whole elements, and whole elements per rank where the buffer is split over the ranks. */
  public long size(long bytes, int ranks, int elementBytes) {
    long unit = unit(ranks, elementBytes);
    return bytes / unit * unit;
  }

  /** The smallest size: one element, or one element per rank where the buffer is split over the ranks. */
  public long unit(int ranks, int elementBytes) {
    return this == ALL_REDUCE || rooted() ? elementBytes : (long) elementBytes * ranks;
  }

  /** The {@code workload.size} that simulates a collective of {@code size}: the buffer, or for all-to-all the chunk each peer gets. */
  public long workloadSize(long size, int ranks) {
    return this == ALL_TO_ALL ? size / ranks : size;
  }

  /** The op called {@code label}, or null. */
  public static CollectiveOp find(String label) {
    return Arrays.stream(values()).filter(o -> o.label.equals(label)).findFirst().orElse(null);
  }

  public static List<String> labels() {
    return Arrays.stream(values()).map(CollectiveOp::label).toList();
  }
}
