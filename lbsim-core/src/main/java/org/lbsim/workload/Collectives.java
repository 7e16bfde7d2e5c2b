package org.lbsim.workload;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The study's synchronized collectives as lists of {@link FlowSpec}s.
 *
 * <p>Every factory returns an unmodifiable list with dense ids ({@code id} equals the list
 * index), so the simulator can keep per-flow state in plain arrays. Randomized workloads draw
 * only from the {@link SplittableRandom} they are given: the same seed gives the same workload.
 *
 * <p>The ring and rooted collectives are built by {@link Rings} from {@link NcclCollective}'s
 * plan; they are exposed here so that callers find every collective in one place.
 */
public final class Collectives {

  /** Largest workload we build: flow ids are ints and per-flow state lives in arrays. */
  static final long MAX_FLOWS = Integer.MAX_VALUE - 8;

  private Collectives() {}

  /**
   * All-to-all: every host sends {@code bytes} to every other host, all at time 0. Flows are
   * ordered by source, then destination, so flow {@code s*(n-1) + k} is host {@code s}'s
   * {@code k}-th destination.
   */
  public static List<FlowSpec> allToAll(int hosts, long bytes) {
    requireHosts("all-to-all", hosts);
    requireBytes("all-to-all", bytes);
    long count = (long) hosts * (hosts - 1);
    if (count > MAX_FLOWS) {
      throw new IllegalArgumentException("all-to-all of " + hosts + " hosts would have " + count
          + " flows; at most " + MAX_FLOWS + " are supported");
    }
    List<FlowSpec> flows = new ArrayList<>((int) count);
    for (int s = 0; s < hosts; s++) {
      for (int d = 0; d < hosts; d++) {
        if (d != s) {
          flows.add(FlowSpec.independent(flows.size(), s, d, bytes, 0));
        }
      }
    }
    return Collections.unmodifiableList(flows);
  }

  /** One ring step: host i sends {@code bytes} to host i + 1, the last host to host 0, all at time 0. */
  public static List<FlowSpec> ringStep(int hosts, long bytes) {
    requireHosts("ring-step", hosts);
    requireBytes("ring-step", bytes);
    List<FlowSpec> flows = new ArrayList<>(hosts);
    for (int s = 0; s < hosts; s++) {
      flows.add(FlowSpec.independent(s, s, (s + 1) % hosts, bytes, 0));
    }
    return Collections.unmodifiableList(flows);
  }

  /**
   * Random permutation: each host sends {@code bytes} to exactly one other host and receives from
   * exactly one; nobody sends to itself. The pairing is uniform over all derangements. Flow
   * {@code i} is host {@code i}'s.
   */
  public static List<FlowSpec> permutation(int hosts, long bytes, SplittableRandom rng) {
    requireHosts("permutation", hosts);
    requireBytes("permutation", bytes);
    if (rng == null) {
      throw new IllegalArgumentException("permutation needs a random generator, got null");
    }
    int[] dst = randomDerangement(hosts, rng);
    List<FlowSpec> flows = new ArrayList<>(hosts);
    for (int s = 0; s < hosts; s++) {
      flows.add(FlowSpec.independent(s, s, dst[s], bytes, 0));
    }
    return Collections.unmodifiableList(flows);
  }

