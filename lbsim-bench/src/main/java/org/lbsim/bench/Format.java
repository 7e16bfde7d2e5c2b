package org.lbsim.bench;

import java.util.Locale;

/** Human-readable numbers for the benchmark report (never used inside a simulation). */
final class Format {
  private Format() {}

  static String bytes(long b) {
    if (b < 0) {
      return "n/a";
    }
    if (b >= 1L << 30) {
      return String.format(Locale.ROOT, "%.2f GiB", b / (double) (1L << 30));
    }
    return String.format(Locale.ROOT, "%.1f MiB", b / (double) (1L << 20));
  }

  static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  /** A rate per second as e.g. "12.34 M/s". */
  static String rate(double perSecond) {
    return String.format(Locale.ROOT, "%.2f M/s", perSecond / 1e6);
  }

  static String seconds(long nanos) {
    return String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
  }

  static String micros(long ps) {
    return ps < 0 ? "unfinished" : String.format(Locale.ROOT, "%.3f us", ps / 1e6);
  }

  static String percent(double pct) {
    return Double.isNaN(pct) ? "n/a" : String.format(Locale.ROOT, "%+.2f %%", pct);
  }
}
