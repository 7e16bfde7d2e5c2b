package org.lbsim.scenario;

import java.util.Locale;
import java.util.regex.Pattern;

/** How a scenario writes numbers and sizes: decimal ASCII, no hex, no Java suffixes, no NaN or Infinity. */
final class ValueText {
  /** A decimal number as written in a file. */
  private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
  private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]+");

  private ValueText() {
  }

  /** A decimal integer in ASCII digits (Long.parseLong also takes other scripts' digits). */
  static long parseInteger(String s) {
    String t = s.trim();
    if (!INTEGER.matcher(t).matches()) {
      throw new NumberFormatException(t);
    }
    return Long.parseLong(t);
  }

  /** A finite decimal number; NumberFormatException otherwise. */
  static double parseNumber(String s) {
    if (!NUMBER.matcher(s.trim()).matches()) {
      throw new NumberFormatException();
    }
    double d = Double.parseDouble(s.trim());
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      throw new NumberFormatException();
    }
    return d;
  }

  /** Bytes for "1048576", "1MiB", "800 KB", "2.5MB"; -1 if unreadable, 0 if not positive. */
  static long parseSize(String s) {
    String t = s.trim().toLowerCase(Locale.ROOT).replace(" ", "");
    long mult = 1;
    String[][] units = {{"kib", "1024"}, {"mib", "1048576"}, {"gib", "1073741824"}, {"kb", "1000"},
        {"mb", "1000000"}, {"gb", "1000000000"}, {"b", "1"}};
    for (String[] u : units) {
      if (t.endsWith(u[0])) {
        mult = Long.parseLong(u[1]);
        t = t.substring(0, t.length() - u[0].length());
        break;
      }
    }
    if (!NUMBER.matcher(t).matches()) {
      return -1;
    }
    try {
      double x = Double.parseDouble(t);
      if (Double.isNaN(x) || Double.isInfinite(x) || x * mult > 1e15) {
        return -1;
      }
      if (x <= 0) {
        return 0;
      }
      double bytes = x * mult;
      return bytes == Math.rint(bytes) ? (long) bytes : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
