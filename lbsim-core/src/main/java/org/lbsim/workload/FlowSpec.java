package org.lbsim.workload;

import java.util.Arrays;

/**
 * One message of a collective: {@code bytes} from host {@code src} to host {@code dst}.
 *
 * <p>A flow with no dependencies starts at {@code startPs}. A flow with dependencies starts at
 * {@code startPs} after the last of them has been fully received (a ring step starts when the
 * previous step's data has arrived). {@code stage} is the dependency depth (0 for flows that
 * start without waiting); senders share their host link fairly among the flows of the same
 * stage.
 *
 * @param id dense index, 0..n-1, equal to the flow's position in the workload's list
 * @param deps ids of flows that must be fully received before this one starts (never modified)
 */
public record FlowSpec(int id, int src, int dst, long bytes, long startPs, int[] deps, int stage) {

  private static final int[] NONE = new int[0];

  public FlowSpec {
    if (src == dst) {
      throw new IllegalArgumentException("flow " + id + ": source and destination are both host " + src);
    }
    if (bytes <= 0) {
      throw new IllegalArgumentException("flow " + id + ": size must be positive, got " + bytes);
    }
    deps = deps == null || deps.length == 0 ? NONE : deps.clone();
  }

  /** A flow that starts at {@code startPs} without waiting for another flow. */
  public static FlowSpec independent(int id, int src, int dst, long bytes, long startPs) {
    return new FlowSpec(id, src, dst, bytes, startPs, NONE, 0);
  }

  @Override
  public int[] deps() {
    return deps.clone();
  }

  public int depCount() {
    return deps.length;
  }

  public int dep(int i) {
    return deps[i];
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FlowSpec f && f.id == id && f.src == src && f.dst == dst && f.bytes == bytes
        && f.startPs == startPs && f.stage == stage && Arrays.equals(f.deps, deps);
  }

  @Override
  public int hashCode() {
    return ((id * 31 + src) * 31 + dst) * 31 + Long.hashCode(bytes) + Arrays.hashCode(deps);
  }

  @Override
  public String toString() {
    return "FlowSpec[" + id + ": " + src + "->" + dst + ", " + bytes + " B, start " + startPs
        + " ps, deps " + Arrays.toString(deps) + ", stage " + stage + "]";
  }
}
