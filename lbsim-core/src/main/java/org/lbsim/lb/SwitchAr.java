package org.lbsim.lb;

import java.util.function.LongSupplier;
import org.lbsim.net.EgressPort;
import org.lbsim.net.Packet;
import org.lbsim.net.PortSelector;
import org.lbsim.net.Routes;
import org.lbsim.net.Switch;

/**
 * The study's Switch Pkt AR (Spectrum-X style adaptive routing): every up port exposes a quantized
 * queue level in {0, 1, 2, 3}; the packet goes to a uniformly random port among those with the
 * lowest level (reference-model §1 "quantized queue", §4.1 "pkt_ar").
 *
 * <p>Levels are cached per port and recomputed lazily, on a query, only when more than the
 * refresh interval has passed since the port's last refresh; this staleness is part of the model
 * (hardware samples queue depth periodically), so a burst within one interval all sees the same
 * level. Caches start at level 0 with a last refresh at time 0, as in the reference. A selector
 * belongs to one switch and is always asked about that switch's up ports, so the cache is indexed
 * by the up-port index.
 */
final class SwitchAr implements PortSelector {
  private final LongSupplier clock;
  private final long refreshPs;
  private final long t1;
  private final long t2;
  private final long t3;
  private final int[] level;
  private final long[] refreshedAt;
  private final int[] best;

  /**
   * @param capacityBytes the port buffer the percentages refer to
   * @param pct1 level 0 below this % of the buffer; pct2, pct3 likewise for levels 1 and 2
   */
  SwitchAr(Switch sw, LongSupplier clock, long refreshPs, long capacityBytes, double pct1, double pct2, double pct3) {
    this.clock = clock;
    this.refreshPs = refreshPs;
    // b < x <=> b < ceil(x) for whole bytes b, so the comparison below stays in integers.
    this.t1 = (long) Math.ceil(capacityBytes * pct1 / 100.0);
    this.t2 = (long) Math.ceil(capacityBytes * pct2 / 100.0);
    this.t3 = (long) Math.ceil(capacityBytes * pct3 / 100.0);
    int n = Math.max(1, sw.upCount());
    this.level = new int[n];
    this.refreshedAt = new long[n];
    this.best = new int[n];
  }

  @Override
  public int select(Switch sw, Packet p, EgressPort[] candidates, int n) {
    return pick(sw, candidates, n, -1L, null);
  }

  /**
   * After routing converged: the lowest level among the usable ports only; once W-ECMP weights
   * have converged a tie goes to a port with probability proportional to its weight (the
   * reference draws among the weighted FIB list, each port repeated weight times).
   */
  @Override
  public int select(Switch sw, Packet p, EgressPort[] up, int n, long usable, Routes routes) {
    return pick(sw, up, n, usable, routes.weights(sw, p.dst));
  }

  private int pick(Switch sw, EgressPort[] candidates, int n, long usable, int[] weights) {
    long now = clock.getAsLong();
    int min = Integer.MAX_VALUE;
    int count = 0;
    for (int i = 0; i < n; i++) {
      if ((usable >>> i & 1) == 0) {
        continue;
      }
      int q = level(i, candidates[i], now);
      if (q < min) {
        min = q;
        count = 0;
      }
      if (q == min) {
        best[count++] = i;
      }
    }
    if (weights != null && count > 1) {
      int total = 0;
      for (int i = 0; i < count; i++) {
        total += weights[best[i]];
      }
      if (total > 0) {
        int r = sw.random().nextInt(total);
        for (int i = 0; i < count; i++) {
          r -= weights[best[i]];
          if (r < 0) {
            return best[i];
          }
        }
      }
    }
    return count == 1 ? best[0] : best[sw.random().nextInt(count)];
  }

  /** The cached level of up port {@code i}, refreshed first if it is older than the interval. */
  int level(int i, EgressPort port, long now) {
    if (now - refreshedAt[i] > refreshPs) {
      long b = port.queuedBytes();
      level[i] = b < t1 ? 0 : b < t2 ? 1 : b < t3 ? 2 : 3;
      refreshedAt[i] = now;
    }
    return level[i];
  }
}
