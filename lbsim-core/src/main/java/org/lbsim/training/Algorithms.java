package org.lbsim.training;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.lbsim.workload.NcclCollective;
import org.lbsim.workload.NcclProtocol;

/**
 * Collective algorithms as graph nodes, NCCL-style: the buffer is split over {@code channels}
 * channels that run side by side, each its own flows.
 *
 * <ul>
 *   <li>ring: NCCL's pipelined ring with its default Simple protocol ({@link NcclGraph},
 *       {@link NcclCollective}): n-1 steps (ReduceScatter, AllGather) or 2(n-1) (AllReduce) of
 *       up to ceil(B / (C n)) per loop of the buffer, each step following the previous one round
 *       the ring, with a few chunks in flight per hop. Every channel orders the ranks of each server
 *       starting at a different local GPU, as NCCL's rings do, so the channels leave servers through
 *       different NICs.
 *   <li>halving-doubling (Rabenseifner; Thakur, Rabenseifner and Gropp 2005): ReduceScatter by
 *       recursive halving, log2 n steps in which rank i exchanges half of what it still holds
 *       with rank i XOR n/2^(k+1); AllGather by recursive doubling, the reverse; AllReduce is the
 *       two. n must be a power of two.
 *   <li>direct: every rank sends each other rank its 1/n share at once (as an all-to-all).
 * </ul>
 * Every rank sends (n-1)/n of the buffer in a ReduceScatter or AllGather with all three.
 */
public final class Algorithms {
  public static final List<String> NAMES = List.of("ring", "halving-doubling", "direct");

  private Algorithms() {}

  public enum Op { REDUCE_SCATTER, ALL_GATHER, ALL_REDUCE }

  /**
   * Adds collective {@code op} over {@code gpus} (in rank order) on a buffer of {@code bytes}.
   *
   * @param entry per rank, the node it must wait for before it starts (-1 = none)
   * @param gapPs extra wait after {@code entry}
   * @return per rank, a node that ends when the rank has sent and received all its data
   */
  public static int[] run(CommGraph g, String algorithm, Op op, int[] gpus, long bytes, int channels, int[] entry,
      long gapPs) {
    int n = gpus.length;
    if (n == 1) {
      return entry.clone();
    }
    return switch (algorithm) {
      case "ring" -> ring(g, op, gpus, bytes, channels, entry, gapPs);
      case "halving-doubling" -> halvingDoubling(g, op, gpus, bytes, channels, entry, gapPs);
      case "direct" -> direct(g, op, gpus, bytes, channels, entry, gapPs);
      default -> throw new IllegalArgumentException("unknown collective algorithm " + algorithm + " (allowed: " + NAMES + ")");
    };
  }

  /** NCCL's ring with its default Simple protocol ({@link NcclGraph}), the decomposition Chakra traces use too. */
  static int[] ring(CommGraph g, Op op, int[] gpus, long bytes, int channels, int[] entry, long gapPs) {
    int[] start = entry;
    if (gapPs > 0) {
      start = new int[entry.length];
      for (int i = 0; i < entry.length; i++) {
        start[i] = g.local(0, gapPs, entry[i]);
      }
    }
    NcclCollective.Op nccl = switch (op) {
      case REDUCE_SCATTER -> NcclCollective.Op.REDUCE_SCATTER;
      case ALL_GATHER -> NcclCollective.Op.ALL_GATHER;
      case ALL_REDUCE -> NcclCollective.Op.ALL_REDUCE;
    };
    return NcclGraph.run(g, nccl, NcclCollective.Algorithm.RING, gpus, bytes, channels, start, NcclProtocol.DEFAULT);
  }

  /**
   * Channel c's ring: ranks in server order; inside each server the ring starts at the rank on
   * local GPU (c mod g') where g' is the number of the group's ranks in that server.
   */
  public static int[] ringOrder(int gpusPerServer, int[] gpus, int channel) {
    Map<Integer, List<Integer>> byServer = new LinkedHashMap<>();
    for (int r = 0; r < gpus.length; r++) {
      byServer.computeIfAbsent(gpus[r] / gpusPerServer, k -> new ArrayList<>()).add(r);
    }
    int[] order = new int[gpus.length];
    int k = 0;
    for (List<Integer> ranks : byServer.values()) {
      int m = ranks.size();
      for (int j = 0; j < m; j++) {
        order[k++] = ranks.get((j + channel) % m);
      }
    }
    return order;
  }

