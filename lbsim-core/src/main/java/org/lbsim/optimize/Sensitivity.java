package org.lbsim.optimize;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The sensitivity pass: the winner and the baseline, each knob in turn moved to either end of its
 * searched interval (the others as chosen), one run each on the first seed. A knob matters when
 * it moves the winner's CCT by more than the gap to the runner-up (the best design not tied with
 * it), or shortens the
 * baseline's CCT by more than half its gap to the winner (then part of the gain is the baseline's
 * setting, not its design).
 */
final class Sensitivity {
  private Sensitivity() {}

  /**
   * One probe: {@code of} with {@code key} set to {@code value}.
   *
   * @param role {@code winner} or {@code baseline}
   */
  record Probe(String role, Point of, String key, String value, Point point) {}

  /** A probe and what it measured beside the unprobed point on the same seed. */
  record Result(Probe probe, Metrics at, Metrics probed) {
    /** How much longer the CCT got, in % (negative: shorter); infinite when the probe did not finish. */
    double deltaPct() {
      return probed.finished() ? 100 * ((double) probed.cctPs() / at.cctPs() - 1) : Double.POSITIVE_INFINITY;
    }
  }

  /** The probes of {@code p}: each knob at the low and the high end of its interval, where that changes it. */
  static List<Probe> probes(String role, Point p) {
    List<Probe> out = new ArrayList<>();
    for (Knob k : p.combo().knobs()) {
      String current = p.params().getOrDefault(k.key(), k.text(k.defaultValue()));
      for (double end : new double[] {k.low(), k.high()}) {
        String v = k.text(end);
        if (v.equals(current)) {
          continue;
        }
        Map<String, String> params = new LinkedHashMap<>(p.params());
        if (v.equals(k.text(k.defaultValue()))) {
          params.remove(k.key());
        } else {
          params.put(k.key(), v);
        }
        out.add(new Probe(role, p, k.key(), v, new Point(p.combo(), ordered(p.combo(), params))));
      }
    }
    return out;
  }

  /** {@code params} in the combination's knob order, as the tuner writes them. */
  private static Map<String, String> ordered(DesignCombo combo, Map<String, String> params) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Knob k : combo.knobs()) {
      if (params.containsKey(k.key())) {
        out.put(k.key(), params.get(k.key()));
      }
    }
    return out;
  }

  /**
   * The lines for people: each knob that matters, or one line saying none did.
   *
   * @param runnerUp the best design combination not tied with the winner, or null
   */
  static List<String> lines(List<Result> results, Standing winner, Standing runnerUp, Standing baseline, long seed) {
    List<String> out = new ArrayList<>();
    double toRunnerUp = runnerUp == null || runnerUp.unfinishedRuns() > 0 ? Double.NaN
        : 100 * (runnerUp.cctPs() / winner.cctPs() - 1);
    double baselineGap = baseline == null || baseline == winner ? Double.NaN
        : 100 * (baseline.cctPs() / winner.cctPs() - 1);
    for (Result r : results) {
      double d = r.deltaPct();
      String change = Double.isInfinite(d) ? "leaves flows unfinished" : fmt("makes its CCT %.1f %% %s", Math.abs(d),
          d >= 0 ? "longer" : "shorter");
      if (r.probe().role().equals("winner") && !Double.isNaN(toRunnerUp) && Math.abs(d) > toRunnerUp) {
        out.add(fmt("Sensitive: %s=%s %s for the winner (seed %d), more than the %.1f %% to the runner-up %s.",
            r.probe().key(), r.probe().value(), change, seed, toRunnerUp, runnerUp.point().label()));
      } else if (r.probe().role().equals("baseline") && !Double.isNaN(baselineGap) && -d > baselineGap / 2) {
        out.add(fmt("Sensitive: %s=%s %s for the baseline (seed %d), more than half its %.1f %% gap to the winner: "
            + "part of the gain is the baseline's setting, not its design.", r.probe().key(), r.probe().value(), change,
            seed, baselineGap));
      }
    }
    if (out.isEmpty()) {
      out.add(fmt("Sensitivity: no knob of the winner or the baseline, at either end of its interval, moves its CCT by "
          + "more than the gap between designs (%d probes on seed %d).", results.size(), seed));
    }
    return out;
  }

  private static String fmt(String f, Object... args) {
    return String.format(Locale.ROOT, f, args);
  }
}
