package org.lbsim.experiment;

import java.util.Arrays;
import java.util.List;

/**
 * A collective as {@code bench-collective} measures it, in nccl-tests' terms: its name, the
 * workload that simulates it, its reduction, what its {@code size} means and its bus-bandwidth
 * factor (nccl-tests' doc/PERFORMANCE.md).
 *
 * <p>{@code size} is nccl-tests' per-rank buffer: the AllReduce buffer, the AllGather output
 * (n chunks), the ReduceScatter input (n chunks), the all-to-all send buffer (one chunk per
 * peer, its own included). A size of AllGather, ReduceScatter or all-to-all is rounded down to
 * a whole number of elements per rank, as nccl-tests rounds it.
 */
public enum CollectiveOp {
  ALL_REDUCE("all-reduce", "ring-allreduce", "sum"),
  REDUCE_SCATTER("reduce-scatter", "ring-reducescatter", "sum"),
  ALL_GATHER("all-gather", "ring-allgather", "none"),
  ALL_TO_ALL("all-to-all", "all-to-all", "none");

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

  /** The collective algorithm its workload runs: ring for the reductions and AllGather, direct for all-to-all. */
  public String algorithm() {
    return this == ALL_TO_ALL ? "direct" : "ring";
  }

  /** busbw / algbw on n ranks: 2(n-1)/n for AllReduce, (n-1)/n for the others. */
  public double busFactor(int ranks) {
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
    return this == ALL_REDUCE ? elementBytes : (long) elementBytes * ranks;
  }

  /** The {@code workload.size} that simulates a collective of {@code size}: the buffer, or for all-to-all the chunk each peer gets. */
  public long workloadSize(long size, int ranks) {
    return this == ALL_TO_ALL ? size / ranks : size;
  }

  /** Messages each rank sends: 2(n-1) ring steps for AllReduce, n-1 steps (or peers) for the others. */
  public long messagesPerRank(int ranks) {
    return this == ALL_REDUCE ? 2L * (ranks - 1) : ranks - 1;
  }

  /** Bytes of each message: a ring chunk ceil(size / n), or the all-to-all chunk size / n. */
  public long messageBytes(long size, int ranks) {
    return this == ALL_TO_ALL ? size / ranks : (size + ranks - 1) / ranks;
  }

  /** The op called {@code label}, or null. */
  public static CollectiveOp find(String label) {
    return Arrays.stream(values()).filter(o -> o.label.equals(label)).findFirst().orElse(null);
  }

  public static List<String> labels() {
    return Arrays.stream(values()).map(CollectiveOp::label).toList();
  }
}
