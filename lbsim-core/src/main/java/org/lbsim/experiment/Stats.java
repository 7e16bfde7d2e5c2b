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
