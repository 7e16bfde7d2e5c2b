package org.lbsim.workload;

import java.util.Arrays;

/**
 * One message of a collective: {@code bytes} from host {@code src} to host {@code dst}.
 *
 * <p>A flow with no dependencies starts at {@code startPs}. A flow with dependencies starts at
 * {@code startPs} after the last of them is done: fully received (a ring step starts when the
 * previous step's data has arrived), or, for the flows of {@code sentDeps}, done sending: its
 * sender has the ACK that completes it (htsim's {@code send_done_trigger}). A flow that waits for
 * a run-time trigger ({@link FlowTriggers}) starts at {@code startPs} after that trigger fires.
 * {@code stage} groups the flows that run side by side: senders share their host link fairly among
 * the flows of the same stage. It is the dependency depth (0 for flows that start without waiting),
 * or for a pipelined collective the send's round ({@link PipelinedSend#round()}).
 *
 * @param id dense index, 0..n-1, equal to the flow's position in the workload's list
 * @param deps ids of flows that must be fully received before this one starts (never modified)
 * @param sentDeps ids of flows whose senders must have completed before this one starts
 * @param triggers the run-time triggers it waits for or activates; {@link FlowTriggers#NONE} for none
 */
public record FlowSpec(int id, int src, int dst, long bytes, long startPs, int[] deps, int stage, int[] sentDeps,
    FlowTriggers triggers) {

  private static final int[] NONE = new int[0];

  public FlowSpec {
    if (src == dst) {
      throw new IllegalArgumentException("flow " + id + ": source and destination are both host " + src);
    }
    if (bytes <= 0) {
      throw new IllegalArgumentException("flow " + id + ": size must be positive, got " + bytes);
    }
    deps = deps == null || deps.length == 0 ? NONE : deps.clone();
    sentDeps = sentDeps == null || sentDeps.length == 0 ? NONE : sentDeps.clone();
    triggers = triggers == null ? FlowTriggers.NONE : triggers;
  }

  /** A flow linked to no run-time trigger. */
  public FlowSpec(int id, int src, int dst, long bytes, long startPs, int[] deps, int stage, int[] sentDeps) {
    this(id, src, dst, bytes, startPs, deps, stage, sentDeps, FlowTriggers.NONE);
  }

  /** A flow that waits only for flows to be fully received. */
  public FlowSpec(int id, int src, int dst, long bytes, long startPs, int[] deps, int stage) {
    this(id, src, dst, bytes, startPs, deps, stage, NONE, FlowTriggers.NONE);
  }

  /** A flow that starts at {@code startPs} without waiting for another flow. */
  public static FlowSpec independent(int id, int src, int dst, long bytes, long startPs) {
    return new FlowSpec(id, src, dst, bytes, startPs, NONE, 0);
  }

  @Override
  public int[] deps() {
    return deps.clone();
  }

  /** Flows it waits to be fully received. */
  public int depCount() {
    return deps.length;
  }

  @Override
  public int[] sentDeps() {
    return sentDeps.clone();
  }

  /** Flows whose senders it waits to complete. */
  public int sentDepCount() {
    return sentDeps.length;
  }

  /** What it waits for: flows received or done sending, and its trigger; 0 for a flow that waits for nothing. */
  public int waitCount() {
    return deps.length + sentDeps.length + (triggers.waits() ? 1 : 0);
  }

  public int dep(int i) {
    return deps[i];
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FlowSpec f && f.id == id && f.src == src && f.dst == dst && f.bytes == bytes
        && f.startPs == startPs && f.stage == stage && Arrays.equals(f.deps, deps)
        && Arrays.equals(f.sentDeps, sentDeps) && f.triggers.equals(triggers);
  }

  @Override
  public int hashCode() {
    return ((id * 31 + src) * 31 + dst) * 31 + Long.hashCode(bytes) + Arrays.hashCode(deps)
        + (sentDeps.length == 0 ? 0 : 31 * Arrays.hashCode(sentDeps)) + (triggers.linked() ? triggers.hashCode() : 0);
  }

  @Override
  public String toString() {
    return "FlowSpec[" + id + ": " + src + "->" + dst + ", " + bytes + " B, start " + startPs
        + " ps, deps " + Arrays.toString(deps) + (sentDeps.length == 0 ? "" : ", sent deps "
        + Arrays.toString(sentDeps)) + ", stage " + stage + (triggers.linked() ? ", " + triggers : "") + "]";
  }
}
