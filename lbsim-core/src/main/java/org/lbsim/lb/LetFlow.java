package org.lbsim.lb;

import java.util.function.LongSupplier;
import org.lbsim.net.EgressPort;
import org.lbsim.net.Packet;
import org.lbsim.net.PortSelector;
import org.lbsim.net.Routes;
import org.lbsim.net.Switch;

/**
 * LetFlow (Vanini et al., NSDI 2017): flowlet switching with a uniformly random port for every new
 * flowlet. A flowlet ends when the flow has been silent for more than the gap; flowlets on a
 * congested path slow down and end sooner, so they get re-placed more often (the "elasticity" that
 * balances load without measuring it). Every switch decides independently.
 *
 * <p>The default gap (10 µs) is not the paper's: its timeouts of hundreds of microseconds match
 * the path-delay spread of 10–40 Gb/s fabrics, while at 800 Gb/s with 0.5 µs links an inter-pod
 * RTT is about 6.5 µs and a full 800 KB queue drains in 8 µs. 10 µs is also the study simulator's
 * own flowlet gap (fl_ar), which keeps the designs comparable.
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

  /** After routing converged: a flowlet on a port that is no longer usable moves to a random usable one. */
  @Override
  public int select(Switch sw, Packet p, EgressPort[] up, int n, long usable, Routes routes) {
    int key = FlowletTable.key(p);
    int port = table.current(key, clock.getAsLong(), gapPs);
    if (port < 0 || port >= n || (usable >>> port & 1) == 0) {
      port = Routes.nth(usable, sw.random().nextInt(Long.bitCount(usable)));
      table.start(key, port);
    }
    return port;
  }
}
