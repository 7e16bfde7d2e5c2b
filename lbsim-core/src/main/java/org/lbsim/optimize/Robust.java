package org.lbsim.optimize;

import java.util.Arrays;
import org.lbsim.experiment.Stats;

/**
 * How a candidate's results over several conditions (workloads x failure draws) become the one
 * number the search ranks, ties and fronts by: the worst condition, or the median one. Within a
 * condition the seeds give their median either way.
 */
public enum Robust {
  /** The largest (worst) over the conditions: a design is as good as its hardest condition. */
  WORST,
  /** The median over the conditions. */
  MEDIAN;

  /** The value of {@code perCondition} this choice ranks by; NaN when there is none. */
  public double of(double[] perCondition) {
    if (perCondition.length == 0) {
      return Double.NaN;
    }
    return this == WORST ? Arrays.stream(perCondition).max().getAsDouble() : Stats.median(perCondition);
  }

  /** As the option writes it: {@code worst} or {@code median}. */
  public String key() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
