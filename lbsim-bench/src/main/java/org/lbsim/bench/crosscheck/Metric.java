package org.lbsim.bench.crosscheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a table row compares: the collective's completion time (the largest FCT) or a percentile
 * of the flows' completion times, in microseconds; or a count of packets over the run, the ones
 * switches trimmed and the ones senders resent (only where both sides report them).
 */
enum Metric {
  CCT("cct", "CCT", false),
  FCT_P50("p50", "FCT p50", false),
  FCT_P99("p99", "FCT p99", false),
  TRIMMED("trims", "trimmed", true),
  RESENT("rtx", "resent", true);

  final String key;
  final String label;
  /** A count of packets rather than a time. */
  final boolean count;

  Metric(String key, String label, boolean count) {
    this.key = key;
    this.label = label;
    this.count = count;
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
        throw new IllegalArgumentException("--metrics: '" + k.strip() + "' is not one of cct, p50, p99, trims, rtx");
      }
      if (out.contains(found)) {
        throw new IllegalArgumentException("--metrics: '" + found.key + "' is listed twice");
      }
      out.add(found);
    }
    return List.copyOf(out);
  }
}
