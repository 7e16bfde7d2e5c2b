package org.lbsim.transport;

import org.lbsim.engine.SplitMix;

/**
 * The study's ideal congestion control: pace at a fixed gap, {@code rate_coef} times the flow's
 * fair share of its host link, and never react to feedback.
 *
 * <p>With a random stream (the reference profile) every gap gets a positive jitter uniform in
 * [0, gap/100), as in the study's simulator.
 */
public final class ConstantRate implements CongestionControl {
  private final long gapPs;
  // the jitter stream's state, continued from the given stream (see SplitMix)
  private long seed;
  private final long gamma;
  private final boolean jittered; // the jitter's bound, gap/100, is recomputed: one field less per flow

  /**
   * @param jitter the stream the gaps' jitter is drawn from: this control draws what it would have
   *     drawn next, so it must not be drawn from afterwards (see {@link SplitMix}); null = no jitter
   */
  public ConstantRate(long gapPs, SplitMix jitter) {
    if (gapPs <= 0) {
      throw new IllegalArgumentException("pacing gap must be positive, got " + gapPs + " ps");
    }
    this.gapPs = gapPs;
    this.jittered = jitter != null && gapPs / 100 > 0;
    this.seed = jitter == null ? 0 : jitter.seed();
    this.gamma = jitter == null ? 0 : jitter.gamma();
  }

  @Override
  public boolean steadyGap() {
    return !jittered;
  }

  @Override
  public long pacingGapPs(long nowPs) {
    return jittered ? gapPs + jitterPs(gapPs / 100) : gapPs;
  }

  /** Uniform in [0, bound): SplitMix's bounded draw on this control's own stream. */
  private long jitterPs(long bound) {
    long r;
    do {
      r = SplitMix.boundedLong(SplitMix.mix64(seed = SplitMix.nextSeed(seed, gamma)), bound);
    } while (r < 0);
    return r;
  }
}
