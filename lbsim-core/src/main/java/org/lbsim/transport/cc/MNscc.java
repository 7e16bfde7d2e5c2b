package org.lbsim.transport.cc;

/**
 * MNSCC (Gerstein, Silberstein, Keslassy, arXiv 2509.07907 v2, 2026): UEC NSCC with the median
 * principle of MSwift. NSCC picks its quadrant from the latest ACK's queueing delay; under spraying
 * that is whichever path the packet took, so one congested path among many idle ones flips the
 * sender into decrease (or an idle one into increase). MNSCC feeds the quadrants (and the
 * quick-adapt trigger) the median of the recent delay samples instead ({@link MedianWindow}); the
 * ECN bit, NSCC's per-path signal that the load balancer acts on, stays per packet, and every
 * other rule and constant is NSCC's.
 *
 * <p>Our reading of the paper where its abstract leaves freedom: the median spans {@code samples}
 * ACKs, or (0) one window's worth (cwnd / MTU), at least 3 and at most 64, as for MSwift.
 */
public final class MNscc extends Nscc {
  private final int fixedSamples;
  private final MedianWindow window = new MedianWindow();

  public MNscc(Config c, int samples) {
    super(c);
    if (samples < 0 || samples > MedianWindow.MAX_SAMPLES) {
      throw new IllegalArgumentException("MNSCC median samples must be 0 (auto) to " + MedianWindow.MAX_SAMPLES
          + ", got " + samples);
    }
    this.fixedSamples = samples;
  }

  @Override
  long delaySignalPs(long delayPs) {
    window.add(delayPs);
    return window.median(MedianWindow.span(fixedSamples, cwndBytes() / c.mtuBytes()));
  }
}
