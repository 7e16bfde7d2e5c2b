package org.lbsim.lb;

import org.lbsim.net.EgressPort;
import org.lbsim.net.Packet;
import org.lbsim.net.PortSelector;
import org.lbsim.net.Routes;
import org.lbsim.net.Switch;

/**
 * Equal-cost multi-path: hash of (flow id, path entropy, switch salt) modulo the number of
 * candidates. Every packet of a flow with a fixed entropy takes the same path; a host that
 * changes the entropy per packet turns ECMP into oblivious spraying.
 */
public final class Ecmp implements PortSelector {
  @Override
  public int select(Switch sw, Packet p, EgressPort[] candidates, int n) {
    int h = Lookup2.hash(p.flow, p.entropy, sw.salt());
    return (int) (Integer.toUnsignedLong(h) % n);
  }

  /**
   * Weighted ECMP once routing has converged: the hash picks among the usable ports, each
   * repeated as often as its W-ECMP weight (the reference's weighted FIB list), or once each
   * before the weights have converged.
   */
  @Override
  public int select(Switch sw, Packet p, EgressPort[] up, int n, long usable, Routes routes) {
    long h = Integer.toUnsignedLong(Lookup2.hash(p.flow, p.entropy, sw.salt()));
    int[] w = routes.weights(sw, p.dst);
    long total = 0;
    if (w != null) {
      for (int i = 0; i < n; i++) {
        total += (usable >>> i & 1) != 0 ? w[i] : 0;
      }
    }
    if (total == 0) {
      return Routes.nth(usable, (int) (h % Long.bitCount(usable)));
    }
    long r = h % total;
    for (int i = 0; i < n; i++) {
      if ((usable >>> i & 1) != 0) {
        r -= w[i];
        if (r < 0) {
          return i;
        }
      }
    }
    throw new IllegalStateException("weighted ECMP walked past its total");
  }
}
