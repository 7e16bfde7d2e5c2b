package org.lbsim.failure;

import it.unimi.dsi.fastutil.ints.Int2LongOpenHashMap;
import java.util.Arrays;
import org.lbsim.lb.ReferenceRoutes;
import org.lbsim.net.Switch;

/**
 * The study simulator's forwarding tables at aggregation switches (profile: reference): an agg
 * builds its entry for a destination host when the first packet to that host passes it, from the
 * links failed at that moment, and keeps it until routes converge. So between a failure and
 * convergence an entry built earlier still routes into the dead link (stale), while one built
 * later already avoids it. A failure at time 0 finds every entry built (the reference fills all
 * tables before a failure at time 0), so all of them are stale. Convergence drops every entry;
 * they are rebuilt on first use from the converged view. ToRs and the other switches use the
 * converged view throughout ({@link Convergence}).
 *
 * <p>Several links failing at time 0 fail one after another, in the order given, and the tables
 * are filled before each: fill i sees the first i links failed. An agg's entry lists an up port
 * once per fill that found it usable (the reference appends to its entries), so until routes
 * converge each port weighs as many times as fills listed it ({@link #weights}): with agg0-core0
 * and agg0-core4 failed, agg0's entries hold core0 once and cores 4, 8, 12 twice. Ofan's
 * rotations follow the links failed when they are built ({@link #rotationWeights}): at time 0 the
 * last fill's, when routes converge and on first use the links failed then.
 *
 * <p>Once W-ECMP weights converge, a ToR weighs its uplinks alike for every destination
 * ({@link #weights}): for each failed agg–core link, with q the position of its agg in its pod,
 * which the reference takes for a pod number, a ToR of pod q weighs the uplink to its agg at j
 * by that agg's live uplinks, a ToR of another pod by the cores at position j whose link down to
 * pod q's agg j is up; the weights of several failed links add up.
 *
 * <p>An agg's table is a hash map from destination host to entry, made when the agg first routes
 * a packet up and holding only the destinations it has routed since routes last converged: its
 * memory follows the (agg, destination) pairs a run's packets use, not aggs × hosts
 * ({@code MemoryEstimate} counts it).
 */
public final class LazyTables implements ReferenceRoutes {
  private final Convergence convergence;
  // map.get's answer for a destination without an entry; an entry can hold it too (only uplink 63 usable)
  private static final long ABSENT = Long.MIN_VALUE;
  private final Int2LongOpenHashMap[] table; // [switch id], null until the agg routes a packet: dst host -> usable up ports
  private final Links links; // null: no failed links known in order (no fills, no ToR weights of the reference)
  private final int[] failed; // the failed links, in the order they fail
  private boolean[] linksDown; // the links failed now
  private boolean fresh; // the links failed now differ from those routes converged on
  private boolean[][] fills; // while entries from sequential fills at time 0 stand: fill i's failed links; else null
  private boolean[] lastFill; // until routes converge after a failure at time 0: the links the last fill saw failed
  private int[][][] fillWeights; // [switch id][dst ToR]: each up port's count over the fills, made on first use
  private int[][] torWeights; // [switch id]: a ToR's weights for every destination once weights converged; else null

  /** Aggregation switches' entries without the reference's fills and ToR weights (tests of the entries alone). */
  public LazyTables(Convergence convergence) {
    this(convergence, null, new int[0]);
  }

  /**
   * @param links the fabric's links
   * @param failed the links that fail, in the order the reference's failure managers fail them
   */
  public LazyTables(Convergence convergence, Links links, int[] failed) {
    this.convergence = convergence;
    this.table = new Int2LongOpenHashMap[convergence.switchIds()];
    this.links = links;
    this.failed = failed.clone();
  }

  /** The links failed now changed at {@code nowPs} (failure or recovery); routing has not converged on them. */
  public void linksChanged(boolean[] down, long nowPs) {
    linksDown = down.clone();
    fresh = nowPs > 0; // at time 0 every entry was built before the change
    if (nowPs == 0 && links != null && failed.length > 0 && down[failed[0]]) {
      lastFill = new boolean[down.length];
      for (int j = 0; j < failed.length - 1; j++) {
        lastFill[failed[j]] = true;
      }
    }
    if (nowPs == 0 && links != null && failed.length > 1 && down[failed[0]]) {
      fills = new boolean[failed.length][];
      for (int i = 0; i < failed.length; i++) {
        fills[i] = new boolean[down.length];
        for (int j = 0; j < i; j++) {
          fills[i][failed[j]] = true;
        }
      }
      fillWeights = new int[convergence.switchIds()][][];
    }
  }

