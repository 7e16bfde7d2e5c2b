package org.lbsim.report;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Names each run's scheme: the settings that differ between the runs, other than the run's
 * name, its seed and its workload. Usually that is just {@code lb}; when a sweep also varies,
 * say, {@code cc}, the scheme becomes {@code lb=ofan cc=dctcp}, so runs that differ in more
 * than the load balancer are never pooled into one median.
 */
final class Schemes {
  private final Map<RunData, String> labels = new IdentityHashMap<>();
  private final List<String> names = new ArrayList<>();

  Schemes(List<RunData> runs) {
    Set<String> keys = new LinkedHashSet<>();
    for (RunData r : runs) {
      keys.addAll(r.settings().keySet());
    }
    List<String> varying = new ArrayList<>();
    for (String k : keys) {
      if (k.equals("name") || k.equals("seed") || k.startsWith("workload.")) {
        continue;
      }
      Set<String> values = new HashSet<>();
      for (RunData r : runs) {
        values.add(r.setting(k));
      }
      if (values.size() > 1) {
        varying.add(k);
      }
    }
    boolean lbOnly = varying.isEmpty() || varying.equals(List.of("lb"));
    for (RunData r : runs) {
      if (lbOnly) {
        labels.put(r, r.setting("lb"));
        continue;
      }
      StringBuilder sb = new StringBuilder();
      for (String k : varying) {
        sb.append(sb.length() == 0 ? "" : " ").append(k).append('=').append(r.setting(k));
      }
      labels.put(r, sb.toString());
    }
    for (RunData r : runs) {
      if (!names.contains(labels.get(r))) {
        names.add(labels.get(r));
      }
    }
  }

  String of(RunData r) {
    return labels.get(r);
  }

  /** Every scheme once, in the order of the runs: the order of the legends and of the colours. */
  List<String> names() {
    return List.copyOf(names);
  }
}
