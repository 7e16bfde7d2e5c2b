package org.lbsim.theory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Appendix D: under RSQ a port whose k/2 feeding hosts each pick it with probability 2/k gets Binomial(k/2, 2/k)
 * arrivals per slot, mean 1, and its queue is a zero-drift random walk: after m slots E[Q] ≈ sqrt(1 − 2/k)·sqrt(2m/π)
 * ({@link SlotModel#randomWalkQueue}).
 *
 * <p>In the slotted model the premise holds exactly at a ToR's up ports when all its hosts send outside the pod: the
 * hosts' packets are the only arrivals, each picking an uplink uniformly. Further down, the arrivals come out of the
 * queues upstream, which hold Θ(√m) packets and pass at most one per slot each; they are smoother than Binomial, and
 * each tier's queue is smaller than the one before it: still Θ(√m), at about 0.4 of Appendix D's constant at the
 * agg→ToR downlink.
 */
class AppendixDTest {
  private static final int K = 8;
  private static final int SEEDS = 10;

  /**
   * The exact mean of a queue fed Binomial(n, 1/n) packets per slot and sending one, counted after the arrivals of the
   * m-th slot: Q = max(Q − 1, 0) + A, from empty, by its distribution. [0] the mean, [1] the standard deviation.
   */
  static double[] lindley(int n, int m) {
    double[] a = new double[n + 1];
    for (int i = 0; i <= n; i++) {
      double choose = 1;
      for (int j = 0; j < i; j++) {
        choose = choose * (n - j) / (j + 1);
      }
      a[i] = choose * Math.pow(1.0 / n, i) * Math.pow(1 - 1.0 / n, n - i);
    }
    double[] q = new double[n * m + 1];
    q[0] = 1;
    for (int t = 0; t < m; t++) {
      double[] next = new double[q.length];
      for (int x = 0; x < q.length; x++) {
        if (q[x] > 0) {
          int base = Math.max(x - 1, 0);
          for (int i = 0; i <= n && base + i < q.length; i++) {
            next[base + i] += q[x] * a[i];
          }
        }
      }
      q = next;
    }
    double mean = 0;
    double square = 0;
    for (int x = 0; x < q.length; x++) {
      mean += x * q[x];
      square += (double) x * x * q[x];
    }
    return new double[] {mean, Math.sqrt(square - mean * mean)};
  }

  @Test
  void theExactWalkApproachesAppendixD() {
    // The exact mean runs 0.4 packets above the Brownian limit: the discrete steps and the count taken after arrivals.
    for (int m : new int[] {256, 1024, 4096}) {
      assertThat(lindley(K / 2, m)[0]).as("m=%d", m).isCloseTo(SlotModel.randomWalkQueue(K, m), within(0.5));
    }
  }

  /** The mean over ports and seeds of one tier's queue in slot {@code slot(m)}, cross-pod permutations. */
  private static double meanQueue(String tier, int m, long slot) {
    double sum = 0;
    for (long seed = 1; seed <= SEEDS; seed++) {
      Map<String, Double> q = SlotModel.meanQueueAt(K, Traffic.crossPod(K, seed), m, SlotScheme.RSQ, ArrivalOrder.FIXED,
          seed, slot);
      sum += q.get(tier);
    }
    return sum / SEEDS;
  }

  @Test
  void aTorUplinkIsTheZeroDriftWalk() {
    // Slot m − 1 holds the m-th slot of host arrivals. 128 tor-up ports × 10 seeds: 4 standard errors (the ports of one
    // ToR share its 4 packets a slot, so they are negatively correlated and the true error is smaller).
    for (int m : new int[] {256, 1024}) {
      double[] exact = lindley(K / 2, m);
      double tolerance = 4 * exact[1] / Math.sqrt(128.0 * SEEDS);
      assertThat(meanQueue("tor-up", m, m - 1)).as("m=%d", m).isCloseTo(exact[0], within(tolerance));
    }
  }

  @Test
  void theAggToTorDownlinkGrowsAsSqrtMWithASmallerConstant() {
    // Slot m + 2 holds the m-th slot of arrivals at agg-down (a cross-pod packet i is there in slot i + 3).
    // Measured: 0.42 of randomWalkQueue at m = 256, 0.39 at 1024 and 2048.
    double at256 = meanQueue("agg-down", 256, 258) / SlotModel.randomWalkQueue(K, 256);
    double at2048 = meanQueue("agg-down", 2048, 2050) / SlotModel.randomWalkQueue(K, 2048);
    assertThat(at256).isBetween(0.3, 0.5);
    assertThat(at2048).isBetween(0.3, 0.5);
    assertThat(at2048 / at256).isBetween(0.85, 1.15);
  }

  @Test
  void eachTierDownThePathQueuesLessThanTheOneBefore() {
    // Measured at m = 1024, slot m − 1: tor-up 21.7, agg-up 15.9, core-down 13.0, agg-down 8.5, tor-down 4.8.
    int m = 1024;
    String[] path = {"tor-up", "agg-up", "core-down", "agg-down", "tor-down"};
    double before = Double.MAX_VALUE;
    for (String tier : path) {
      double q = meanQueue(tier, m, m - 1);
      assertThat(q).as(tier).isLessThan(before * 0.9);
      before = q;
    }
  }

  @Test
  void theLargestQueueGrowsAsSqrtM() {
    // Median over seeds 1–5 of maxQueue on uniform derangements. Over seeds 1–20 a single seed's slope ran 0.41–0.54
    // and the median of five 0.43–0.50.
    long[] ms = {64, 128, 256, 512, 1024, 2048};
    double[] median = new double[ms.length];
    for (int i = 0; i < ms.length; i++) {
      double[] q = new double[5];
      for (int seed = 1; seed <= 5; seed++) {
        q[seed - 1] = SlotModel.run(K, Traffic.derangement(Traffic.hosts(K), seed), (int) ms[i], SlotScheme.RSQ,
            ArrivalOrder.FIXED, seed).maxQueue();
      }
      median[i] = Traffic.median(q);
    }
    assertThat(Traffic.logLogSlope(ms, median)).isBetween(0.4, 0.6);
  }
}
