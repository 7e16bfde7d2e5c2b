package org.lbsim.report;

import static org.lbsim.report.Spec.field;
import static org.lbsim.report.Spec.list;
import static org.lbsim.report.Spec.map;
import static org.lbsim.report.Spec.ordered;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** One run's hottest ports: their queue over time, as sampled during the run (queues.csv). */
record QueueOverTimeChart(int index, String run, List<RunData.QueueTrace> traces) implements Chart {
  static Optional<Chart> of(int index, RunData r) {
    return r.queues().isEmpty() ? Optional.empty() : Optional.of(new QueueOverTimeChart(index, r.name(), r.queues()));
  }

  @Override
  public String id() {
    return "queues-over-time-" + index;
  }

  @Override
  public String title() {
    return "Queues over time: " + run;
  }

  @Override
  public String note() {
    return "Occupancy of the " + traces.size() + " ports whose sampled queue was largest, from queues.csv (sampled "
        + "at a fixed interval, metrics.queue_sample_us; by default 200 samples over the lower bound). A queue that "
        + "keeps growing is a persistent collision; one that rises and drains is a burst the design absorbed.";
  }

  @Override
  public Map<String, Object> vegaLite() {
    List<Object> values = new ArrayList<>();
    for (RunData.QueueTrace t : traces) {
      values.add(map("port", t.port(), "time_us", t.timeUs(), "kb", t.kb()));
    }
    Map<String, Object> color = ordered("port", "nominal", "port (hottest first)"); // the file's order
    color.put("scale", map("range", Palette.categories(traces.size())));
    return map("title", title(), "width", Spec.WIDTH, "height", Spec.HEIGHT,
        "data", map("values", values),
        "transform", list(map("flatten", list("time_us", "kb"))),
        "mark", map("type", "line", "interpolate", "step-after"),
        "encoding", map(
            "x", field("time_us", "quantitative", "time (µs)"),
            "y", field("kb", "quantitative", "queue (KB)"),
            "color", color,
            "tooltip", list(field("port", "nominal", "port"), field("time_us", "quantitative", "time (µs)"),
                field("kb", "quantitative", "KB"))));
  }

  @Override
  public XYChart xchart() {
    XYChart c = new XYChartBuilder().width(900).height(500).title(title()).xAxisTitle("time (us)")
        .yAxisTitle("queue (KB)").build();
    c.getStyler().setXAxisDecimalPattern("#,##0.#");
    for (RunData.QueueTrace t : traces) {
      XYSeries s = c.addSeries(t.port(), t.timeUs(), t.kb());
      s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Step);
      s.setMarker(SeriesMarkers.NONE);
    }
    RunData.QueueTrace first = traces.get(0);
    if (first.timeUs().length > 1) {
      double x = first.timeUs()[0] + (first.timeUs()[1] - first.timeUs()[0]) / 3;
      PngStyle.roundTicks(c, x, Spec.round(Arrays.stream(first.kb()).max().orElse(0) / 3 + 1e-3, 6));
    }
    return c;
  }
}
