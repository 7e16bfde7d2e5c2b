package org.lbsim.report;

import static org.lbsim.report.Spec.field;
import static org.lbsim.report.Spec.list;
import static org.lbsim.report.Spec.map;
import static org.lbsim.report.Spec.ordered;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.lbsim.experiment.Stats;

/**
 * Largest switch queue against the message size m, log-log, one line per scheme, with the
 * least-squares slope of log(queue) on log(m) in the legend: about 1 means Θ(m), 0.5 Θ(√m),
 * 0 Θ(1) (the study's Table 3).
 */
record QueueScalingChart(List<Series> series) implements Chart {
  /** One scheme's points: message bytes → median largest queue in KB. */
  record Series(String label, double slope, TreeMap<Long, Double> points) {}

  /** Empty unless the runs differ in message size. */
  static Optional<Chart> of(List<RunData> runs, Schemes schemes) {
    Set<Long> sizes = new HashSet<>();
    Set<String> kinds = new HashSet<>();
    for (RunData r : runs) {
      if (r.messageBytes() > 0) {
        sizes.add(r.messageBytes());
        kinds.add(r.setting("workload.kind"));
      }
    }
    if (sizes.size() < 2) {
      return Optional.empty();
    }
    // queues of different collectives scale differently: keep them apart when runs mix them
    Map<String, TreeMap<Long, List<Double>>> byScheme = new LinkedHashMap<>();
    for (RunData r : runs) {
      double q = r.number("max_queue_bytes");
      if (r.messageBytes() <= 0 || Double.isNaN(q)) {
        continue;
      }
      String label = kinds.size() > 1 ? schemes.of(r) + " / " + r.setting("workload.kind") : schemes.of(r);
      byScheme.computeIfAbsent(label, k -> new TreeMap<>()).computeIfAbsent(r.messageBytes(), k -> new ArrayList<>())
          .add(q / 1000.0);
    }
    List<Series> out = new ArrayList<>();
    for (Map.Entry<String, TreeMap<Long, List<Double>>> e : byScheme.entrySet()) {
      TreeMap<Long, Double> pts = new TreeMap<>();
      e.getValue().forEach((m, qs) -> pts.put(m, Stats.median(qs.stream().mapToDouble(Double::doubleValue).toArray())));
      double[] x = pts.keySet().stream().mapToDouble(Long::doubleValue).toArray();
      double[] y = pts.values().stream().mapToDouble(Double::doubleValue).toArray();
      out.add(new Series(e.getKey(), Stats.logLogSlope(x, y), pts));
    }
    // a log axis cannot show an empty queue: with nothing above zero there is no chart to draw
    boolean drawable = out.stream().anyMatch(s -> s.points().values().stream().anyMatch(q -> q > 0));
    return drawable ? Optional.of(new QueueScalingChart(out)) : Optional.empty();
  }

  static String legend(Series s) {
    return Double.isNaN(s.slope()) ? s.label() + " (slope n/a)"
        : String.format(Locale.ROOT, "%s (slope %.2f)", s.label(), s.slope());
  }

  /** A tick of the log2 size axis: the size when it is a whole power of two, else a blank (XChart draws no empty label). */
  static String sizeTick(double log2) {
    long p = Math.round(log2);
    if (Math.abs(log2 - p) > 1e-9 || p < 0 || p > 62) {
      return " ";
    }
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    return (1L << (p % 10)) + " " + units[(int) (p / 10)];
  }

  @Override
  public String id() {
    return "queue-scaling";
  }

  @Override
  public String title() {
    return "Queue scaling: largest switch queue vs message size";
  }

  @Override
  public String note() {
    return "Largest switch queue (median over seeds) against the message size, on log-log axes. The legend gives "
        + "each scheme's fitted log-log slope: about 1 means the queue grows like m, 0.5 like sqrt(m), 0 not at "
        + "all. Points with an empty queue cannot be drawn on a log axis and are left out.";
  }

  @Override
  public Map<String, Object> vegaLite() {
    List<Object> values = new ArrayList<>();
    for (Series s : series) {
      s.points().forEach((m, q) -> {
        if (q > 0) {
          values.add(map("scheme", legend(s), "bytes", m, "queue_kb", Spec.round(q, 6)));
        }
      });
    }
    Map<String, Object> x = field("bytes", "quantitative", "message size (bytes)");
    x.put("scale", map("type", "log"));
    x.put("axis", map("format", "~s")); // 100k, 1M: full byte counts overlap on a log axis
    Map<String, Object> y = field("queue_kb", "quantitative", "largest switch queue (KB, median over seeds)");
    y.put("scale", map("type", "log"));
    return map("title", title(), "width", Spec.WIDTH, "height", Spec.HEIGHT,
        "data", map("values", values),
        "mark", map("type", "line", "point", true),
        "encoding", map("x", x, "y", y,
            "color", colour(),
            "tooltip", list(field("scheme", "nominal", "scheme"), field("bytes", "quantitative", "message bytes"),
                field("queue_kb", "quantitative", "largest queue (KB)"))));
  }

  private Map<String, Object> colour() {
    Map<String, Object> c = ordered("scheme", "nominal", "scheme (log-log slope)");
    c.put("scale", map("range", Palette.categories(series.size())));
    c.put("legend", map("labelLimit", 360));
    return c;
  }

  /**
   * The same log-log chart: the message size as log2 on a linear axis, so that its ticks fall on
   * powers of two and read as sizes (64 KiB, 256 KiB, 1 MiB); the queue on a log axis with a tick
   * at every 1 to 9 of each decade, so that a range within one decade still has labelled ticks.
   */
  @Override
  public XYChart xchart() {
    XYChart c = new XYChartBuilder().width(900).height(500).title(title()).xAxisTitle("message size (log scale)")
        .yAxisTitle("largest switch queue (KB, median over seeds)").build();
    c.getStyler().setxAxisTickLabelsFormattingFunction(QueueScalingChart::sizeTick);
    c.getStyler().setYAxisLogarithmic(true);
    c.getStyler().setYAxisLogarithmicDecadeOnly(false);
    c.getStyler().setYAxisDecimalPattern("#,##0.##");
    for (Series s : series) {
      List<Double> xs = new ArrayList<>();
      List<Double> ys = new ArrayList<>();
      s.points().forEach((m, q) -> {
        if (q > 0) {
          xs.add(Math.log(m.doubleValue()) / Math.log(2));
          ys.add(q);
        }
      });
      if (!xs.isEmpty()) {
        c.addSeries(legend(s), xs, ys).setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
      }
    }
    return c;
  }
}
