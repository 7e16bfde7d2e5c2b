package org.lbsim.theory;

import java.util.SplittableRandom;

/**
 * The up-hop choices of one scheme: which agg a ToR sends a packet to, and which core an agg sends it to. Only packets
 * whose destination is outside the ToR (at a ToR) or outside the pod (at an agg) ask; down hops are fixed.
 *
 * <p>A packet is an int: its destination host plus hosts · its path. The path is 0 except under HOST_DR, where the
 * source picks it: cross-pod agg position · half + core uplink, same pod the agg position.
 *
 * <p>The pointers are drawn when this is built, each a {@link Rotor}: SIMPLE_RR every ToR in index order, then every
 * agg; HOST_DR every sending host whose destination is outside its ToR, in host order (over half² paths cross-pod,
 * half in its pod); OFAN every ToR in index order for each destination ToR (≠ itself) one of its hosts sends to, in
 * increasing order, then every agg for each other pod some host of its pod sends to, in increasing order.
 */
final class Uplinks {
  private final SlotScheme scheme;
  private final SlotFabric fabric;
  private final SplittableRandom random;
  private final QueueLengths queues;
  /** SIMPLE_RR: ToRs then aggs, indexed by switch number. */
  private Rotor[] switchRotors;
  /** HOST_DR: by source host. */
  private Rotor[] hostRotors;
  /** OFAN: [ToR][destination ToR] and [agg][destination pod]. */
  private Rotor[][] torRotors;
  private Rotor[][] aggRotors;

  Uplinks(SlotScheme scheme, SlotFabric fabric, int[] destination, SplittableRandom random, QueueLengths queues) {
    this.scheme = scheme;
    this.fabric = fabric;
    this.random = random;
    this.queues = queues;
    int half = fabric.half;
    switch (scheme) {
      case SIMPLE_RR -> {
        switchRotors = new Rotor[fabric.tors + fabric.aggs];
        for (int s = 0; s < switchRotors.length; s++) {
          switchRotors[s] = new Rotor(half, random);
        }
      }
      case HOST_DR -> {
        hostRotors = new Rotor[fabric.hosts];
        for (int h = 0; h < fabric.hosts; h++) {
          int d = destination[h];
          if (d >= 0 && fabric.torOf(d) != fabric.torOf(h)) {
            hostRotors[h] = new Rotor(fabric.podOf(d) != fabric.podOf(h) ? half * half : half, random);
          }
        }
      }
      case OFAN -> drawOfan(destination);
      default -> { }
    }
  }

  /** The path the host's next packet takes: under HOST_DR the host's pointer advances (outside its ToR); 0 otherwise. */
  int path(int host) {
    return hostRotors != null && hostRotors[host] != null ? hostRotors[host].next() : 0;
  }

  /**
   * The egress port switch {@code sw} places {@code packet} in: down towards its destination where the switch reaches
   * it below, else the uplink this scheme chooses.
   */
  int egress(int sw, int packet) {
    int dest = packet % fabric.hosts;
    int path = packet / fabric.hosts;
    int half = fabric.half;
    if (sw < fabric.tors) {
      return fabric.torOf(dest) == sw ? fabric.torDown(dest) : fabric.torUp(sw, torUplink(sw, dest, path));
    }
    if (sw < fabric.tors + fabric.aggs) {
      int agg = sw - fabric.tors;
      return fabric.podOf(dest) == agg / half ? fabric.aggDown(agg, fabric.torOf(dest))
          : fabric.aggUp(agg, aggUplink(agg, dest, path));
    }
    return fabric.coreDown(sw - fabric.tors - fabric.aggs, fabric.podOf(dest));
  }

  /** The uplink (agg position) ToR {@code tor} sends a packet to {@code dest} outside it on. */
  private int torUplink(int tor, int dest, int path) {
    return switch (scheme) {
      case SIMPLE_RR -> switchRotors[tor].next();
      case JSQ -> shortest(fabric.torUp(tor, 0));
      case RSQ -> random.nextInt(fabric.half);
      case HOST_DR -> fabric.podOf(dest) != tor / fabric.half ? path / fabric.half : path;
      case OFAN -> torRotors[tor][fabric.torOf(dest)].next();
    };
  }

  /** The uplink (core index l, to core position + half · l) agg {@code agg} sends a packet to {@code dest} outside its pod on. */
  private int aggUplink(int agg, int dest, int path) {
    return switch (scheme) {
      case SIMPLE_RR -> switchRotors[fabric.tors + agg].next();
      case JSQ -> shortest(fabric.aggUp(agg, 0));
      case RSQ -> random.nextInt(fabric.half);
      case HOST_DR -> path % fabric.half;
      case OFAN -> aggRotors[agg][fabric.podOf(dest)].next();
    };
  }

  /** Of the half ports from {@code first} on, one with the fewest packets now; ties by one nextInt(number tied). */
  private int shortest(int first) {
    int best = Integer.MAX_VALUE;
    int tied = 0;
    for (int j = 0; j < fabric.half; j++) {
      int q = queues.size(first + j);
      if (q < best) {
        best = q;
        tied = 1;
      } else if (q == best) {
        tied++;
      }
    }
    int pick = tied == 1 ? 0 : random.nextInt(tied);
    for (int j = 0; j < fabric.half; j++) {
      if (queues.size(first + j) == best && pick-- == 0) {
        return j;
      }
    }
    throw new IllegalStateException("no shortest uplink");
  }

  private void drawOfan(int[] destination) {
    int half = fabric.half;
    boolean[][] torSends = new boolean[fabric.tors][fabric.tors];
    boolean[][] podSends = new boolean[fabric.k][fabric.k];
    for (int h = 0; h < fabric.hosts; h++) {
      int d = destination[h];
      if (d >= 0) {
        torSends[fabric.torOf(h)][fabric.torOf(d)] = true;
        podSends[fabric.podOf(h)][fabric.podOf(d)] = true;
      }
    }
    torRotors = new Rotor[fabric.tors][fabric.tors];
    for (int t = 0; t < fabric.tors; t++) {
      for (int u = 0; u < fabric.tors; u++) {
        if (u != t && torSends[t][u]) {
          torRotors[t][u] = new Rotor(half, random);
        }
      }
    }
    aggRotors = new Rotor[fabric.aggs][fabric.k];
    for (int a = 0; a < fabric.aggs; a++) {
      for (int q = 0; q < fabric.k; q++) {
        if (q != a / half && podSends[a / half][q]) {
          aggRotors[a][q] = new Rotor(half, random);
        }
      }
    }
  }
}
