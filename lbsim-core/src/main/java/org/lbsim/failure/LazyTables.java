package org.lbsim.failure;

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
 */
public final class LazyTables implements Routes {
  private final Convergence convergence;
  private final int hosts;
  private final long[][] entry; // [switch id][dst host]: the usable up ports the entry names
  private final boolean[][] built; // [switch id][dst host]
  private boolean[] linksDown; // the links failed now
  private boolean fresh; // the links failed now differ from those routes converged on

  public LazyTables(Convergence convergence) {
    this.convergence = convergence;
    this.hosts = convergence.hosts();
    this.entry = new long[convergence.switchIds()][];
    this.built = new boolean[convergence.switchIds()][];
  }

  /** The links failed now changed at {@code nowPs} (failure or recovery); routing has not converged on them. */
  public void linksChanged(boolean[] down, long nowPs) {
    linksDown = down.clone();
    fresh = nowPs > 0; // at time 0 every entry was built before the change
  }

  /** Routes converged on {@code down}: every entry is dropped and rebuilt on first use. */
  public void routesConverged(boolean[] down) {
    for (boolean[] b : built) {
      if (b != null) {
        Arrays.fill(b, false);
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
    int id = sw.id();
    if (built[id] == null) {
      built[id] = new boolean[hosts];
      entry[id] = new long[hosts];
    }
    if (!built[id][dst]) {
      built[id][dst] = true;
      entry[id][dst] = fresh ? convergence.usableWith(linksDown, sw, dst) : convergence.usable(sw, dst);
    }
    return entry[id][dst];
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
