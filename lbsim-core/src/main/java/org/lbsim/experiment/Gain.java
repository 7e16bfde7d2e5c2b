package org.lbsim.experiment;

import java.util.List;
import java.util.Locale;
import org.lbsim.metrics.FlowTimes;
import org.lbsim.metrics.RunResult;

/**
 * What a co-design gains over a baseline on the same workload and seed, in the terms users
 * quote: throughput gain (collective goodput, bytes / CCT, in % above the baseline's) and
 * end-to-end latency reduction (CCT and p99 FCT, in % below the baseline's). NaN where either
 * run left flows unfinished.
 */
public record Gain(double throughputPct, double cctReductionPct, double p99FctReductionPct) {

  /** {@code design}'s gain over {@code baseline}. */
  public static Gain of(RunResult design, RunResult baseline) {
    if (design.unfinishedFlows() > 0 || baseline.unfinishedFlows() > 0) {
      return new Gain(Double.NaN, Double.NaN, Double.NaN);
    }
    double g = FlowTimes.goodputBytesPerSecond(design);
    double gb = FlowTimes.goodputBytesPerSecond(baseline);
    return new Gain(100 * (g / gb - 1), reduction(design.cctPs(), baseline.cctPs()),
        reduction(FlowTimes.p99Ps(design.flows()), FlowTimes.p99Ps(baseline.flows())));
  }

  private static double reduction(long value, long baseline) {
    return value > 0 && baseline > 0 ? 100 * (1 - (double) value / baseline) : Double.NaN;
  }

  /**
   * The median of each figure over seeds and its spread (smallest and largest).
   *
   * @param seeds how many seeds both the design and the baseline finished
   */
  public record Spread(Figure throughput, Figure cctReduction, Figure p99FctReduction, int seeds) {

    /** Summarizes one gain per seed (NaN entries are left out of each figure). */
    public static Spread of(List<Gain> perSeed) {
      return new Spread(Figure.of(perSeed.stream().mapToDouble(Gain::throughputPct).toArray()),
          Figure.of(perSeed.stream().mapToDouble(Gain::cctReductionPct).toArray()),
          Figure.of(perSeed.stream().mapToDouble(Gain::p99FctReductionPct).toArray()), perSeed.size());
    }
  }

  /** A median and the smallest and largest value over seeds; all NaN when nothing is known. */
  public record Figure(double median, double min, double max, int n) {
    static Figure of(double[] xs) {
      double[] known = java.util.Arrays.stream(xs).filter(x -> !Double.isNaN(x)).toArray();
      if (known.length == 0) {
        return new Figure(Double.NaN, Double.NaN, Double.NaN, 0);
      }
      return new Figure(Stats.median(known), Stats.min(known), Stats.max(known), known.length);
    }

    /** E.g. {@code +68.9} for one seed, {@code +68.9 [+65.0, +70.2]} over several; {@code -} when unknown. */
    public String text() {
      return text("");
    }

    /** {@link #text()} with {@code unit} after the median, e.g. {@code +68.9 % [+65.0, +70.2]}. */
    public String text(String unit) {
      if (n == 0) {
        return "-";
      }
      String m = signed(median) + unit;
      return n == 1 ? m : m + " [" + signed(min) + ", " + signed(max) + "]";
    }

    private static String signed(double x) {
      return String.format(Locale.ROOT, "%+.1f", x);
    }
  }
}
