package org.lbsim.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.lbsim.metrics.FlowTimes;
import org.lbsim.metrics.PortStats;
import org.lbsim.metrics.RunResult;
import org.lbsim.scenario.ScenarioKey;
import org.lbsim.scenario.ScenarioSchema;
import org.lbsim.transport.FlowOutcome;

/** The values of {@code summary.json} that are more than one field of a run: its {@link SummaryKey}s' extractors. */
final class SummaryParts {
  /** The most unfinished flows the summary lists. */
  static final int UNFINISHED_LISTED = 100;

  private SummaryParts() {}

  /**
   * The settings as the summary echoes them: every one, except the keys at their default that
   * {@link ScenarioSchema#silentAtDefault} names (as {@link ScenarioKey} leaves them out).
   */
  static Map<String, String> echoed(Map<String, String> settings) {
    Map<String, String> out = new LinkedHashMap<>(settings);
    out.entrySet().removeIf(e -> ScenarioSchema.silentAtDefault(e.getKey(), e.getValue()));
    return out;
  }

  /** The unfinished flows and why, at most {@value #UNFINISHED_LISTED} of them. */
  static List<Map<String, Object>> unfinished(RunResult r) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Map.Entry<Integer, String> e : r.unfinished().entrySet()) {
      if (out.size() == UNFINISHED_LISTED) {
        break;
      }
      FlowOutcome f = r.flows().get(e.getKey());
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("flow", f.id());
      x.put("src", f.src());
      x.put("dst", f.dst());
      x.put("why", e.getValue());
      out.add(x);
    }
    return out;
  }

  /** The FCTs' min, median, 99th percentile (nearest rank) and max; empty when no flow finished. */
  static Map<String, Object> fctPercentiles(List<FlowOutcome> flows) {
    long[] fcts = FlowTimes.sortedFcts(flows);
    Map<String, Object> m = new LinkedHashMap<>();
    if (fcts.length == 0) {
      return m;
    }
    m.put("min", fcts[0]);
    m.put("p50", FlowTimes.nearestRank(fcts, 50));
    m.put("p99", FlowTimes.nearestRank(fcts, 99));
    m.put("max", fcts[fcts.length - 1]);
    return m;
  }

  /** Per tier, in name order: ports, largest and mean queue, mean and largest utilization, drops. */
  static Map<String, Object> tiers(List<PortStats> ports) {
    Map<String, List<PortStats>> byTier = new TreeMap<>();
    for (PortStats p : ports) {
      byTier.computeIfAbsent(p.tier(), t -> new ArrayList<>()).add(p);
    }
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<String, List<PortStats>> e : byTier.entrySet()) {
      long maxQ = 0;
      long drops = 0;
      double meanQ = 0;
      double util = 0;
      double maxUtil = 0;
      for (PortStats p : e.getValue()) {
        maxQ = Math.max(maxQ, p.maxQueueBytes());
        drops += p.drops();
        meanQ += p.meanQueueBytes();
        util += p.utilization();
        maxUtil = Math.max(maxUtil, p.utilization());
      }
      int n = e.getValue().size();
      Map<String, Object> t = new LinkedHashMap<>();
      t.put("ports", n);
      t.put("max_queue_bytes", maxQ);
      t.put("mean_queue_bytes", round(meanQ / n, 2));
      t.put("mean_utilization", round(util / n, 6));
      t.put("max_utilization", round(maxUtil, 6));
      t.put("drops", drops);
      out.put(e.getKey(), t);
    }
    return out;
  }

  static double round(double x, int digits) {
    double f = Math.pow(10, digits);
    return Math.round(x * f) / f;
  }
}