  static int[] halvingDoubling(CommGraph g, Op op, int[] gpus, long bytes, int channels, int[] entry, long gapPs) {
    int n = gpus.length;
    if (Integer.bitCount(n) != 1) {
      throw new IllegalArgumentException("halving-doubling needs a power-of-two group, got " + n + " ranks");
    }
    int log = Integer.numberOfTrailingZeros(n);
    long perChannel = ceilDiv(bytes, channels);
    List<List<Integer>> done = perRank(n);
    for (int c = 0; c < channels; c++) {
      int[] ready = new int[n];
      for (int i = 0; i < n; i++) {
        ready[i] = entry[i];
      }
      boolean first = true;
      if (op != Op.ALL_GATHER) { // recursive halving: partner at distance n/2, n/4, ..., 1
        for (int k = 0; k < log; k++) {
          ready = exchange(g, gpus, n >> (k + 1), ceilDiv(perChannel, 2L << k), ready, first ? gapPs : 0, done);
          first = false;
        }
      }
      if (op != Op.REDUCE_SCATTER) { // recursive doubling: distance 1, 2, ..., n/2
        for (int k = 0; k < log; k++) {
          ready = exchange(g, gpus, 1 << k, ceilDiv(perChannel, (long) n >> k), ready, first ? gapPs : 0, done);
          first = false;
        }
      }
      for (int i = 0; i < n; i++) {
        done.get(i).add(ready[i]);
      }
    }
    return joins(g, done);
  }

  /** Every rank i sends {@code bytes} to i XOR distance; returns what each rank received. */
  private static int[] exchange(CommGraph g, int[] gpus, int distance, long bytes, int[] ready, long gapPs,
      List<List<Integer>> sent) {
    int n = gpus.length;
    int group = g.newGroup();
    int[] received = new int[n];
    for (int i = 0; i < n; i++) {
      int partner = i ^ distance;
      int node = g.send(gpus[i], gpus[partner], bytes, new int[] {ready[i]}, gapPs, group);
      received[partner] = node;
      sent.get(i).add(node);
    }
    return received;
  }

  static int[] direct(CommGraph g, Op op, int[] gpus, long bytes, int channels, int[] entry, long gapPs) {
    if (op == Op.ALL_REDUCE) {
      int[] mid = direct(g, Op.REDUCE_SCATTER, gpus, bytes, channels, entry, gapPs);
      return direct(g, Op.ALL_GATHER, gpus, bytes, channels, mid, 0);
    }
    int n = gpus.length;
    return allToAll(g, gpus, ceilDiv(ceilDiv(bytes, n), channels), channels, entry, gapPs);
  }

  /**
   * Every rank sends {@code perPairBytes} on each of {@code channels} flows to every other rank,
   * all at once after its entry node (an all-to-all; expert dispatch and combine).
   */
  public static int[] allToAll(CommGraph g, int[] gpus, long perPairBytes, int channels, int[] entry, long gapPs) {
    int n = gpus.length;
    List<List<Integer>> done = perRank(n);
    int group = g.newGroup();
    for (int i = 0; i < n; i++) {
      for (int k = 1; k < n; k++) {
        int j = (i + k) % n;
        for (int c = 0; c < channels; c++) {
          int node = g.send(gpus[i], gpus[j], perPairBytes, new int[] {entry[i]}, gapPs, group);
          done.get(i).add(node);
          done.get(j).add(node);
        }
      }
    }
    return joins(g, done);
  }

  private static List<List<Integer>> perRank(int n) {
    List<List<Integer>> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(new ArrayList<>());
    }
    return out;
  }

  private static int[] joins(CommGraph g, List<List<Integer>> nodes) {
    int[] out = new int[nodes.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = g.join(nodes.get(i).stream().mapToInt(Integer::intValue).toArray());
    }
    return out;
  }

  public static long ceilDiv(long a, long b) {
    return (a + b - 1) / b;
  }
}
