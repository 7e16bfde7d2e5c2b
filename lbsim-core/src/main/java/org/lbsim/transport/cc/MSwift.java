package org.lbsim.transport.cc;

import org.lbsim.transport.CongestionControl;

/**
 * MSwift (Gerstein, Silberstein, Keslassy, arXiv 2509.07907, 2025): Swift made robust to
 * per-packet load balancing. Under spraying consecutive ACKs report different paths, so the
 * latest sample mostly describes one path; MSwift compares the target with the median of the
 * recent delay samples instead ({@link MedianWindow}), which follows the typical path and ignores
 * a minority of congested (or idle) ones. Losses inferred from ACKs (duplicate ACKs / SACK holes)
 * are treated as reordering, not congestion: they do not cut the window (timeouts still do), so
 * reordering by spraying cannot collapse the throughput (the paper's baseline is such an
 * "order-resilient" Swift; the median is what MSwift adds).
 *
 * <p>Our reading of the paper where it leaves freedom: the median window is the last
 * {@code samples} RTT samples, or (samples = 0) as many as the window holds packets, at least 3
 * and at most 64 — roughly one RTT of feedback, every path the flow sprays over.
 */
public final class MSwift extends Swift implements CongestionControl {
  static final int MAX_SAMPLES = MedianWindow.MAX_SAMPLES;
  private final int fixedSamples;
  private final MedianWindow window = new MedianWindow();

  public MSwift(Config c, int samples) {
    super(c);
    if (samples < 0 || samples > MAX_SAMPLES) {
      throw new IllegalArgumentException("MSwift median samples must be 0 (auto) to " + MAX_SAMPLES + ", got " + samples);
    }
    this.fixedSamples = samples;
  }

  @Override
  long delaySignalPs(long rttPs) {
    window.add(rttPs);
    return window.median(MedianWindow.span(fixedSamples, cwnd));
  }

  /** Quickselect: the k-th smallest of a[0..n). */
  static long select(long[] a, int n, int k) {
    return MedianWindow.select(a, n, k);
  }

  /** Reordering under spraying looks like loss to a duplicate-ACK detector: not a congestion signal. */
  @Override
  public void onLoss(long packets, long nowPs) {}
}
