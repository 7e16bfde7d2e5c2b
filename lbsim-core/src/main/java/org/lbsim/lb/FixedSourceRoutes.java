package org.lbsim.lb;

import org.lbsim.net.EgressPort;
import org.lbsim.net.Packet;
import org.lbsim.net.PortSelector;
import org.lbsim.net.Routes;
import org.lbsim.net.Switch;

/**
 * Host DR's switches: a source-routed packet takes the up port its route names. A switch detours
 * one whose named port routing believes dead, by ECMP over the ports believed alive, except
 * under {@code profile: reference} ({@link ReferenceRoutes}): the study's sender puts a whole
 * path on each packet and its switches follow it, into a dead link if the path runs into one
 * ({@link HostDr}: a slot keeps the route it was first given).
 */
final class FixedSourceRoutes implements PortSelector {
  private final Ecmp ecmp = new Ecmp();

  @Override
  public int select(Switch sw, Packet p, EgressPort[] candidates, int n) {
    return ecmp.select(sw, p, candidates, n);
  }

  @Override
  public int select(Switch sw, Packet p, EgressPort[] up, int n, long usable, Routes routes) {
    if (routes instanceof ReferenceRoutes && p.route != Packet.NO_ROUTE) {
      int named = (p.route >>> (8 * sw.tier())) & 0xFF;
      if (named != 0xFF) {
        return named % n;
      }
    }
    return ecmp.select(sw, p, up, n, usable, routes);
  }
}
