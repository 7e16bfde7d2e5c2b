package org.lbsim.transport.cc;

import org.lbsim.transport.CongestionControl;

/**
 * MSwift (Gerstein, Silberstein, Keslassy, arXiv 2509.07907, 2025): Swift made robust to
 * per-packet load balancing. Under spraying consecutive ACKs report different paths, so the
 * latest sample mostly describes one path; MSwift compares the target with the median of the
 * recent delay samples instead, which follows the typical path and ignores a minority of
 * congested (or idle) ones. Losses inferred from ACKs (duplicate ACKs / SACK holes) are treated
 * as reordering, not congestion: they do not cut the window (timeouts still do), so reordering
 * by spraying cannot collapse the throughput.
 *
 * <p>Our reading of the paper where it leaves freedom: the median window is the last
 * {@code samples} RTT samples, or (samples = 0) as many as the window holds packets, at least 3
 * and at most 64 — roughly one RTT of feedback, every path the flow sprays over.
 */
public final class MSwift extends Swift implements CongestionControl {
  static final int MAX_SAMPLES = 64;
  private final int fixedSamples;
  private final long[] ring = new long[MAX_SAMPLES];
  private final long[] scratch = new long[MAX_SAMPLES];
  private int count;
  private int head;

  public MSwift(Config c, int samples) {
    super(c);
    if (samples < 0 || samples > MAX_SAMPLES) {
      throw new IllegalArgumentException("MSwift median samples must be 0 (auto) to " + MAX_SAMPLES + ", got " + samples);
    }
    this.fixedSamples = samples;
  }

  @Override
  long delaySignalPs(long rttPs) {
    ring[head] = rttPs;
    head = (head + 1) % MAX_SAMPLES;
    count = Math.min(count + 1, MAX_SAMPLES);
    int n = fixedSamples > 0 ? fixedSamples : (int) Math.max(3, Math.min(MAX_SAMPLES, Math.ceil(cwnd)));
    return median(Math.min(n, count));
  }

  /** Median of the newest {@code n} samples (the upper one for even n), without allocating. */
  long median(int n) {
    for (int i = 0; i < n; i++) {
      scratch[i] = ring[Math.floorMod(head - 1 - i, MAX_SAMPLES)];
    }
    return select(scratch, n, n / 2);
  }

  /** Quickselect: the k-th smallest of a[0..n). */
  static long select(long[] a, int n, int k) {
    int lo = 0;
    int hi = n - 1;
    while (lo < hi) {
      long pivot = a[(lo + hi) >>> 1];
      int i = lo;
      int j = hi;
      while (i <= j) {
        while (a[i] < pivot) {
          i++;
        }
        while (a[j] > pivot) {
          j--;
        }
        if (i <= j) {
          long t = a[i];
          a[i] = a[j];
          a[j] = t;
          i++;
          j--;
        }
      }
      if (k <= j) {
        hi = j;
      } else if (k >= i) {
        lo = i;
      } else {
        return a[k];
      }
    }
    return a[k];
  }

  /** Reordering under spraying looks like loss to a duplicate-ACK detector: not a congestion signal. */
  @Override
  public void onLoss(long packets, long nowPs) {}
}
