package org.lbsim.lb;

import org.lbsim.net.EgressPort;
import org.lbsim.net.Packet;
import org.lbsim.net.PortSelector;
import org.lbsim.net.Switch;

/**
 * The study's RSQ (Table 3): a uniformly random up port per packet, i.e. Switch Pkt AR with a
 * single quantization bucket. Unlike host spraying it needs no hash, only the switch's stream.
 */
final class Rsq implements PortSelector {
  @Override
  public int select(Switch sw, Packet p, EgressPort[] candidates, int n) {
    return sw.random().nextInt(n);
  }
}
