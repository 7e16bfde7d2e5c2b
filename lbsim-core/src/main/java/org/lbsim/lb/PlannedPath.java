package org.lbsim.lb;

import org.lbsim.net.Packet;
import org.lbsim.net.Routes;

/**
 * A flow pinned to the one source route a central controller planned for it ({@link RoutePlan}).
 *
 * <p>With failures the controller is only as good as routing's converged view: while that view
 * believes the planned path alive the flow stays on it (and loses packets if it is in fact
 * dead); once the view drops it, the flow falls back to destination rotation over the paths
 * still believed alive (as Host DR does), because re-planning every flow at each convergence
 * is beyond what the study's failure model describes.
 */
final class PlannedPath implements PathPolicy {
  private final int route;
  private final int[] candidates;
  private final Routes view;
  private final int src;
  private final int dst;
  private int viewEpoch = Integer.MIN_VALUE;
  private HostDr fallback;

  /**
   * @param candidates the rotation set to fall back to when routing drops the planned route
   * @param view routing's view of failures, or null on an intact fabric
   */
  PlannedPath(int route, int[] candidates, Routes view, int src, int dst) {
    this.route = route;
    this.candidates = candidates;
    this.view = view;
    this.src = src;
    this.dst = dst;
  }

  @Override
  public void choose(Packet p, long nowPs) {
    if (view != null && view.epoch() != viewEpoch) {
      viewEpoch = view.epoch();
      boolean alive = route == Packet.NO_ROUTE || view.routeUsable(src, dst, route);
      fallback = alive ? null : new HostDr(candidates, 0).following(view, src, dst);
    }
    if (fallback != null) {
      fallback.choose(p, nowPs);
      return;
    }
    p.route = route;
    p.entropy = 0;
  }
}
