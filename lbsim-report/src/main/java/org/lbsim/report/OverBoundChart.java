package org.lbsim.report;

import static org.lbsim.report.Spec.field;
import static org.lbsim.report.Spec.list;
import static org.lbsim.report.Spec.map;
import static org.lbsim.report.Spec.ordered;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.lbsim.experiment.Stats;

/** CCT % over the lower bound, grouped bars: one group per workload, one bar per scheme. */
record OverBoundChart(List<Bar> bars) implements Chart {
  /** One bar: the median over the runs (seeds) of one scheme on one workload. */
  record Bar(String scheme, String workload, double medianPct, int runs) {}

  /** Empty when no run has both a CCT and a bound (unfinished runs or unknown bounds). */
  static Optional<Chart> of(List<RunData> runs, Schemes schemes) {
    Map<List<String>, List<Double>> groups = new LinkedHashMap<>();
    for (RunData r : runs) {
      double pct = r.number("cct_over_bound_pct");
      if (!Double.isNaN(pct)) {
        groups.computeIfAbsent(List.of(schemes.of(r), r.workload()), k -> new ArrayList<>()).add(pct);
      }
    }
    List<Bar> bars = new ArrayList<>();
    for (Map.Entry<List<String>, List<Double>> e : groups.entrySet()) {
      double[] xs = e.getValue().stream().mapToDouble(Double::doubleValue).toArray();
      bars.add(new Bar(e.getKey().get(0), e.getKey().get(1), Stats.median(xs), xs.length));
    }
    return bars.isEmpty() ? Optional.empty() : Optional.of(new OverBoundChart(bars));
  }

  @Override
  public String id() {
    return "over-bound";
  }

  @Override
  public String title() {
    return "CCT % over the lower bound";
  }

  @Override
  public String note() {
    return "How far each scheme's collective completion time (CCT) is above the analytical lower bound, per "
        + "workload; 0 % is optimal. With several seeds the bar is the median over them (n in the tooltip). "
        + "Runs with unfinished flows or without a known bound are left out.";
  }

  @Override
  public Map<String, Object> vegaLite() {
    List<Object> values = new ArrayList<>();
    for (Bar b : bars) {
      values.add(map("scheme", b.scheme(), "workload", b.workload(), "pct", Spec.round(b.medianPct(), 6), "n", b.runs()));
    }
    long schemes = bars.stream().map(Bar::scheme).distinct().count();
    Map<String, Object> x = ordered("workload", "nominal", "workload");
    x.put("axis", map("labelAngle", 0));
    return map("title", title(), "height", Spec.HEIGHT, "width", map("step", Math.max(80, 28 * schemes)),
        "data", map("values", values),
        "mark", map("type", "bar"),
        "encoding", map(
            "x", x,
            "xOffset", ordered("scheme", "nominal", "scheme"),
            "y", field("pct", "quantitative", "CCT % over lower bound (median over seeds)"),
            "color", ordered("scheme", "nominal", "scheme"),
            "tooltip", list(field("scheme", "nominal", "scheme"), field("workload", "nominal", "workload"),
                field("pct", "quantitative", "% over bound"), field("n", "quantitative", "runs"))));
  }

  @Override
  public CategoryChart xchart() {
    Set<String> workloads = new LinkedHashSet<>();
    Set<String> schemes = new LinkedHashSet<>();
    for (Bar b : bars) {
      workloads.add(b.workload());
      schemes.add(b.scheme());
    }
    CategoryChart c = new CategoryChartBuilder().width(900).height(500).title(title()).xAxisTitle("workload")
        .yAxisTitle("CCT % over lower bound (median over seeds)").build();
    for (String s : schemes) {
      List<Double> ys = new ArrayList<>();
      for (String w : workloads) {
        double y = 0; // XChart needs a value per category; a missing bar draws as nothing at 0
        for (Bar b : bars) {
          if (b.scheme().equals(s) && b.workload().equals(w)) {
            y = b.medianPct();
          }
        }
        ys.add(y);
      }
      c.addSeries(s, new ArrayList<>(workloads), ys);
    }
    return c;
  }
}