  /**
   * Random permutation in which every flow leaves its group of {@code groupSize} consecutive
   * hosts (its pod, or its leaf): every path has the fabric's full hop count, as the study's
   * permutation bound assumes. Drawn as a uniform derangement, then each flow that stays in its
   * group swaps destinations with a uniformly drawn flow for which the swap leaves both flows
   * crossing groups (one always exists when there are at least two groups). The result is not
   * uniform over cross-group permutations (on 4 hosts in 2 groups the two pair swaps come out
   * 39 % of the time each, the two 4-cycles 11 %); what the bound needs is only that every flow
   * crosses. Flow {@code i} is host {@code i}'s.
   */
  public static List<FlowSpec> crossGroupPermutation(int hosts, int groupSize, long bytes, SplittableRandom rng) {
    requireHosts("permutation", hosts);
    requireBytes("permutation", bytes);
    if (rng == null) {
      throw new IllegalArgumentException("permutation needs a random generator, got null");
    }
    if (groupSize < 1 || hosts % groupSize != 0 || hosts / groupSize < 2) {
      throw new IllegalArgumentException("a cross-group permutation needs at least 2 groups of equal size; "
          + hosts + " hosts in groups of " + groupSize);
    }
    int[] dst = randomDerangement(hosts, rng);
    int[] choices = new int[hosts];
    for (int i = 0; i < hosts; i++) {
      int group = i / groupSize;
      if (dst[i] / groupSize != group) {
        continue;
      }
      int n = 0;
      for (int j = 0; j < hosts; j++) {
        if (j / groupSize != group && dst[j] / groupSize != group) {
          choices[n++] = j; // then i takes dst[j] (outside i's group) and j takes dst[i] (inside it, not j's)
        }
      }
      int j = choices[rng.nextInt(n)];
      int t = dst[i];
      dst[i] = dst[j];
      dst[j] = t;
    }
    List<FlowSpec> flows = new ArrayList<>(hosts);
    for (int s = 0; s < hosts; s++) {
      flows.add(FlowSpec.independent(s, s, dst[s], bytes, 0));
    }
    return Collections.unmodifiableList(flows);
  }

  /** Incast: every sender sends {@code bytes} to {@code receiver} at time 0, in array order. */
  public static List<FlowSpec> incast(int[] senders, int receiver, long bytes) {
    if (senders == null || senders.length == 0) {
      throw new IllegalArgumentException("incast needs at least 1 sender, got none");
    }
    if (receiver < 0) {
      throw new IllegalArgumentException("incast receiver must be a host number >= 0, got " + receiver);
    }
    requireBytes("incast", bytes);
    requireDistinctHosts("incast", "sender", senders);
    List<FlowSpec> flows = new ArrayList<>(senders.length);
    for (int i = 0; i < senders.length; i++) {
      if (senders[i] == receiver) {
        throw new IllegalArgumentException("incast receiver " + receiver
            + " is also listed as a sender (position " + i + "); a host cannot send to itself");
      }
      flows.add(FlowSpec.independent(i, senders[i], receiver, bytes, 0));
    }
    return Collections.unmodifiableList(flows);
  }

  /** Ring ReduceScatter over hosts 0..n-1 in order with NCCL's defaults; see {@link #ringReduceScatter(int[], long)}. */
  public static List<FlowSpec> ringReduceScatter(int hosts, long bufferBytes) {
    return ringReduceScatter(Rings.identity("ring ReduceScatter", hosts), bufferBytes);
  }

  /**
   * Ring ReduceScatter: n-1 steps of ceil(bufferBytes / n) per position, pipelined as
   * {@link NcclCollective} plans it with NCCL's defaults.
   */
  public static List<FlowSpec> ringReduceScatter(int[] ring, long bufferBytes) {
    return Rings.reduceScatter(ring, bufferBytes, NcclProtocol.DEFAULT, NcclCollective.Algorithm.RING);
  }

  /** ReduceScatter with {@code proto} and {@code algorithm} (tree runs the ring: NCCL has no tree for it). */
  public static List<FlowSpec> reduceScatter(int[] ranks, long bufferBytes, NcclProtocol proto,
      NcclCollective.Algorithm algorithm) {
    return Rings.reduceScatter(ranks, bufferBytes, proto, algorithm);
  }

  /** Ring AllGather over hosts 0..n-1 in order with NCCL's defaults. */
  public static List<FlowSpec> ringAllGather(int hosts, long bufferBytes) {
    return ringAllGather(Rings.identity("ring AllGather", hosts), bufferBytes);
  }

  /** Ring AllGather: the same n-1 pipelined steps of ceil(bufferBytes / n) as ReduceScatter. */
  public static List<FlowSpec> ringAllGather(int[] ring, long bufferBytes) {
    return Rings.allGather(ring, bufferBytes, NcclProtocol.DEFAULT, NcclCollective.Algorithm.RING);
  }

  /** AllGather with {@code proto} and {@code algorithm} (tree runs the ring: NCCL has no tree for it). */
  public static List<FlowSpec> allGather(int[] ranks, long bufferBytes, NcclProtocol proto,
      NcclCollective.Algorithm algorithm) {
    return Rings.allGather(ranks, bufferBytes, proto, algorithm);
  }

