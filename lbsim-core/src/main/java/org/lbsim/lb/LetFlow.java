package org.lbsim.lb;

import java.util.function.LongSupplier;
import org.lbsim.net.EgressPort;
import org.lbsim.net.Packet;
import org.lbsim.net.PortSelector;
import org.lbsim.net.Switch;

/**
 * LetFlow (Vanini et al., NSDI 2017): flowlet switching with a uniformly random port for every new
 * flowlet. A flowlet ends when the flow has been silent for more than the gap; flowlets on a
 * congested path slow down and end sooner, so they get re-placed more often (the "elasticity" that
 * balances load without measuring it). Every switch decides independently.
 */
final class LetFlow implements PortSelector {
  private final LongSupplier clock;
  private final long gapPs;
  private final FlowletTable table;

  LetFlow(LongSupplier clock, long gapPs, int tableBits) {
    this.clock = clock;
    this.gapPs = gapPs;
    this.table = new FlowletTable(tableBits);
  }

  @Override
  public int select(Switch sw, Packet p, EgressPort[] candidates, int n) {
    int key = FlowletTable.key(p);
    int port = table.current(key, clock.getAsLong(), gapPs);
    if (port < 0 || port >= n) {
      port = sw.random().nextInt(n);
      table.start(key, port);
    }
    return port;
  }
}
