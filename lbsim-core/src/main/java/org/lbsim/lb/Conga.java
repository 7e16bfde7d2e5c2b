package org.lbsim.lb;

import java.util.Arrays;
import java.util.function.LongSupplier;
import org.lbsim.net.EgressPort;
import org.lbsim.net.Packet;
import org.lbsim.net.PacketExtras;
import org.lbsim.net.PortSelector;
import org.lbsim.net.Routes;
import org.lbsim.net.Switch;
import org.lbsim.topo.Topology;

/**
 * CONGA (Alizadeh et al., SIGCOMM 2014): leaf-to-leaf congestion feedback, decisions per flowlet
 * at the source leaf.
 *
 * <ul>
 *   <li>Every switch keeps a discounting rate estimator (DRE) per egress port: X grows by the bytes
 *       of each packet forwarded and shrinks by a factor (1 - alpha) every period, so X tracks the
 *       bytes sent in the last tau = period / alpha; its level is X / (rate * tau) quantized to
 *       {@code qBits} bits.
 *   <li>The source leaf stamps the packet with the path it chose (LBTag) and its uplink's level;
 *       every later switch raises the metric to its egress port's level.
 *   <li>The destination leaf stores the metric as Congestion-From-Leaf[source leaf][tag] and feeds
 *       one entry back on each packet it sends towards that leaf (round-robin over the tags,
 *       entries changed since they were last fed back first). The receiving leaf stores it as
 *       Congestion-To-Leaf[destination leaf][tag].
 *   <li>A new flowlet takes the tag that minimizes max(local uplink level, Congestion-To-Leaf),
 *       keeping its previous tag among equals, otherwise breaking ties at random.
 * </ul>
 *
 * <p>Tags are the leaf-to-leaf paths, a ToR playing the leaf: towards a destination whose lowest
 * common tier with it is c, the {@link Topology#upPaths}(c) ways up to that tier, tag i taking up
 * port i mod upPorts(0) at the leaf and i div upPaths(t) mod upPorts(t) at tier t (as Host DR
 * numbers them, {@link DrPaths#route}). In a leaf-spine a path is the uplink (spine); in a fat
 * tree, towards a ToR in its own pod it is the aggregation switch (uplink), towards another pod
 * the core, i.e. (uplink j, aggregation uplink l) with tag j + l*k/2. The leaf source-routes the
 * hops above it where a tier has more than one up port, so that the path it measured is the path
 * taken.
 * Defaults scale the paper's estimator (T_dre = 20 µs, alpha = 0.1 at 10 Gb/s, tau = 200 µs, a few
 * RTTs there) to T_dre = 1 µs, tau = 10 µs, about 1.5 unloaded inter-pod RTTs at 800 Gb/s; the
 * flowlet gap defaults to 10 µs as for LetFlow. Congestion-To-Leaf entries do not age (the paper ages stale entries to zero after ~10 ms,
 * beyond the runs simulated here).
 */
final class Conga implements PortSelector {
  private static final int DECAY_TABLE = 64;

  private final LongSupplier clock;
  private final boolean leaf;
  private final int leafHosts;
  private final int myLeaf;
  private final Topology topology;
  private final int myFirstHost;
  private final int maxPaths;
  private final EgressPort[] up;
  private final int downCount;

  // DRE per port: down ports first, then up ports.
  private final long periodPs;
  private final double[] dre;
  private final long[] dreTick;
  private final double[] levelPerByte;
  private final double[] decay;
  private final double keep;
  private final int maxLevel;

  // leaf state, indexed [leaf * maxPaths + tag]; -1 = never measured
  private final int[] fromLeaf;
  private final boolean[] fromLeafChanged;
  private final int[] feedbackNext;
  private final int[] toLeaf;
  private final FlowletTable flowlets;
  private final long gapPs;
  private final int[] ties;
  private int pendingTag = -1;

