package org.lbsim.optimize;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.lbsim.experiment.Gain;

/**
 * What a search found: every trial in order, the candidates that ran on every seed (best first),
 * the baseline the gains are measured against, the designs tied with the winner and the Pareto
 * front.
 *
 * @param standings every candidate that ran on every seed, best first
 * @param baseline the candidate gains are over; null when no other candidate finished every run
 * @param baselineNote why the baseline is not ecmp with the winner's transport, or null when it is
 * @param gains the winner's gains over the baseline, run by run summarized; null without a baseline
 * @param tied the best candidates of other design combinations whose median lies within the
 *     winner's seed spread
 * @param tieWithinPct the largest CCT of {@code tied} above the winner's, in % (each CCT as the
 *     search ranks: the worst or the median condition's)
 * @param front the finished candidates no other beats on every objective (score, p99 FCT, largest queue)
 * @param notes designs left out or skipped, and why
 * @param sensitivity what the sensitivity pass found, one line each; empty without the pass
 */
public record Outcome(List<Trial> trials, List<Standing> standings, Standing baseline, String baselineNote,
    Gain.Spread gains, List<Standing> tied, double tieWithinPct, List<Standing> front, Search.Settings settings,
    List<String> notes, List<String> sensitivity) {

  public Outcome {
    trials = List.copyOf(trials);
    standings = List.copyOf(standings);
    tied = List.copyOf(tied);
    front = List.copyOf(front);
    notes = List.copyOf(notes);
    sensitivity = List.copyOf(sensitivity);
  }

  /**
   * @param baselinePoint the candidate gains are measured against, null when none finished
   * @param baselineNote why it is not ecmp with the winner's transport, null when it is
   */
  static Outcome of(List<Trial> trials, List<Standing> standings, Point baselinePoint, String baselineNote,
      Search.Settings settings, List<String> notes, List<String> sensitivity) {
    List<Standing> perCombo = bestPerCombo(standings);
    Standing winner = perCombo.get(0);
    Standing baseline = standings.stream().filter(x -> x.point().equals(baselinePoint)).findFirst().orElse(null);
    String note = baselineNote;
    Gain.Spread gains = baseline == null || winner.unfinishedRuns() > 0 ? null : gains(winner, baseline);
    List<Standing> tied = new ArrayList<>();
    double within = 0;
    if (winner.unfinishedRuns() == 0) {
      for (Standing x : perCombo) {
        if (x != winner && x.unfinishedRuns() == 0 && x.score() <= winner.seedSpreadTop()) {
          tied.add(x);
          within = Math.max(within, 100 * (x.cctPs() / winner.cctPs() - 1));
        }
      }
    }
    return new Outcome(trials, standings, baseline, note, gains, tied, within, front(standings), settings, notes,
        sensitivity);
  }

  /** The best design combination's representative ({@link #perCombo()}). */
  public Standing winner() {
    return bestPerCombo(standings).get(0);
  }

  /**
   * The best candidate of each design combination, best first; its defaults stand for it when
   * they finished every seed and their median lies within the best point's seed spread (changed
   * parameters are worth deploying only when they beat the defaults beyond the noise).
   */
  public List<Standing> perCombo() {
    return bestPerCombo(standings);
  }

  /** Runs the search made, within the budget (the sensitivity pass's probes not counted). */
  public int runs() {
    return trials.size() - probes();
  }

  /** Runs of the sensitivity pass. */
  public int probes() {
    return (int) trials.stream().filter(t -> t.stage().equals("sensitivity")).count();
  }

  static List<Standing> bestPerCombo(List<Standing> standings) {
    Map<DesignCombo, Standing> best = new LinkedHashMap<>();
    Map<DesignCombo, Standing> defaults = new HashMap<>();
    for (Standing x : standings) {
      best.putIfAbsent(x.point().combo(), x);
      if (x.point().params().isEmpty()) {
        defaults.put(x.point().combo(), x);
      }
    }
    List<Standing> out = new ArrayList<>();
    best.forEach((combo, x) -> {
      Standing d = defaults.get(combo);
      boolean same = d != null && d != x && x.unfinishedRuns() == 0 && d.unfinishedRuns() == 0
          && d.score() <= x.seedSpreadTop();
      out.add(same ? d : x);
    });
    out.sort(Search.ORDER);
    return out;
  }

  /** {@code x}'s gains over the baseline, run by run; null without a baseline. */
  public Gain.Spread gainsOf(Standing x) {
    return baseline == null ? null : gains(x, baseline);
  }

  /** The design's gain over the baseline, run by run: each seed under each condition. */
  static Gain.Spread gains(Standing design, Standing baseline) {
    Map<Sample, Metrics> same = new HashMap<>();
    baseline.runs().forEach(t -> same.put(new Sample(t.condition(), t.seed()), t.metrics()));
    List<Gain> perRun = new ArrayList<>();
    for (Trial t : design.runs()) {
      Metrics b = same.get(new Sample(t.condition(), t.seed()));
      if (b != null) {
        perRun.add(gain(t.metrics(), b));
      }
    }
    return Gain.Spread.of(perRun);
  }

  /** A condition and a seed: the runs of two candidates with the same sample compare. */
  private record Sample(Condition condition, long seed) {}

  /** What {@code d} gains over {@code b} on one seed, as {@link Gain#of} computes it. */
  static Gain gain(Metrics d, Metrics b) {
    if (!d.finished() || !b.finished()) {
      return new Gain(Double.NaN, Double.NaN, Double.NaN);
    }
    return new Gain(100 * (d.goodputBytesPerSecond() / b.goodputBytesPerSecond() - 1), reduction(d.cctPs(), b.cctPs()),
        reduction(d.p99FctPs(), b.p99FctPs()));
  }

  private static double reduction(long value, long baseline) {
    return value > 0 && baseline > 0 ? 100 * (1 - (double) value / baseline) : Double.NaN;
  }

  /** The finished candidates that no other finished one matches or beats on every objective and beats on one. */
  static List<Standing> front(List<Standing> standings) {
    List<Standing> done = standings.stream().filter(x -> x.unfinishedRuns() == 0).toList();
    List<Standing> out = new ArrayList<>();
    for (Standing a : done) {
      boolean dominated = false;
      for (Standing b : done) {
        if (b != a && dominates(b, a)) {
          dominated = true;
          break;
        }
      }
      if (!dominated) {
        out.add(a);
      }
    }
    return out;
  }

  private static boolean dominates(Standing b, Standing a) {
    double[] x = objectives(b);
    double[] y = objectives(a);
    boolean better = false;
    for (int i = 0; i < x.length; i++) {
      if (x[i] > y[i]) {
        return false;
      }
      better |= x[i] < y[i];
    }
    return better;
  }

  /** The objectives, each minimized, each as the search ranks (worst or median condition): score, p99 FCT, largest queue. */
  static double[] objectives(Standing x) {
    return new double[] {x.score(), x.p99FctPs(), x.maxQueueBytes()};
  }
}
