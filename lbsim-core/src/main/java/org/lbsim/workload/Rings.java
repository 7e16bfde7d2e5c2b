package org.lbsim.workload;

import java.util.List;

/**
 * The ring collectives and the rooted ones as flows: the sends of {@link NcclCollective}'s plan,
 * position i on host {@code ranks[i]}, flow id = send index, stage = the send's round.
 *
 * <p>Under the ring algorithm every step is a shift-by-one permutation: position i sends to
 * position i+1 what it received in the step before. When the buffer fits one loop (n chunks of up
 * to 2 MiB with NCCL's defaults), flow id = step * n + position and the flow of step s from
 * position i waits for the step s-1 flow into position i and for the flow w steps earlier on its
 * own hop (its slots), w = 4 for chunks of up to 32 KiB and 2 above.
 */
final class Rings {

  private Rings() {}

  static List<FlowSpec> reduceScatter(int[] ring, long bufferBytes, NcclProtocol proto, NcclCollective.Algorithm algo) {
    requireRing("ring ReduceScatter", ring, bufferBytes);
    return NcclCollective.flows(NcclCollective.plan(NcclCollective.Op.REDUCE_SCATTER, algo, ring.length, bufferBytes,
        proto), ring);
  }

  static List<FlowSpec> allGather(int[] ring, long bufferBytes, NcclProtocol proto, NcclCollective.Algorithm algo) {
    requireRing("ring AllGather", ring, bufferBytes);
    return NcclCollective.flows(NcclCollective.plan(NcclCollective.Op.ALL_GATHER, algo, ring.length, bufferBytes,
        proto), ring);
  }

  static List<FlowSpec> allReduce(int[] ring, long bufferBytes, NcclProtocol proto, NcclCollective.Algorithm algo) {
    requireRing("ring AllReduce", ring, bufferBytes);
    return NcclCollective.flows(NcclCollective.plan(NcclCollective.Op.ALL_REDUCE, algo, ring.length, bufferBytes,
        proto), ring);
  }

  /** Broadcast from {@code ranks[0]} or Reduce to it. */
  static List<FlowSpec> rooted(NcclCollective.Op op, int[] ranks, long bufferBytes, NcclProtocol proto,
      NcclCollective.Algorithm algo) {
    requireRing(op == NcclCollective.Op.BROADCAST ? "Broadcast" : "Reduce", ranks, bufferBytes);
    return NcclCollective.flows(NcclCollective.plan(op, algo, ranks.length, bufferBytes, proto), ranks);
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
