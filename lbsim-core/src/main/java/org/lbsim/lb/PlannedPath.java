package org.lbsim.lb;

import org.lbsim.net.Packet;
import org.lbsim.net.Routes;

/**
 * A flow pinned to the one source route a central controller planned for it ({@link RoutePlan}).
 * On P planes the plan is the same in every plane, each carrying 1/P of every flow: the route
 * names no plane, and the NIC rotates the flow's packets over the planes (central-te's
 * {@link LbDesign.PlaneChoice#ROTATION}), each on the planned route inside its plane.
 *
 * <p>With failures the controller is only as good as routing's converged view: while that view
 * believes the planned path alive the flow stays on it (and loses packets if it is in fact
 * dead); while the view has dropped it, the flow rotates over the paths still believed alive as
 * Host DR does (its own start slot, one pointer kept across later convergences), and it returns
 * to the planned path if routing revives it. Re-planning every flow at each convergence is
 * beyond what the study's failure model describes.
 */
final class PlannedPath implements PathPolicy {
  private final int route;
  private final int[] candidates;
  private final int fallbackStart;
  private final Routes view;
  private final int src;
  private final int dst;
  private int viewEpoch = Integer.MIN_VALUE;
  private boolean detour;
  private HostDr fallback;

  /**
   * @param candidates the rotation set to fall back to when routing drops the planned route
   * @param fallbackStart the slot the first detoured packet takes (Host DR's draw for this flow)
   * @param view routing's view of failures, or null on an intact fabric
   */
  PlannedPath(int route, int[] candidates, int fallbackStart, Routes view, int src, int dst) {
    this.route = route;
    this.candidates = candidates;
    this.fallbackStart = fallbackStart;
    this.view = view;
    this.src = src;
    this.dst = dst;
  }

  @Override
  public void choose(Packet p, long nowPs) {
    if (view != null && view.epoch() != viewEpoch) {
      viewEpoch = view.epoch();
      detour = route != Packet.NO_ROUTE && !view.routeUsable(src, dst, route);
      if (detour && fallback == null) {
        fallback = new HostDr(candidates, fallbackStart).following(view, src, dst); // follows later epochs itself
      }
    }
    if (detour) {
      fallback.choose(p, nowPs);
      return;
    }
    p.route = route;
    p.entropy = 0;
  }
}