  /** @param topology the fabric's shape, whose ways up are the tags */
  Conga(Switch sw, LongSupplier clock, Topology topology, long gapPs, int tableBits, long periodPs, double alpha,
      int qBits) {
    this.clock = clock;
    this.leaf = sw.tier() == 0;
    this.leafHosts = leaf ? sw.span() : 1;
    this.myLeaf = sw.firstHost() / leafHosts;
    this.myFirstHost = sw.firstHost();
    this.topology = topology;
    this.up = sw.upPorts();
    this.downCount = sw.downPorts().length;
    this.maxPaths = Math.max(1, topology.upPaths(topology.tiers() - 1));
    int hosts = topology.hosts();
    this.periodPs = periodPs;
    int ports = downCount + up.length;
    this.dre = new double[ports];
    this.dreTick = new long[ports];
    this.levelPerByte = new double[ports];
    this.maxLevel = (1 << qBits) - 1;
    double tauPs = periodPs / alpha;
    EgressPort[] down = sw.downPorts();
    for (int i = 0; i < ports; i++) {
      EgressPort port = i < downCount ? down[i] : up[i - downCount];
      double bytesPerPs = port.config().bitsPerSecond() / 8e12;
      levelPerByte[i] = (1 << qBits) / (bytesPerPs * tauPs);
    }
    this.keep = 1 - alpha;
    this.decay = new double[DECAY_TABLE];
    for (int k = 0; k < DECAY_TABLE; k++) {
      decay[k] = Math.pow(keep, k);
    }
    int leaves = leaf ? hosts / leafHosts : 0;
    this.fromLeaf = new int[leaves * maxPaths];
    this.fromLeafChanged = new boolean[leaves * maxPaths];
    this.toLeaf = new int[leaves * maxPaths];
    Arrays.fill(fromLeaf, -1);
    Arrays.fill(toLeaf, -1);
    this.feedbackNext = new int[leaves];
    this.flowlets = leaf ? new FlowletTable(tableBits) : null;
    this.gapPs = gapPs;
    this.ties = new int[maxPaths];
  }

  @Override
  public boolean observesAll() {
    return true;
  }

  @Override
  public int select(Switch sw, Packet p, EgressPort[] candidates, int n) {
    if (!leaf) {
      // Only reached by packets the source ToR did not route (it always does when it has a
      // choice): hash like ECMP.
      return (int) (Integer.toUnsignedLong(Lookup2.hash(p.flow, p.entropy, sw.salt())) % n);
    }
    long now = clock.getAsLong();
    int dstLeaf = p.dst / leafHosts;
    int top = topology.lowestCommonTier(myFirstHost, p.dst);
    int paths = topology.upPaths(top);
    int key = FlowletTable.key(p);
    int previous = flowlets.previous(key);
    int tag = flowlets.current(key, now, gapPs);
    if (tag < 0 || tag >= paths) {
      tag = bestTag(sw, dstLeaf, paths, previous, now);
      flowlets.start(key, tag);
    }
    for (int tier = 1; tier < top; tier++) {
      int ports = topology.upPorts(tier);
      if (ports > 1) {
        p.route = Packet.routeWith(p.route, tier, tag / topology.upPaths(tier) % ports);
      }
    }
    pendingTag = tag;
    return uplinkOf(tag);
  }

  /**
   * After routing converged: CONGA's path table is not failure-aware, so a tag whose uplink is
   * no longer usable is replaced by a random usable uplink and the hops above the leaf are left
   * to those switches' converged routing (a live path, but unmeasured).
   */
  @Override
  public int select(Switch sw, Packet p, EgressPort[] up, int n, long usable, Routes routes) {
    int choice = select(sw, p, up, n);
    if ((usable >>> choice & 1) != 0) {
      return choice;
    }
    for (int tier = 1; tier < topology.tiers(); tier++) {
      p.route = Packet.routeWith(p.route, tier, 0xFF);
    }
    pendingTag = -1; // the tag stamped is then the uplink taken
    return Routes.nth(usable, sw.random().nextInt(Long.bitCount(usable)));
  }

  private int bestTag(Switch sw, int dstLeaf, int paths, int previous, long now) {
    int base = dstLeaf * maxPaths;
    int best = Integer.MAX_VALUE;
    int count = 0;
    boolean keepPrevious = false;
    for (int t = 0; t < paths; t++) {
      int cost = Math.max(level(downCount + uplinkOf(t), now), Math.max(0, toLeaf[base + t]));
      if (cost < best) {
        best = cost;
        count = 0;
        keepPrevious = false;
      }
      if (cost == best) {
        ties[count++] = t;
        keepPrevious |= t == previous;
      }
    }
    if (keepPrevious) {
      return previous;
    }
    return count == 1 ? ties[0] : ties[sw.random().nextInt(count)];
  }

