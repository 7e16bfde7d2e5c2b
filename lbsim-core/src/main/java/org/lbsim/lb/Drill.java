package org.lbsim.lb;

import org.lbsim.net.EgressPort;
import org.lbsim.net.Packet;
import org.lbsim.net.PortSelector;
import org.lbsim.net.Routes;
import org.lbsim.net.Switch;

/**
 * DRILL (Ghorbani et al., SIGCOMM 2017): per packet, compare the queues of d uniformly sampled up
 * ports and of the m best ports remembered from the previous decision, send to the least loaded,
 * and remember the m least loaded of those compared. The memory is what keeps the power of a few
 * choices from herding: a good port found once stays a candidate.
 *
 * <p>Load is the port's queued bytes. Samples are drawn with replacement. Ties go to the earliest
 * compared (memory before samples), so an equally short remembered port is kept; with m = 0 the
 * first sample wins a tie, which is itself random.
 */
final class Drill implements PortSelector {
  private final int d;
  private final int m;
  private final int[] memory;
  private int remembered;
  private final int[] seen;
  private final long[] load;

  Drill(Switch sw, int d, int m) {
    this.d = d;
    this.m = m;
    this.memory = new int[Math.max(1, m)];
    this.seen = new int[d + m];
    this.load = new long[d + m];
  }

  @Override
  public int select(Switch sw, Packet p, EgressPort[] candidates, int n) {
    return pick(sw, candidates, n, -1L);
  }

  /** After routing converged: samples and remembered ports are drawn from the usable ports only. */
  @Override
  public int select(Switch sw, Packet p, EgressPort[] up, int n, long usable, Routes routes) {
    return pick(sw, up, n, usable);
  }

  private int pick(Switch sw, EgressPort[] candidates, int n, long usable) {
    int live = usable == -1L ? n : Long.bitCount(usable);
    int c = 0;
    for (int i = 0; i < remembered; i++) {
      if ((usable >>> memory[i] & 1) != 0) {
        c = add(memory[i], candidates, c);
      }
    }
    for (int i = 0; i < d; i++) {
      int r = sw.random().nextInt(live);
      c = add(usable == -1L ? r : Routes.nth(usable, r), candidates, c);
    }
    // Keep the m least loaded (stable: earlier entries win ties) by m passes of selection.
    remembered = 0;
    int best = -1;
    for (int r = 0; r < m || best < 0; r++) {
      int arg = -1;
      for (int i = 0; i < c; i++) {
        if (seen[i] >= 0 && (arg < 0 || load[i] < load[arg])) {
          arg = i;
        }
      }
      if (arg < 0) {
        break;
      }
      if (best < 0) {
        best = seen[arg];
      }
      if (r < m) {
        memory[remembered++] = seen[arg];
      }
      seen[arg] = -1;
    }
    return best;
  }

  /** Adds a port to the compared set unless it is already in it. */
  private int add(int port, EgressPort[] candidates, int c) {
    for (int i = 0; i < c; i++) {
      if (seen[i] == port) {
        return c;
      }
    }
    seen[c] = port;
    load[c] = candidates[port].queuedBytes();
    return c + 1;
  }
}
