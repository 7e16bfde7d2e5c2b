package org.lbsim.transport.cc;

/**
 * The median principle of MSwift and MNSCC (Gerstein, Silberstein, Keslassy, arXiv 2509.07907):
 * under spraying consecutive samples come from different paths, so a control law fed the latest
 * sample follows whichever path it happened to take; fed the median of the recent samples it
 * follows the typical path and ignores a minority of congested (or idle) ones. Keeps the newest
 * {@value #MAX_SAMPLES} samples in a ring; no allocation per sample.
 */
final class MedianWindow {
  static final int MAX_SAMPLES = 64;
  private final long[] ring = new long[MAX_SAMPLES];
  private final long[] scratch = new long[MAX_SAMPLES];
  private int count;
  private int head;

  void add(long sample) {
    ring[head] = sample;
    head = (head + 1) % MAX_SAMPLES;
    count = Math.min(count + 1, MAX_SAMPLES);
  }

  /**
   * How many samples the median spans: {@code fixed} when positive, else about one window's worth
   * of ACKs ({@code windowPackets}), at least 3 and at most {@value #MAX_SAMPLES} (our reading:
   * the papers' abstracts do not fix it).
   */
  static int span(int fixed, double windowPackets) {
    return fixed > 0 ? fixed : (int) Math.max(3, Math.min(MAX_SAMPLES, Math.ceil(windowPackets)));
  }

  /** Median of the newest {@code n} samples (the upper one for even n). */
  long median(int n) {
    n = Math.min(n, count);
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
}
