package org.lbsim.net;

/**
 * What the fabric's routing currently believes about failed links (the converged forwarding
 * state), as switches and source-routing hosts consult it. Installed only when a scenario has
 * failures; without one a switch uses every up port, as in an intact fabric.
 *
 * <p>The belief lags reality: a link that fails leaves the forwarding tables only when routing
 * converges, G after the failure (and W-ECMP weights after their own delay), so until then
 * packets are still routed into it.
 */
public interface Routes {
  /** Changes whenever routes or weights converge, so that cached schedules can be rebuilt. */
  int epoch();

  /**
   * Bit i set = up port i of {@code sw} lies on a path to host {@code dst} that routing believes
   * alive. 0 = no such port (the caller then keeps using every port).
   */
  long usable(Switch sw, int dst);

  /** W-ECMP weights of {@code sw}'s up ports towards {@code dst} (0 = unusable), or null = all equal. */
  int[] weights(Switch sw, int dst);

  /** Whether a source route ({@link Packet#route}) from host {@code src} to {@code dst} avoids every link believed failed. */
  boolean routeUsable(int src, int dst, int route);

  /**
   * Whether routing believes some path from host {@code src} to {@code dst} alive inside plane
   * {@code plane} of a multi-plane fabric (a host's NIC then avoids a plane it believes cut off).
   */
  default boolean planeUsable(int src, int dst, int plane) {
    return true;
  }

  /**
   * The paths the converged W-ECMP weights give from host {@code src}'s first-tier switch to
   * {@code dst}'s inside plane {@code plane} (the sum of its up ports' weights towards {@code dst};
   * every plane has the same shape, so counts compare across planes), 1 on every plane when
   * both hosts share their first-tier switch; -1 while weights have not converged.
   */
  default int planePaths(int src, int dst, int plane) {
    return -1;
  }

  /** The index of the {@code i}-th set bit of {@code mask} (i from 0). */
  static int nth(long mask, int i) {
    long m = mask;
    for (int k = 0; k < i; k++) {
      m &= m - 1;
    }
    return Long.numberOfTrailingZeros(m);
  }
}
