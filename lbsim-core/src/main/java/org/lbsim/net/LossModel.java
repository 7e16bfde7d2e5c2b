package org.lbsim.net;

import java.util.SplittableRandom;

/**
 * Losses of a flaky or noisy link, applied to a packet after it has been serialized (like a
 * corrupted frame: the link time is spent, the packet never arrives).
 *
 * <p>Random loss drops each packet independently with probability {@code rate}. Bursty loss
 * (reference §5, flaky links) drops every packet during bursts: a burst begins at the first
 * dequeue at or after its scheduled start and lasts Exp(mean {@code burstPs}); the next start is
 * Exp(mean {@code periodPs}) later, pushed past the burst if they would overlap.
 */
public final class LossModel {
  private final double rate;
  private final long burstPs;
  private final long periodPs;
  private final SplittableRandom random;
  private long nextBurstPs;
  private long burstEndPs = -1;
  private final boolean onTheClock;

  /** @param burstPs mean burst length, 0 = no bursts */
  public LossModel(double rate, long burstPs, long periodPs, SplittableRandom random) {
    this(rate, burstPs, periodPs, random, false);
  }

  /**
   * @param onTheClock bursts start at their scheduled times whether or not a packet is passing
   *     (a link that is flaky on its own). The study's model (false) starts a burst at the first
   *     dequeue at or after its scheduled time, so after any idle period longer than the burst
   *     period the first packet always starts a burst and is lost: a sender that sends one packet
   *     per timeout would lose every one.
   */
  public LossModel(double rate, long burstPs, long periodPs, SplittableRandom random, boolean onTheClock) {
    this.onTheClock = onTheClock;
    this.rate = rate;
    this.burstPs = burstPs;
    this.periodPs = periodPs;
    this.random = random;
    this.nextBurstPs = burstPs > 0 ? exp(periodPs) : Long.MAX_VALUE;
  }

  /** Whether the packet leaving at {@code nowPs} is lost. */
  public boolean drops(long nowPs) {
    while (onTheClock && nowPs >= nextBurstPs) {
      long start = nextBurstPs;
      long len = exp(burstPs);
      burstEndPs = start + len;
      long gap = exp(periodPs);
      nextBurstPs = start + Math.max(1, gap < len ? gap + len : gap); // always forward, even on a zero draw
    }
    if (nowPs >= nextBurstPs) {
      long len = exp(burstPs);
      burstEndPs = nowPs + len;
      long gap = exp(periodPs);
      nextBurstPs = nowPs + (gap < len ? gap + len : gap);
    }
    if (nowPs < burstEndPs) {
      return true;
    }
    return rate > 0 && random.nextDouble() < rate;
  }

  private long exp(long mean) {
    return (long) (-Math.log(1 - random.nextDouble()) * mean);
  }
}
