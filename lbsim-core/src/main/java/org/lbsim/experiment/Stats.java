package org.lbsim.experiment;

import java.util.Arrays;

/** Small statistics used by the analyses. */
public final class Stats {
  private Stats() {}

  public static double median(double[] xs) {
    if (xs.length == 0) {
      return Double.NaN;
    }
    double[] s = xs.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }

  public static double min(double[] xs) {
    double m = Double.POSITIVE_INFINITY;
    for (double x : xs) {
      m = Math.min(m, x);
    }
    return m;
  }

  public static double max(double[] xs) {
    double m = Double.NEGATIVE_INFINITY;
    for (double x : xs) {
      m = Math.max(m, x);
    }
    return m;
  }

  /**
   * Distribution-free confidence interval for the median: the order statistics x(j) and
   * x(n+1-j) with the largest j such that P(Binomial(n, 1/2) < j) <= (1 - level)/2, so that the
   * interval covers the median with probability >= level. Null when n is too small for that.
   */
  public static double[] medianInterval(double[] xs, double level) {
    int n = xs.length;
    double alpha = (1 - level) / 2;
    double[] s = xs.clone();
    Arrays.sort(s);
    double cum = 0;
    int j = 0;
    for (int k = 0; k < n; k++) {
      double pk = binomialHalf(n, k);
      if (cum + pk > alpha) {
        break;
      }
      cum += pk;
      j = k + 1;
    }
    if (j < 1) {
      return null;
    }
    return new double[] {s[j - 1], s[n - j]};
  }

  private static double binomialHalf(int n, int k) {
    double logC = 0;
    for (int i = 1; i <= k; i++) {
      logC += Math.log(n - k + i) - Math.log(i);
    }
    return Math.exp(logC - n * Math.log(2));
  }

  /** Least-squares slope of log(y) against log(x); points with y <= 0 are skipped. */
  public static double logLogSlope(double[] x, double[] y) {
    double sx = 0;
    double sy = 0;
    double sxx = 0;
    double sxy = 0;
    int n = 0;
    for (int i = 0; i < x.length; i++) {
      if (x[i] <= 0 || y[i] <= 0) {
        continue;
      }
      double lx = Math.log(x[i]);
      double ly = Math.log(y[i]);
      sx += lx;
      sy += ly;
      sxx += lx * lx;
      sxy += lx * ly;
      n++;
    }
    if (n < 2) {
      return Double.NaN;
    }
    return (n * sxy - sx * sy) / (n * sxx - sx * sx);
  }
}
