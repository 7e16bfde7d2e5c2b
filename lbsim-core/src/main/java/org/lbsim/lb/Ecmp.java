package org.lbsim.lb;

import org.lbsim.net.EgressPort;
import org.lbsim.net.Packet;
import org.lbsim.net.PortSelector;
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
}
