package org.lbsim.workload;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Ring collectives as chains of permutations.
 *
 * <p>In a ring of n ranks every step is a shift-by-one permutation: position i sends one chunk
 * to position i+1. A rank can forward (or reduce) a chunk only once it has received it, so the
 * flow of step s from position i waits for the step s-1 flow into position i, the one from
 * position i-1. ReduceScatter and AllGather move the same bytes in the same pattern (only what
 * the chunks hold differs), and AllReduce is one followed by the other, so all three are the same
 * chain with n-1 or 2(n-1) steps.
 */
final class Rings {

  private Rings() {}

  static List<FlowSpec> reduceScatter(int[] ring, long bufferBytes) {
    requireRing("ring ReduceScatter", ring, bufferBytes);
    return chain(ring, chunkBytes(ring.length, bufferBytes), ring.length - 1);
  }

  static List<FlowSpec> allGather(int[] ring, long bufferBytes) {
    requireRing("ring AllGather", ring, bufferBytes);
    return chain(ring, chunkBytes(ring.length, bufferBytes), ring.length - 1);
  }

  static List<FlowSpec> allReduce(int[] ring, long bufferBytes) {
    requireRing("ring AllReduce", ring, bufferBytes);
    return chain(ring, chunkBytes(ring.length, bufferBytes), 2 * (ring.length - 1));
  }

  /** One chunk: the buffer split into n parts, rounded up so that no byte is left out. */
  static long chunkBytes(int ranks, long bufferBytes) {
    return (bufferBytes + ranks - 1) / ranks;
  }

  /** Ranks 0..n-1 in order. */
  static int[] identity(String what, int hosts) {
    Collectives.requireHosts(what, hosts);
    int[] ring = new int[hosts];
    for (int i = 0; i < hosts; i++) {
      ring[i] = i;
    }
    return ring;
  }

  /** Flow id = step * n + position, so the flow a step waits for is found by arithmetic. */
  private static List<FlowSpec> chain(int[] ring, long chunk, int steps) {
    int n = ring.length;
    List<FlowSpec> flows = new ArrayList<>(steps * n);
    for (int s = 0; s < steps; s++) {
      for (int i = 0; i < n; i++) {
        int id = s * n + i;
        int src = ring[i];
        int dst = ring[(i + 1) % n];
        if (s == 0) {
          flows.add(FlowSpec.independent(id, src, dst, chunk, 0));
        } else {
          int[] deps = {(s - 1) * n + (i - 1 + n) % n};
          flows.add(new FlowSpec(id, src, dst, chunk, 0, deps, s));
        }
      }
    }
    return Collections.unmodifiableList(flows);
  }

  private static void requireRing(String what, int[] ring, long bufferBytes) {
    if (ring == null || ring.length < 2) {
      throw new IllegalArgumentException(what + " needs at least 2 ranks, got "
          + (ring == null ? 0 : ring.length));
    }
    long flows = 2L * (ring.length - 1) * ring.length;
    if (flows > Collectives.MAX_FLOWS) {
      throw new IllegalArgumentException(what + " of " + ring.length + " ranks would have up to "
          + flows + " flows; at most " + Collectives.MAX_FLOWS + " are supported");
    }
    Collectives.requireDistinctHosts(what, "rank", ring);
    Collectives.requireBytes(what, bufferBytes);
  }
}
