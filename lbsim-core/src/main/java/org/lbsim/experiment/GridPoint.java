package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One combination of axis values, plus the seed it runs with. */
public record GridPoint(Map<String, String> values, long seed) {
  public GridPoint {
    values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  /** The overrides that turn the base scenario into this point. */
  public List<String> overrides() {
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, String> e : values.entrySet()) {
      out.add(e.getKey() + "=" + e.getValue());
    }
    out.add("seed=" + seed);
    return out;
  }

  /** A file-system-safe run name, e.g. {@code lb-ofan_workload.size-1MiB_seed-1}. */
  public String name() {
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<String, String> e : values.entrySet()) {
      sb.append(e.getKey()).append('-').append(e.getValue()).append('_');
    }
    sb.append("seed-").append(seed);
    return sb.toString().replaceAll("[^A-Za-z0-9._-]", "-");
  }

  /** Every combination of the axes, for seeds 1..seeds, in a fixed order. */
  public static List<GridPoint> expand(List<Axis> axes, int seeds) {
    List<Map<String, String>> combos = new ArrayList<>();
    combos.add(new LinkedHashMap<>());
    for (Axis a : axes) {
      List<Map<String, String>> next = new ArrayList<>();
      for (Map<String, String> c : combos) {
        for (String v : a.values()) {
          Map<String, String> m = new LinkedHashMap<>(c);
          m.put(a.key(), v);
          next.add(m);
        }
      }
      combos = next;
    }
    List<GridPoint> out = new ArrayList<>();
    for (Map<String, String> c : combos) {
      for (int s = 1; s <= seeds; s++) {
        out.add(new GridPoint(c, s));
      }
    }
    return out;
  }
}
