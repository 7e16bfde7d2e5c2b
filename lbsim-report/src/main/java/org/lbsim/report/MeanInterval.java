package org.lbsim.report;

/**
 * The mean of a few seeds' values with its 95 % Student-t confidence interval,
 * mean ± t(0.975, n−1) · s / √n (s the sample standard deviation). The interval is NaN for one
 * value. {@code org.lbsim.experiment.Stats} has medians and their order-statistic intervals but
 * no t-interval, so it lives here.
 */
record MeanInterval(double mean, double lo, double hi, int n) {
  /** t(0.975, df) for df = 1..30. */
  private static final double[] T975 = {12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624,
      2.306004, 2.262157, 2.228139, 2.200985, 2.178813, 2.160369, 2.144787, 2.131450, 2.119905, 2.109816, 2.100922,
      2.093024, 2.085963, 2.079614, 2.073873, 2.068658, 2.063899, 2.059539, 2.055529, 2.051831, 2.048407,
      2.045230, 2.042272};
  private static final double Z975 = 1.959964;

  static MeanInterval of(double[] xs) {
    int n = xs.length;
    if (n == 0) {
      throw new IllegalArgumentException("no values");
    }
    double sum = 0;
    for (double x : xs) {
      sum += x;
    }
    double mean = sum / n;
    if (n == 1) {
      return new MeanInterval(mean, Double.NaN, Double.NaN, 1);
    }
    double ss = 0;
    for (double x : xs) {
      ss += (x - mean) * (x - mean);
    }
    double half = t975(n - 1) * Math.sqrt(ss / (n - 1) / n);
    return new MeanInterval(mean, mean - half, mean + half, n);
  }

  /**
   * The 0.975 quantile of Student's t: exact to 6 decimals from a table up to 30 degrees of
   * freedom, beyond that the Cornish-Fisher expansion in 1/df (off by less than 1e-4 there).
   */
  static double t975(int df) {
    if (df < 1) {
      throw new IllegalArgumentException("degrees of freedom must be >= 1, got " + df);
    }
    if (df <= T975.length) {
      return T975[df - 1];
    }
    double z = Z975;
    double z3 = z * z * z;
    double z5 = z3 * z * z;
    return z + (z3 + z) / (4.0 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96.0 * df * df);
  }

  boolean hasInterval() {
    return n > 1;
  }
}
