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
  private final long jitterBound; // 0: no jitter

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
    this.jitterBound = jitter == null ? 0 : gapPs / 100;
  }

  @Override
  public long pacingGapPs(long nowPs) {
    return jitterBound == 0 ? gapPs : gapPs + nextLong(jitterBound);
  }

}
