package org.lbsim.report;

import static org.lbsim.report.Spec.field;
import static org.lbsim.report.Spec.list;
import static org.lbsim.report.Spec.map;
import static org.lbsim.report.Spec.ordered;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/**
 * One run's hottest ports (largest queue first), each with its largest and its mean queue; the
 * queue-over-time chart shows how the sampled ones got there.
 */
record HottestPortsChart(int index, String run, List<PortRow> ports) implements Chart {
  static final int TOP = 10;

  static Optional<Chart> of(int index, RunData r) {
    List<PortRow> hot = r.ports().stream()
        .filter(p -> p.maxQueueBytes() > 0)
        // ties by mean queue, then by name, so equal maxima (full buffers) always list the same way
        .sorted(Comparator.comparingLong(PortRow::maxQueueBytes).reversed()
            .thenComparing(Comparator.comparingDouble(PortRow::meanQueueBytes).reversed())
            .thenComparing(PortRow::port))
        .limit(TOP)
        .toList();
    return hot.isEmpty() ? Optional.empty() : Optional.of(new HottestPortsChart(index, r.name(), hot));
  }

  @Override
  public String id() {
    return "hottest-ports-" + index;
  }

  @Override
  public String title() {
    return "Hottest ports: " + run;
  }

  @Override
  public String note() {
    return "The " + TOP + " ports with the largest queue in this run (exact, from ports.csv), with their largest and "
        + "time-averaged queue.";
  }

  @Override
  public Map<String, Object> vegaLite() {
    List<Object> values = new ArrayList<>();
    for (PortRow p : ports) {
      values.add(map("port", p.port(), "tier", p.tier(), "stat", "max queue", "kb", Spec.round(p.maxQueueBytes() / 1000.0, 6)));
      values.add(map("port", p.port(), "tier", p.tier(), "stat", "mean queue", "kb", Spec.round(p.meanQueueBytes() / 1000.0, 6)));
    }
    return map("title", title(), "height", Spec.HEIGHT,
        "data", map("values", values),
        "mark", map("type", "bar"),
        "encoding", map(
            "x", ordered("port", "nominal", "port (largest queue first)"),
            "xOffset", ordered("stat", "nominal", "statistic"),
            "y", field("kb", "quantitative", "queue (KB)"),
            "color", colour(),
            "tooltip", list(field("port", "nominal", "port"), field("tier", "nominal", "tier"),
                field("stat", "nominal", "statistic"), field("kb", "quantitative", "KB"))));
  }

  private static Map<String, Object> colour() {
    Map<String, Object> c = ordered("stat", "nominal", "statistic");
    c.put("scale", map("range", Palette.categories(2)));
    return c;
  }

  @Override
  public CategoryChart xchart() {
    List<String> names = ports.stream().map(PortRow::port).toList();
    CategoryChart c = new CategoryChartBuilder().width(900).height(500).title(title())
        .xAxisTitle("port (largest queue first)").yAxisTitle("queue (KB)").build();
    c.getStyler().setXAxisLabelRotation(45);
    c.addSeries("max queue", names, ports.stream().map(p -> p.maxQueueBytes() / 1000.0).toList());
    c.addSeries("mean queue", names, ports.stream().map(p -> p.meanQueueBytes() / 1000.0).toList());
    return c;
  }
}
