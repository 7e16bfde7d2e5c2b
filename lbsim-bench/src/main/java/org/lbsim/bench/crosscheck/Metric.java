package org.lbsim.bench.crosscheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a table row compares: the collective's completion time (the largest FCT) or a percentile
 * of the flows' completion times.
 */
enum Metric {
  CCT("cct", "CCT"),
  FCT_P50("p50", "FCT p50"),
  FCT_P99("p99", "FCT p99");

  final String key;
  final String label;

  Metric(String key, String label) {
    this.key = key;
    this.label = label;
  }

  /** A comma-separated list of keys ({@code cct,p50,p99}), in the given order. */
  static List<Metric> parseList(String text) {
    List<Metric> out = new ArrayList<>();
    for (String k : text.split(",")) {
      Metric found = null;
      for (Metric m : values()) {
        if (m.key.equals(k.strip().toLowerCase(Locale.ROOT))) {
          found = m;
        }
      }
      if (found == null) {
        throw new IllegalArgumentException("--metrics: '" + k.strip() + "' is not one of cct, p50, p99");
      }
      if (out.contains(found)) {
        throw new IllegalArgumentException("--metrics: '" + found.key + "' is listed twice");
      }
      out.add(found);
    }
    return List.copyOf(out);
  }
}
