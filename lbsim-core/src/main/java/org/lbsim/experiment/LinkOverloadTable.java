package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.lbsim.metrics.PortStats;
import org.lbsim.metrics.RunResult;

/**
 * Per-link overload per tier (our reading of the study's Fig. 7): the busiest link of a tier
 * carries this much more than the tier's mean over the collective, in percent — 0 means every
 * link of the tier carried exactly its share. One row per combination of {@code rowKeys}, one
 * column per switch tier, medians over seeds. Hosts' own links are left out: a host's uplink
 * and downlink carry exactly its flows whatever the design.
 */
public record LinkOverloadTable(List<String> rowKeys) implements Analysis {
  private static final Set<String> HOST_LINKS = Set.of("host-up", "tor-down", "leaf-down");

  public LinkOverloadTable {
    rowKeys = List.copyOf(rowKeys);
  }

  @Override
  public Table analyze(List<RunRecord> runs) {
    Map<List<String>, List<Map<String, Double>>> rows = new LinkedHashMap<>();
    Set<String> tiers = new LinkedHashSet<>();
    for (RunRecord r : runs) {
      List<String> key = new ArrayList<>();
      for (String k : rowKeys) {
        key.add(r.value(k));
      }
      Map<String, Double> o = overloadPct(r.result());
      tiers.addAll(o.keySet());
      rows.computeIfAbsent(key, k -> new ArrayList<>()).add(o);
    }
    List<String> header = new ArrayList<>(rowKeys);
    for (String t : tiers) {
      header.add(t + " overload %");
    }
    List<List<String>> out = new ArrayList<>();
    for (Map.Entry<List<String>, List<Map<String, Double>>> e : rows.entrySet()) {
      List<String> line = new ArrayList<>(e.getKey());
      for (String t : tiers) {
        double[] xs = e.getValue().stream().filter(m -> m.containsKey(t)).mapToDouble(m -> m.get(t)).toArray();
        double med = Stats.median(xs);
        line.add(Double.isNaN(med) ? "-" : String.format(Locale.ROOT, "%.1f", med));
      }
      out.add(line);
    }
    return new Table(header, out);
  }

  /** Per tier, in the order the fabric lists its ports: 100 × (max link bytes / mean − 1). */
  static Map<String, Double> overloadPct(RunResult r) {
    Map<String, long[]> acc = new LinkedHashMap<>();
    for (PortStats p : r.ports()) {
      if (HOST_LINKS.contains(p.tier())) {
        continue;
      }
      long[] a = acc.computeIfAbsent(p.tier(), k -> new long[3]);
      a[0] = Math.max(a[0], p.bytesSent());
      a[1] += p.bytesSent();
      a[2]++;
    }
    Map<String, Double> out = new LinkedHashMap<>();
    acc.forEach((tier, a) -> {
      double mean = (double) a[1] / a[2];
      out.put(tier, mean > 0 ? 100 * (a[0] / mean - 1) : 0);
    });
    return out;
  }
}
