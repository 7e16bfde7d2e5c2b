package org.lbsim.failure;

import it.unimi.dsi.fastutil.ints.Int2LongOpenHashMap;
import java.util.Arrays;
import org.lbsim.net.Routes;
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
 * <p>An agg's table is a hash map from destination host to entry, made when the agg first routes
 * a packet up and holding only the destinations it has routed since routes last converged: its
 * memory follows the (agg, destination) pairs a run's packets use, not aggs × hosts
 * ({@code MemoryEstimate} counts it).
 */
public final class LazyTables implements Routes {
  private final Convergence convergence;
  // map.get's answer for a destination without an entry; an entry can hold it too (only uplink 63 usable)
  private static final long ABSENT = Long.MIN_VALUE;
  private final Int2LongOpenHashMap[] table; // [switch id], null until the agg routes a packet: dst host -> usable up ports
  private boolean[] linksDown; // the links failed now
  private boolean fresh; // the links failed now differ from those routes converged on

  public LazyTables(Convergence convergence) {
    this.convergence = convergence;
    this.table = new Int2LongOpenHashMap[convergence.switchIds()];
  }

  /** The links failed now changed at {@code nowPs} (failure or recovery); routing has not converged on them. */
  public void linksChanged(boolean[] down, long nowPs) {
    linksDown = down.clone();
    fresh = nowPs > 0; // at time 0 every entry was built before the change
  }

  /** Routes converged on {@code down}: every entry is dropped and rebuilt on first use. */
  public void routesConverged(boolean[] down) {
    for (Int2LongOpenHashMap t : table) {
      if (t != null) {
        t.clear(); // keeps its arrays: the next entries fill them again
      }
    }
    fresh = linksDown != null && !Arrays.equals(linksDown, down);
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

  @Override
  public int[] weights(Switch sw, int dst) {
    return convergence.weights(sw, dst);
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
