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
  private final SplitMix jitter;
  private final long jitterBound;

  public ConstantRate(long gapPs, SplitMix jitter) {
    if (gapPs <= 0) {
      throw new IllegalArgumentException("pacing gap must be positive, got " + gapPs + " ps");
    }
    this.gapPs = gapPs;
    this.jitter = jitter;
    this.jitterBound = gapPs / 100;
  }

  @Override
  public long pacingGapPs(long nowPs) {
    return jitter == null || jitterBound == 0 ? gapPs : gapPs + jitter.nextLong(jitterBound);
  }

}
