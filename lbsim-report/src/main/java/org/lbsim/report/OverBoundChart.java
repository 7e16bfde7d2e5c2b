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
import org.knowm.xchart.CategorySeries;
import org.lbsim.experiment.Stats;

/**
 * CCT % over the lower bound, grouped bars: one group per workload, one bar per scheme. With
 * several seeds the bar is their mean and a whisker its 95 % Student-t confidence interval.
 */
record OverBoundChart(List<Bar> bars, List<String> schemes) implements Chart {
  /** One bar: one scheme on one workload, over its runs (seeds). */
  record Bar(String scheme, String workload, MeanInterval pct, double medianPct) {}

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
      bars.add(new Bar(e.getKey().get(0), e.getKey().get(1), MeanInterval.of(xs), Stats.median(xs)));
    }
    return bars.isEmpty() ? Optional.empty() : Optional.of(new OverBoundChart(bars, schemes.names()));
  }

  private boolean anyInterval() {
    return bars.stream().anyMatch(b -> b.pct().hasInterval());
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
        + "workload; 0 % is optimal. With several seeds the bar is their mean and the whisker its 95 % confidence "
        + "interval (Student's t over the seeds; n and the median in the tooltip). "
        + "Runs with unfinished flows or without a known bound are left out.";
  }

  @Override
  public Map<String, Object> vegaLite() {
    List<Object> values = new ArrayList<>();
    for (Bar b : bars) {
      Map<String, Object> v = map("scheme", b.scheme(), "workload", b.workload(), "pct", Spec.round(b.pct().mean(), 6),
          "median", Spec.round(b.medianPct(), 6), "n", b.pct().n());
      if (b.pct().hasInterval()) {
        v.put("ci_lo", Spec.round(b.pct().lo(), 6));
        v.put("ci_hi", Spec.round(b.pct().hi(), 6));
      }
      values.add(v);
    }
    long schemeCount = bars.stream().map(Bar::scheme).distinct().count();
    long workloadCount = bars.stream().map(Bar::workload).distinct().count();
    Map<String, Object> x = ordered("workload", "nominal", "workload");
    x.put("axis", map("labelAngle", 0));
    Map<String, Object> color = ordered("scheme", "nominal", "scheme");
    color.put("scale", Palette.scale(schemes));
    color.put("legend", map("labelLimit", 360));
    List<Object> tooltip = list(field("scheme", "nominal", "scheme"), field("workload", "nominal", "workload"),
        field("pct", "quantitative", "% over bound, mean"), field("median", "quantitative", "median"),
        field("n", "quantitative", "runs"));
    if (anyInterval()) {
      tooltip.add(field("ci_lo", "quantitative", "95% CI low"));
      tooltip.add(field("ci_hi", "quantitative", "95% CI high"));
    }
    String yTitle = anyInterval() ? "CCT % over lower bound (mean over seeds, 95% CI)" : "CCT % over lower bound";
    List<Object> layers = list(map("mark", map("type", "bar"),
        "encoding", map("y", field("pct", "quantitative", yTitle), "color", color, "tooltip", tooltip)));
    if (anyInterval()) {
      layers.add(map("mark", map("type", "rule", "color", "#222", "strokeWidth", 1.5),
          "encoding", map("y", field("ci_lo", "quantitative", yTitle), "y2", map("field", "ci_hi"), "tooltip", tooltip)));
    }
    // a fixed width: a step width in a layered chart sizes each bar, not each group
    long width = Math.max(320, workloadCount * (36 * schemeCount + 36));
    return map("title", title(), "height", Spec.HEIGHT, "width", width,
        "data", map("values", values),
        "encoding", map("x", x, "xOffset", ordered("scheme", "nominal", "scheme")),
        "layer", layers);
  }

  @Override
  public CategoryChart xchart() {
    Set<String> workloads = new LinkedHashSet<>();
    Set<String> shown = new LinkedHashSet<>();
    for (Bar b : bars) {
      workloads.add(b.workload());
      shown.add(b.scheme());
    }
    String yTitle = anyInterval() ? "CCT % over lower bound (mean, 95% CI)" : "CCT % over lower bound";
    CategoryChart c = new CategoryChartBuilder().width(1000).height(520).title(title()).xAxisTitle("workload")
        .yAxisTitle(yTitle).build();
    c.getStyler().setErrorBarsColor(java.awt.Color.DARK_GRAY);
    c.getStyler().setErrorBarsColorSeriesColor(false);
    for (String s : shown) {
      List<Double> ys = new ArrayList<>();
      List<Double> errors = new ArrayList<>();
      for (String w : workloads) {
        double y = 0; // XChart needs a value per category; a missing bar draws as nothing at 0
        double e = 0;
        for (Bar b : bars) {
          if (b.scheme().equals(s) && b.workload().equals(w)) {
            y = b.pct().mean();
            e = b.pct().hasInterval() ? b.pct().hi() - b.pct().mean() : 0;
          }
        }
        ys.add(y);
        errors.add(e);
      }
      CategorySeries series = anyInterval() ? c.addSeries(s, new ArrayList<>(workloads), ys, errors)
          : c.addSeries(s, new ArrayList<>(workloads), ys);
      series.setFillColor(Palette.awt(schemes, s));
    }
    return c;
  }
}
