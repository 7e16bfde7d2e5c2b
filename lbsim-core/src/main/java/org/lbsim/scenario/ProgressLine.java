package org.lbsim.scenario;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * One line saying how far a run is: simulated time against the lower bound (or the limit when
 * there is none), finished flows, the event rate, and an ETA. The ETA assumes the run ends at
 * its lower bound and keeps its pace, so it is a lower estimate, shown as {@code ETA >= ...}.
 */
public final class ProgressLine {
  private ProgressLine() {}

  /**
   * @param p how far the run is
   * @param elapsedSeconds wall time since the run began
   * @param eventsPerSecond the recent event rate
   */
  public static String of(ScenarioRunner.Progress p, double elapsedSeconds, double eventsPerSecond) {
    StringBuilder sb = new StringBuilder("  at ").append(millis(p.simulatedPs()));
    if (p.boundPs() <= 0) {
      sb.append(" of ").append(millis(p.limitPs())).append(" ms simulated");
    } else if (p.simulatedPs() < p.boundPs()) {
      sb.append(" ms simulated, lower bound ").append(millis(p.boundPs())).append(" ms");
    } else {
      sb.append(" ms simulated, past the ").append(millis(p.boundPs())).append(" ms lower bound");
    }
    sb.append(String.format(Locale.ROOT, ", %,d of %,d flows finished (%.1f %%), %.2f M events/s", p.finished(),
        p.flows(), p.flows() == 0 ? 100.0 : 100.0 * p.finished() / p.flows(), eventsPerSecond / 1e6));
    if (p.boundPs() > 0 && p.simulatedPs() > 0 && p.simulatedPs() < p.boundPs()) {
      double eta = elapsedSeconds * (p.boundPs() - p.simulatedPs()) / p.simulatedPs();
      sb.append(String.format(Locale.ROOT, ", ETA >= %.0f s", eta));
    }
    return sb.toString();
  }

  /** The fraction of the expected simulated time done: of the lower bound, else of the limit; at most 1. */
  public static double fraction(ScenarioRunner.Progress p) {
    long whole = p.boundPs() > 0 ? p.boundPs() : p.limitPs();
    return whole <= 0 ? 0 : Math.min(1.0, (double) p.simulatedPs() / whole);
  }

  private static String millis(long ps) {
    return BigDecimal.valueOf(ps / 1_000, 6).stripTrailingZeros().toPlainString();
  }
}
