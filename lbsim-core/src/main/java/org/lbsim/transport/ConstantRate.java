package org.lbsim.transport;

import org.lbsim.engine.SplitMix;

/**
 * The study's ideal congestion control: pace at a fixed gap, {@code rate_coef} times the flow's
 * fair share of its host link, and never react to feedback.
 *
 * <p>With a random stream (the reference profile) every gap gets a positive jitter uniform in
 * [0, gap/100), as in the study's simulator.
 */
public final class ConstantRate extends SplitMix implements CongestionControl {
  private final long gapPs;
  private final boolean jittered; // the jitter's bound, gap/100, is recomputed: one field less per flow

  /**
   * @param jitter the stream the gaps' jitter is drawn from, which becomes this control's own
   *     (see {@link SplitMix}); null = no jitter
   */
  public ConstantRate(long gapPs, SplitMix jitter) {
    super(jitter);
    if (gapPs <= 0) {
      throw new IllegalArgumentException("pacing gap must be positive, got " + gapPs + " ps");
    }
    this.gapPs = gapPs;
    this.jittered = jitter != null && gapPs / 100 > 0;
  }

  @Override
  public boolean steadyGap() {
    return !jittered;
  }

  @Override
  public long pacingGapPs(long nowPs) {
    return jittered ? gapPs + nextLong(gapPs / 100) : gapPs;
  }

}
