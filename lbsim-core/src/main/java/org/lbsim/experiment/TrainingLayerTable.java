package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import org.lbsim.metrics.PortStats;

/**
 * The study's Fig. 14 panels per load balancer and model (the values of {@code columnKey}),
 * medians over seeds: the CCT % over the lower bound, the largest switch queue (KB) and the mean
 * utilization of the fabric's switch-to-switch links over the collective (%). A run with
 * unfinished flows has no CCT and is left out of its % cell. Last, one row per scheme divides the
 * baseline's CCT increase by the scheme's ({@code baseline / lb}, in the % columns), the study's
 * "Ofan cuts the CCT increase 52x relative to the baseline".
 */
public record TrainingLayerTable(String columnKey, String baseline) implements Analysis {
  static final String OVER = " % over bound";
  static final String QUEUE = " max queue (KB)";
  static final String UTIL = " fabric util (%)";
  /** Tiers of the links between switches, whose load the load balancer decides. */
  static final Set<String> FABRIC_TIERS = Set.of("tor-up", "agg-up", "core-down", "agg-down", "leaf-up",
      "spine-down");

  @Override
  public Table analyze(List<RunRecord> runs) {
    Set<String> lbs = new LinkedHashSet<>();
    Set<String> cols = new LinkedHashSet<>();
    for (RunRecord r : runs) {
      lbs.add(r.value("lb"));
      cols.add(r.value(columnKey));
    }
    List<String> header = new ArrayList<>(List.of("lb"));
    for (String c : cols) {
      header.addAll(List.of(c + OVER, c + QUEUE, c + UTIL));
    }
    List<List<String>> out = new ArrayList<>();
    for (String lb : lbs) {
      List<String> line = new ArrayList<>(List.of(lb));
      for (String c : cols) {
        line.add(format(over(runs, lb, c), "%.2f"));
        line.add(format(median(runs, lb, c, r -> r.result().maxSwitchQueueBytes() / 1e3), "%.1f"));
        line.add(format(median(runs, lb, c, TrainingLayerTable::fabricUtilizationPct), "%.1f"));
      }
      out.add(line);
    }
    if (lbs.contains(baseline)) {
      for (String lb : lbs) {
        if (lb.equals(baseline)) {
          continue;
        }
        List<String> line = new ArrayList<>(List.of(baseline + " / " + lb));
        for (String c : cols) {
          double base = over(runs, baseline, c);
          double mine = over(runs, lb, c);
          line.add(mine > 0 && !Double.isNaN(base) ? String.format(Locale.ROOT, "%.1fx", base / mine) : "-");
          line.add("-");
          line.add("-");
        }
        out.add(line);
      }
    }
    return new Table(header, out);
  }

  /** Mean utilization of the run's switch-to-switch ports, %. */
  static double fabricUtilizationPct(RunRecord r) {
    double sum = 0;
    int n = 0;
    for (PortStats p : r.result().ports()) {
      if (FABRIC_TIERS.contains(p.tier())) {
        sum += p.utilization();
        n++;
      }
    }
    return n == 0 ? Double.NaN : 100 * sum / n;
  }

  private double over(List<RunRecord> runs, String lb, String col) {
    return median(runs.stream().filter(r -> r.result().unfinishedFlows() == 0).toList(), lb, col,
        r -> r.result().overBoundPct());
  }

  private double median(List<RunRecord> runs, String lb, String col, ToDoubleFunction<RunRecord> f) {
    return Stats.median(runs.stream().filter(r -> r.value("lb").equals(lb) && r.value(columnKey).equals(col))
        .mapToDouble(f).toArray());
  }

  private static String format(double v, String pattern) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, pattern, v);
  }
}
