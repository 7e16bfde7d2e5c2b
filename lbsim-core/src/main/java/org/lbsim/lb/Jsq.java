package org.lbsim.lb;

import org.lbsim.net.EgressPort;
import org.lbsim.net.Packet;
import org.lbsim.net.PortSelector;
import org.lbsim.net.Switch;

/**
 * The study's JSQ (Table 3): join the shortest queue, measured exactly in bytes (no quantization,
 * no staleness); ties are broken uniformly at random so that idle ports share the load.
 */
final class Jsq implements PortSelector {
  private final int[] tied;

  Jsq(Switch sw) {
    this.tied = new int[Math.max(1, sw.upCount())];
  }

  @Override
  public int select(Switch sw, Packet p, EgressPort[] candidates, int n) {
    long best = Long.MAX_VALUE;
    int count = 0;
    for (int i = 0; i < n; i++) {
      long q = candidates[i].queuedBytes();
      if (q < best) {
        best = q;
        count = 0;
      }
      if (q == best) {
        tied[count++] = i;
      }
    }
    return count == 1 ? tied[0] : tied[sw.random().nextInt(count)];
  }
}
