package org.lbsim.bench.crosscheck;

import java.util.Arrays;
import java.util.List;

/** Median, smallest and largest of one side's runs of a case. */
record Spread(double median, double min, double max) {
  static Spread of(List<Double> values) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("no values");
    }
    double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(v);
    int n = v.length;
    double median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    return new Spread(median, v[0], v[n - 1]);
  }

  boolean overlaps(Spread other) {
    return min <= other.max && other.min <= max;
  }
}
