package org.lbsim.report;

import static org.lbsim.report.Spec.field;
import static org.lbsim.report.Spec.list;
import static org.lbsim.report.Spec.map;
import static org.lbsim.report.Spec.ordered;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Flow completion time CDFs, one line per run, each cut down to at most {@link #MAX_POINTS} points. */
record FctCdfChart(List<Curve> curves) implements Chart {
  /** Beyond this many points per run a CDF looks the same but the page grows and SVG slows down. */
  static final int MAX_POINTS = 2000;
  /** More legend entries than this no longer fit beside a PNG; the HTML legend still lists all. */
  private static final int MAX_PNG_LEGEND = 12;

  /** One run's CDF: FCTs in µs and the fraction of all its flows finished by then. */
  record Curve(String run, double[] fctUs, double[] fraction) {}

  static Optional<Chart> of(List<RunData> runs) {
    List<Curve> curves = new ArrayList<>();
    for (RunData r : runs) {
      if (r.fctsPs().length > 0) {
        double flows = r.number("flows");
        curves.add(curve(r.name(), r.fctsPs(), Double.isNaN(flows) ? r.fctsPs().length : (int) flows));
      }
    }
    return curves.isEmpty() ? Optional.empty() : Optional.of(new FctCdfChart(curves));
  }

  /**
   * Evenly spaced ranks of the sorted FCTs, always keeping the first and the last. The fraction
   * is over all flows, so a run with unfinished flows tops out below 1.
   */
  static Curve curve(String run, long[] sortedPs, int flows) {
    int n = sortedPs.length;
    int k = Math.min(n, MAX_POINTS);
    double[] x = new double[k];
    double[] y = new double[k];
    for (int j = 0; j < k; j++) {
      int idx = k == n ? j : (int) Math.round((double) j * (n - 1) / (k - 1));
      x[j] = Spec.round(sortedPs[idx] / 1e6, 7);
      y[j] = Spec.round((idx + 1) / (double) Math.max(flows, n), 6);
    }
    return new Curve(run, x, y);
  }

  @Override
  public String id() {
    return "fct-cdf";
  }

  @Override
  public String title() {
    return "Flow completion time CDF";
  }

  @Override
  public String note() {
    return "Fraction of each run's flows finished within a given flow completion time (FCT), from flows.csv. "
        + "A curve that stays below 1 has unfinished flows. Runs with more than " + MAX_POINTS
        + " flows are drawn from " + MAX_POINTS + " evenly spaced ranks, always including the slowest flow.";
  }

  @Override
  public Map<String, Object> vegaLite() {
    // one object per run with parallel arrays, flattened in the browser: the run name is not
    // repeated for every point, which keeps the page small
    List<Object> values = new ArrayList<>();
    for (Curve c : curves) {
      values.add(map("run", c.run(), "fct_us", c.fctUs(), "fraction", c.fraction()));
    }
    return map("title", title(), "width", Spec.WIDTH, "height", Spec.HEIGHT,
        "data", map("values", values),
        "transform", list(map("flatten", list("fct_us", "fraction"))),
        "mark", map("type", "line", "interpolate", "step-after"),
        "encoding", map(
            "x", field("fct_us", "quantitative", "flow completion time (µs)"),
            "y", field("fraction", "quantitative", "fraction of flows finished"),
            "color", legendColor(),
            "tooltip", list(field("run", "nominal", "run"), field("fct_us", "quantitative", "FCT (µs)"),
                field("fraction", "quantitative", "fraction"))));
  }

  private static Map<String, Object> legendColor() {
    Map<String, Object> c = ordered("run", "nominal", "run");
    c.put("legend", map("labelLimit", 360)); // sweep run names are long; the default cuts them at 160 px
    return c;
  }

  @Override
  public XYChart xchart() {
    XYChart c = new XYChartBuilder().width(900).height(500).title(title()).xAxisTitle("flow completion time (us)")
        .yAxisTitle("fraction of flows finished").build();
    c.getStyler().setLegendVisible(curves.size() <= MAX_PNG_LEGEND);
    for (Curve cv : curves) {
      XYSeries s = c.addSeries(cv.run(), cv.fctUs(), cv.fraction());
      s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Step);
      s.setMarker(SeriesMarkers.NONE);
    }
    return c;
  }
}
