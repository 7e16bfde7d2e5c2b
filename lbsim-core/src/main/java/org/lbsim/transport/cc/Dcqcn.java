package org.lbsim.transport.cc;

import org.lbsim.transport.CnpReactor;

/**
 * DCQCN's reaction point (Zhu et al., SIGCOMM 2015): rate-based, driven by CNPs that the
 * receiver sends for CE-marked packets (at most one per interval per flow, see the transport).
 *
 * <p>On a CNP: target rate R_T ← R_C, R_C ← R_C·(1 − α/2), α ← (1 − g)·α + g, and the increase
 * timer, byte counter and their stage counts restart. Without a CNP for one α period,
 * α ← (1 − g)·α. Each expiry of the rate timer (T) and each {@code byteCounter} bytes sent (BC)
 * is an increase event: while both stage counts are at most F it is fast recovery
 * (R_C ← (R_T + R_C)/2); once one exceeds F, additive increase (R_T += R_AI first); once both
 * exceed F, hyper increase (R_T += i·R_HAI, i = min(T, BC) − F). Rates stay in
 * [min rate, line rate].
 *
 * <p>Timers are evaluated lazily when the sender asks for its next gap or feedback arrives:
 * every expiry that fell due since is applied in order, so the rates are those of an event-driven
 * timer at every instant the sender looks at them.
 */
public final class Dcqcn implements CnpReactor {
  /** Parameters: rates in bit/s, times in ps. */
  public record Config(double g, long alphaPeriodPs, long rateTimerPs, long byteCounter, int fastRecoverySteps,
      double aiBps, double haiBps, double minBps, long lineBps, long lineSlotPs) {}

  private final Config c;
  private double rc;
  private double rt;
  private double alpha = 1;
  private int timerStage;
  private int byteStage;
  private long bytesSinceStage;
  private long nextRateTimerPs;
  private long nextAlphaPs;

  public Dcqcn(Config c) {
    this.c = c;
    this.rc = c.lineBps();
    this.rt = c.lineBps();
    this.nextRateTimerPs = c.rateTimerPs();
    this.nextAlphaPs = c.alphaPeriodPs();
  }

  @Override
  public long pacingGapPs(long nowPs) {
    advance(nowPs);
    return Math.max(c.lineSlotPs(), (long) (c.lineSlotPs() * (c.lineBps() / rc)));
  }

  @Override
  public void onSent(long seq, int bytes, long nowPs) {
    advance(nowPs);
    bytesSinceStage += bytes;
    if (bytesSinceStage >= c.byteCounter()) {
      bytesSinceStage -= c.byteCounter();
      byteStage++;
      increase();
    }
  }

  @Override
  public void onCnp(long nowPs) {
    advance(nowPs);
    rt = rc;
    rc = Math.max(c.minBps(), rc * (1 - alpha / 2));
    alpha = (1 - c.g()) * alpha + c.g();
    timerStage = 0;
    byteStage = 0;
    bytesSinceStage = 0;
    nextRateTimerPs = nowPs + c.rateTimerPs();
    nextAlphaPs = nowPs + c.alphaPeriodPs();
  }

  /** Applies every timer expiry due by {@code nowPs}, in time order. */
  void advance(long nowPs) {
    while (nextAlphaPs <= nowPs || nextRateTimerPs <= nowPs) {
      if (nextAlphaPs <= nextRateTimerPs) {
        alpha = (1 - c.g()) * alpha;
        nextAlphaPs += c.alphaPeriodPs();
      } else {
        timerStage++;
        increase();
        nextRateTimerPs += c.rateTimerPs();
      }
    }
  }

  private void increase() {
    int f = c.fastRecoverySteps();
    if (Math.max(timerStage, byteStage) > f) {
      if (Math.min(timerStage, byteStage) > f) {
        rt += (Math.min(timerStage, byteStage) - f) * c.haiBps();
      } else {
        rt += c.aiBps();
      }
    }
    rt = Math.min(rt, c.lineBps());
    rc = Math.min(c.lineBps(), (rt + rc) / 2);
  }

  public double currentRateBps() {
    return rc;
  }

  public double targetRateBps() {
    return rt;
  }

  public double alpha() {
    return alpha;
  }
}