  /** Ring AllReduce over hosts 0..n-1 in order with NCCL's defaults. */
  public static List<FlowSpec> ringAllReduce(int hosts, long bufferBytes) {
    return ringAllReduce(Rings.identity("ring AllReduce", hosts), bufferBytes);
  }

  /**
   * Ring AllReduce: ReduceScatter then AllGather, 2(n-1) pipelined steps of ceil(bufferBytes / n)
   * per position with NCCL's defaults; each rank sends 2(n-1) chunks in all.
   */
  public static List<FlowSpec> ringAllReduce(int[] ring, long bufferBytes) {
    return Rings.allReduce(ring, bufferBytes, NcclProtocol.DEFAULT, NcclCollective.Algorithm.RING);
  }

  /** AllReduce with {@code proto} and {@code algorithm}: the ring, or NCCL's double binary tree. */
  public static List<FlowSpec> allReduce(int[] ranks, long bufferBytes, NcclProtocol proto,
      NcclCollective.Algorithm algorithm) {
    return Rings.allReduce(ranks, bufferBytes, proto, algorithm);
  }

  /** Broadcast of {@code bufferBytes} from {@code ranks[0]}: down the chain (ring) or a binary tree. */
  public static List<FlowSpec> broadcast(int[] ranks, long bufferBytes, NcclProtocol proto,
      NcclCollective.Algorithm algorithm) {
    return Rings.rooted(NcclCollective.Op.BROADCAST, ranks, bufferBytes, proto, algorithm);
  }

  /** Reduce of {@code bufferBytes} to {@code ranks[0]}: up the chain (ring) or a binary tree. */
  public static List<FlowSpec> reduce(int[] ranks, long bufferBytes, NcclProtocol proto,
      NcclCollective.Algorithm algorithm) {
    return Rings.rooted(NcclCollective.Op.REDUCE, ranks, bufferBytes, proto, algorithm);
  }

  /** Hosts 0..n-1 in order, for the collectives above. */
  public static int[] hostsInOrder(String what, int hosts) {
    return Rings.identity(what, hosts);
  }

  /**
   * A uniformly random derangement of 0..n-1: a Fisher–Yates shuffle, redrawn until it has no
   * fixed point. Conditioning a uniform permutation on "no fixed point" leaves it uniform over
   * derangements; about e ≈ 2.72 shuffles are needed on average, whatever n.
   */
  static int[] randomDerangement(int n, SplittableRandom rng) {
    int[] p = new int[n];
    while (true) {
      for (int i = 0; i < n; i++) {
        p[i] = i;
      }
      for (int i = n - 1; i > 0; i--) {
        int j = rng.nextInt(i + 1);
        int t = p[i];
        p[i] = p[j];
        p[j] = t;
      }
      if (hasNoFixedPoint(p)) {
        return p;
      }
    }
  }

  private static boolean hasNoFixedPoint(int[] p) {
    for (int i = 0; i < p.length; i++) {
      if (p[i] == i) {
        return false;
      }
    }
    return true;
  }

  static void requireHosts(String what, int hosts) {
    if (hosts < 2) {
      throw new IllegalArgumentException(what + " needs at least 2 hosts, got " + hosts);
    }
  }

  static void requireBytes(String what, long bytes) {
    if (bytes <= 0) {
      throw new IllegalArgumentException(what + " message size must be positive, got " + bytes + " bytes");
    }
  }

  /** Rejects negative host numbers and hosts listed twice, naming both positions. */
  static void requireDistinctHosts(String what, String role, int[] hosts) {
    Map<Integer, Integer> seen = new HashMap<>();
    for (int i = 0; i < hosts.length; i++) {
      if (hosts[i] < 0) {
        throw new IllegalArgumentException(what + " " + role + " at position " + i
            + " must be a host number >= 0, got " + hosts[i]);
      }
      Integer first = seen.putIfAbsent(hosts[i], i);
      if (first != null) {
        throw new IllegalArgumentException(what + ": host " + hosts[i] + " is listed twice (positions "
            + first + " and " + i + "); every " + role + " must be a different host");
      }
    }
  }
}
