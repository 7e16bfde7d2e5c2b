package org.lbsim.lb;

import org.lbsim.net.Routes;
import org.lbsim.net.Switch;

/**
 * Routing's view under failures as the study's simulator keeps it ({@code profile: reference};
 * docs/reference-profile.md). Designs that the study's simulator runs differently under failures
 * read it from here:
 * <ul>
 *   <li>Ofan builds its rotations from {@link #rotationWeights}, which its simulator derives from
 *       the links failed when it last filled the tables, not from the forwarding entries' W-ECMP
 *       weights;
 *   <li>Host DR keeps the rotation length a flow started with and the route each slot was first
 *       given ({@link HostDr}).
 * </ul>
 */
public interface ReferenceRoutes extends Routes {
  /**
   * The per-port weights of {@code sw}'s up ports towards host {@code dst} that Ofan's rotation
   * is built from (0 = not in the rotation), or null = all equal.
   */
  int[] rotationWeights(Switch sw, int dst);
}
