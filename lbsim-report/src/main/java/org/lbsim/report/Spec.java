package org.lbsim.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Small builders for Vega-Lite specs as ordered maps, which Jackson writes in insertion order:
 * the same results give byte-identical JSON in the report.
 */
final class Spec {
  static final int WIDTH = 640;
  static final int HEIGHT = 320;

  private Spec() {}

  static Map<String, Object> map(Object... keysAndValues) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      m.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return m;
  }

  static List<Object> list(Object... xs) {
    return new ArrayList<>(List.of(xs));
  }

  static Map<String, Object> field(String name, String type, String title) {
    return map("field", name, "type", type, "title", title);
  }

  /** A field encoding that keeps the data's order instead of sorting it alphabetically. */
  static Map<String, Object> ordered(String name, String type, String title) {
    Map<String, Object> m = field(name, type, title);
    m.put("sort", null);
    return m;
  }

  /** Rounds to a few significant digits: keeps the inlined data small without visible loss. */
  static double round(double x, int digits) {
    if (x == 0 || Double.isNaN(x) || Double.isInfinite(x)) {
      return x;
    }
    return new java.math.BigDecimal(x).round(new java.math.MathContext(digits)).doubleValue();
  }
}
