package org.lbsim.report;

import java.util.Locale;

/** HTML text helpers. */
final class Html {
  private Html() {}

  static String esc(String s) {
    StringBuilder b = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '&' -> b.append("&amp;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&#39;");
        default -> b.append(c);
      }
    }
    return b.toString();
  }

  /**
   * JSON made safe to sit inside a script element: '<', '>' and '&' only occur inside JSON
   * strings, where their \\u escapes mean the same, and no "</script" or "<!--" can survive.
   */
  static String scriptSafeJson(String json) {
    return json.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
        .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
  }

  static String num(double x, int decimals) {
    return Double.isNaN(x) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", x);
  }
}