  @Override
  public void onForward(Switch sw, Packet p, EgressPort out, boolean goingUp) {
    long now = clock.getAsLong();
    int idx = goingUp ? downCount + upIndex(out) : (p.dst - sw.firstHost()) / sw.hostsPerChild();
    int level = send(idx, p.sizeBytes, now);
    if (!leaf) {
      p.extras().congaMetric = Math.max(p.congaMetric(), level);
    } else if (goingUp) {
      int dstLeaf = p.dst / leafHosts;
      p.extras().congaTag = pendingTag >= 0 ? pendingTag : idx - downCount;
      pendingTag = -1;
      p.extras().congaMetric = level;
      piggyback(p, dstLeaf);
    } else {
      int srcLeaf = p.src / leafHosts;
      if (srcLeaf != myLeaf) {
        // The host link is not part of any leaf-to-leaf path, so its level is not folded in.
        int slot = srcLeaf * maxPaths + p.congaTag();
        if (fromLeaf[slot] != p.congaMetric()) {
          fromLeaf[slot] = p.congaMetric();
          fromLeafChanged[slot] = true;
        }
        if (p.congaFbTag() >= 0) {
          toLeaf[srcLeaf * maxPaths + p.congaFbTag()] = p.congaFbMetric();
        }
      }
    }
  }

  /** Puts one Congestion-From-Leaf entry about paths from {@code dstLeaf} on the packet. */
  private void piggyback(Packet p, int dstLeaf) {
    int paths = pathsTo(dstLeaf);
    int base = dstLeaf * maxPaths;
    int start = feedbackNext[dstLeaf];
    int chosen = -1;
    for (int i = 0; i < paths && chosen < 0; i++) {
      int t = (start + i) % paths;
      if (fromLeafChanged[base + t]) {
        chosen = t;
      }
    }
    for (int i = 0; i < paths && chosen < 0; i++) {
      int t = (start + i) % paths;
      if (fromLeaf[base + t] >= 0) {
        chosen = t;
      }
    }
    if (chosen < 0) {
      p.extras().congaFbTag = -1;
      return;
    }
    PacketExtras x = p.extras();
    x.congaFbTag = chosen;
    x.congaFbMetric = fromLeaf[base + chosen];
    fromLeafChanged[base + chosen] = false;
    feedbackNext[dstLeaf] = (chosen + 1) % paths;
  }

  /** Leaf-to-leaf paths from this leaf to {@code dstLeaf}. */
  private int pathsTo(int dstLeaf) {
    return topology.paths(myFirstHost, dstLeaf * leafHosts);
  }

  private int uplinkOf(int tag) {
    return tag % up.length;
  }

  private int upIndex(EgressPort out) {
    for (int i = 0; i < up.length; i++) {
      if (up[i] == out) {
        return i;
      }
    }
    throw new IllegalStateException("port " + out.name() + " is not an uplink of this switch");
  }

  /** Accounts a packet sent on port {@code i} and returns the port's quantized level. */
  int send(int i, int bytes, long now) {
    decayTo(i, now);
    dre[i] += bytes;
    return quantize(i);
  }

  /** The quantized level of port {@code i} now. */
  int level(int i, long now) {
    decayTo(i, now);
    return quantize(i);
  }

  private int quantize(int i) {
    int q = (int) (dre[i] * levelPerByte[i]);
    return Math.min(q, maxLevel);
  }

  private void decayTo(int i, long now) {
    long tick = now / periodPs;
    long k = tick - dreTick[i];
    if (k > 0) {
      dre[i] *= k < DECAY_TABLE ? decay[(int) k] : Math.pow(keep, k);
      dreTick[i] = tick;
    }
  }

  /** Congestion-To-Leaf[dstLeaf][tag], -1 when nothing was fed back yet (for tests). */
  int congestionTo(int dstLeaf, int tag) {
    return toLeaf[dstLeaf * maxPaths + tag];
  }

  /** Congestion-From-Leaf[srcLeaf][tag], -1 when nothing arrived yet (for tests). */
  int congestionFrom(int srcLeaf, int tag) {
    return fromLeaf[srcLeaf * maxPaths + tag];
  }
}
