package org.lbsim.lb;

import org.lbsim.net.EgressPort;
import org.lbsim.net.Packet;
import org.lbsim.net.PortSelector;
import org.lbsim.net.Routes;
import org.lbsim.net.Switch;

/**
 * The study's Simple RR (Table 3): per-switch round-robin over the up ports in one random order,
 * from a random starting position, never re-permuted. Uplinks stay balanced, but traffic to any
 * one destination need not be, which is what the study's queue analysis contrasts with Ofan.
 *
 * <p>Data packets and ACKs rotate on separate counters (two packet-size classes, as Ofan keys its
 * pointers): the study's analysis (its Appendix C) is about the data stream, whose synchronized
 * packets stick to uplinks; letting the ACKs of reverse flows advance the same counter would
 * shift that assignment by whatever number of ACKs happened to arrive in between.
 */
final class SimpleRr implements PortSelector {
  private final int[] order;
  private int next;
  private int nextAck;

  SimpleRr(Switch sw) {
    int n = Math.max(1, sw.upCount());
    this.order = Shuffle.randomOrder(n, sw.random());
    this.next = sw.random().nextInt(n);
    this.nextAck = sw.random().nextInt(n);
  }

  @Override
  public int select(Switch sw, Packet p, EgressPort[] candidates, int n) {
    if (p.type != Packet.DATA) {
      int choice = order[nextAck];
      nextAck = nextAck + 1 == n ? 0 : nextAck + 1;
      return choice;
    }
    int choice = order[next];
    next = next + 1 == n ? 0 : next + 1;
    return choice;
  }

  /** After routing converged: the rotation skips the ports that are not usable. */
  @Override
  public int select(Switch sw, Packet p, EgressPort[] up, int n, long usable, Routes routes) {
    boolean data = p.type == Packet.DATA;
    int pos = data ? next : nextAck;
    for (int t = 0; t < n; t++) {
      int port = order[pos];
      pos = pos + 1 == n ? 0 : pos + 1;
      if ((usable >>> port & 1) != 0) {
        if (data) {
          next = pos;
        } else {
          nextAck = pos;
        }
        return port;
      }
    }
    throw new IllegalStateException("no usable port in the rotation");
  }
}