  /** Routes converged on {@code down}: every entry is dropped and rebuilt on first use. */
  public void routesConverged(boolean[] down) {
    for (Int2LongOpenHashMap t : table) {
      if (t != null) {
        t.clear(); // keeps its arrays: the next entries fill them again
      }
    }
    fresh = linksDown != null && !Arrays.equals(linksDown, down);
    fills = null;
    fillWeights = null;
    lastFill = null;
  }

  /** W-ECMP weights converged on {@code down}: every ToR takes the reference's weights, alike for every destination. */
  public void weightsConverged(boolean[] down) {
    torWeights = links == null ? null : ReferenceTorWeights.of(links, failed, down);
  }

  /** The convergence underneath (W-ECMP weights, source routes and planes come from it). */
  public Convergence convergence() {
    return convergence;
  }

  @Override
  public int epoch() {
    return convergence.epoch();
  }

  @Override
  public long usable(Switch sw, int dst) {
    if (!convergence.isAgg(sw)) {
      return convergence.usable(sw, dst);
    }
    Int2LongOpenHashMap t = table[sw.id()];
    if (t == null) {
      t = new Int2LongOpenHashMap();
      t.defaultReturnValue(ABSENT);
      table[sw.id()] = t;
    }
    long e = t.get(dst);
    if (e == ABSENT && !t.containsKey(dst)) {
      e = fresh ? convergence.usableWith(linksDown, sw, dst) : convergence.usable(sw, dst);
      t.put(dst, e);
    }
    return e;
  }

  /** The entries built now, over every agg (each a destination host an agg routed up since routes last converged). */
  long entries() {
    long n = 0;
    for (Int2LongOpenHashMap t : table) {
      n += t == null ? 0 : t.size();
    }
    return n;
  }

  /**
   * An agg's entry while the sequential fills of time 0 stand: each up port weighs as many times
   * as fills listed it. A ToR once weights converged: the reference's weights, alike for every
   * destination. Otherwise the converged W-ECMP weights.
   */
  @Override
  public int[] weights(Switch sw, int dst) {
    if (fills != null && convergence.isAgg(sw)) {
      return fillWeights(sw, dst);
    }
    int[] w = convergence.weights(sw, dst);
    if (w != null && torWeights != null && convergence.isTor(sw) && torWeights[sw.id()] != null) {
      return torWeights[sw.id()];
    }
    return w;
  }

  /**
   * The path counts of the links failed when Ofan builds the rotation: until routes converge after
   * a failure at time 0, the links the last fill saw failed; otherwise the links failed now (a
   * rotation is rebuilt when routes converge, and built on first use). With no such link, the
   * converged W-ECMP weights (null before they converge: all equal).
   */
  @Override
  public int[] rotationWeights(Switch sw, int dst) {
    boolean[] down = lastFill != null ? lastFill : linksDown;
    if (down == null || !anyDown(down)) {
      return convergence.weights(sw, dst);
    }
    return convergence.weightsWith(down, sw, dst);
  }

  private static boolean anyDown(boolean[] down) {
    for (boolean d : down) {
      if (d) {
        return true;
      }
    }
    return false;
  }

  private int[] fillWeights(Switch sw, int dst) {
    int tor = dst / links.hostsPerTor;
    int[][] bySwitch = fillWeights[sw.id()];
    if (bySwitch == null) {
      bySwitch = new int[links.topology.tors()][];
      fillWeights[sw.id()] = bySwitch;
    }
    int[] w = bySwitch[tor];
    if (w == null) {
      w = new int[convergence.upPorts(sw)];
      for (boolean[] down : fills) {
        long m = convergence.usableWith(down, sw, dst);
        for (int i = 0; i < w.length; i++) {
          w[i] += (int) (m >>> i & 1);
        }
      }
      bySwitch[tor] = w;
    }
    return w;
  }

  @Override
  public boolean routeUsable(int src, int dst, int route) {
    return convergence.routeUsable(src, dst, route);
  }

  @Override
  public boolean planeUsable(int src, int dst, int plane) {
    return convergence.planeUsable(src, dst, plane);
  }

  @Override
  public int planePaths(int src, int dst, int plane) {
    return convergence.planePaths(src, dst, plane);
  }
}
