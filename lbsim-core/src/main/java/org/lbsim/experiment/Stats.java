package org.lbsim.experiment;

import java.util.Arrays;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.regression.SimpleRegression;

/** The statistics the analyses use: intervals, distributions and regressions from Apache Commons Math. */
public final class Stats {
  private Stats() {}

  /**
   * The sample median (the mean of the two middle values for an even count); NaN when empty.
   * Infinite values count as the largest (an unfinished flow's FCT): Commons Math's median
   * interpolates even between equal ranks and so turns an infinite neighbour into NaN.
   */
  public static double median(double[] xs) {
    if (xs.length == 0) {
      return Double.NaN;
    }
    double[] s = xs.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }

  /** The smallest value; NaN when empty. */
  public static double min(double[] xs) {
    return StatUtils.min(xs);
  }

  /** The largest value; NaN when empty. */
  public static double max(double[] xs) {
    return StatUtils.max(xs);
  }

  /**
   * Distribution-free confidence interval for the median: the order statistics x(j) and
   * x(n+1-j) with the largest j such that P(Binomial(n, 1/2) < j) <= (1 - level)/2, so that the
   * interval covers the median with probability >= level. Null when n is too small for that.
   */
  public static double[] medianInterval(double[] xs, double level) {
    int n = xs.length;
    if (n == 0) {
      return null;
    }
    double alpha = (1 - level) / 2;
    BinomialDistribution b = new BinomialDistribution(null, n, 0.5);
    int j = 0;
    while (j < n && b.cumulativeProbability(j) <= alpha) {
      j++;
    }
    if (j < 1) {
      return null;
    }
    double[] s = xs.clone();
    Arrays.sort(s);
    return new double[] {s[j - 1], s[n - j]};
  }

  /**
   * The two-sided Student-t confidence interval of the mean at {@code level}; null for fewer
   * than two values.
   */
  public static double[] meanInterval(double[] xs, double level) {
    int n = xs.length;
    if (n < 2) {
      return null;
    }
    double mean = StatUtils.mean(xs);
    double half = new TDistribution(null, n - 1).inverseCumulativeProbability(0.5 + level / 2)
        * Math.sqrt(StatUtils.variance(xs, mean) / n);
    return new double[] {mean - half, mean + half};
  }

  /** Least-squares slope of log(y) against log(x); points with x <= 0 or y <= 0 are skipped. */
  public static double logLogSlope(double[] x, double[] y) {
    SimpleRegression r = new SimpleRegression();
    for (int i = 0; i < x.length; i++) {
      if (x[i] > 0 && y[i] > 0) {
        r.addData(Math.log(x[i]), Math.log(y[i]));
      }
    }
    return r.getSlope();
  }
}
