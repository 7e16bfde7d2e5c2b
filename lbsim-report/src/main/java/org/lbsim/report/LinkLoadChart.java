package org.lbsim.report;

import static org.lbsim.report.Spec.field;
import static org.lbsim.report.Spec.list;
import static org.lbsim.report.Spec.map;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;

/**
 * One run's per-link load: a heat map of each egress port's utilization, one row per tier in
 * the order a packet crosses them (host → ToR → aggregation → core → back down), one column
 * per port within the tier. Uneven colour along a row is load imbalance.
 */
record LinkLoadChart(int index, String run, Map<String, List<PortRow>> tiers) implements Chart {
  /** Path order up and down a fat tree / leaf-spine; tiers not listed follow alphabetically. */
  private static final List<String> TIER_ORDER =
      List.of("host-up", "tor-up", "leaf-up", "agg-up", "spine-down", "core-down", "agg-down", "leaf-down", "tor-down");
  /** Above this many ports a row, per-port axis labels would overlap: only every n-th port is labelled. */
  private static final int MAX_LABELLED_PORTS = 32;

  static Optional<Chart> of(int index, RunData r) {
    if (r.ports().isEmpty()) {
      return Optional.empty();
    }
    Map<String, List<PortRow>> byTier = new TreeMap<>();
    for (PortRow p : r.ports()) {
      byTier.computeIfAbsent(p.tier(), t -> new ArrayList<>()).add(p);
    }
    Map<String, List<PortRow>> ordered = new LinkedHashMap<>();
    for (String t : TIER_ORDER) {
      if (byTier.containsKey(t)) {
        ordered.put(t, byTier.remove(t));
      }
    }
    ordered.putAll(byTier);
    return Optional.of(new LinkLoadChart(index, r.name(), ordered));
  }

  private int widest() {
    return tiers.values().stream().mapToInt(List::size).max().orElse(0);
  }

  @Override
  public String id() {
    return "link-load-" + index;
  }

  @Override
  public String title() {
    return "Per-link load: " + run;
  }

  @Override
  public String note() {
    return "Utilization of every egress port over the run (bytes sent / (link rate × run time)), one row per tier, "
        + "from ports.csv. Within a row, uneven colour is load imbalance; hover for the port, its largest queue "
        + "and its drops.";
  }

  @Override
  public Map<String, Object> vegaLite() {
    List<Object> values = new ArrayList<>();
    tiers.forEach((tier, ports) -> {
      for (int i = 0; i < ports.size(); i++) {
        PortRow p = ports.get(i);
        values.add(map("tier", tier, "i", i, "port", p.port(), "util", p.utilization(),
            "max_queue_kb", Spec.round(p.maxQueueBytes() / 1000.0, 6), "drops", p.drops()));
      }
    });
    Map<String, Object> x = field("i", "ordinal", "port within tier (" + widest() + " ports)");
    if (widest() > MAX_LABELLED_PORTS) {
      x.put("axis", map("values", labelledPorts()));
    }
    Map<String, Object> y = field("tier", "ordinal", "tier");
    y.put("sort", new ArrayList<>(tiers.keySet()));
    Map<String, Object> color = field("util", "quantitative", "utilization");
    color.put("scale", map("domain", list(0, 1), "scheme", "viridis"));
    color.put("legend", map("title", "utilization"));
    return map("title", title(), "width", Spec.WIDTH, "height", map("step", 22),
        "data", map("values", values),
        "mark", map("type", "rect"),
        "encoding", map("x", x, "y", y, "color", color,
            "tooltip", list(field("port", "nominal", "port"), field("tier", "nominal", "tier"),
                field("util", "quantitative", "utilization"), field("max_queue_kb", "quantitative", "max queue (KB)"),
                field("drops", "quantitative", "drops"))));
  }

  /** Every how many ports a label goes: 1, 2, 5, 10, 20, 50, ... so that at most 32 are labelled. */
  private int labelStep() {
    int step = 1;
    for (int m = 0; widest() > MAX_LABELLED_PORTS * step; m++) {
      step = (m % 3 == 1 ? 5 : 2) * step / (m % 3 == 1 ? 2 : 1);
    }
    return step;
  }

  /** The ports that carry an axis label: every {@link #labelStep()}-th from 0. */
  private List<Integer> labelledPorts() {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < widest(); i += labelStep()) {
      out.add(i);
    }
    return out;
  }

  /**
   * The same heat map; only every {@link #labelStep()}-th port's column is labelled, and the
   * colour bar carries its name (XChart draws none: an annotation above it).
   */
  @Override
  public HeatMapChart xchart() {
    int step = labelStep();
    List<String> xs = new ArrayList<>();
    for (int i = 0; i < widest(); i++) {
      xs.add(i % step == 0 ? Integer.toString(i) : " "); // XChart cannot draw an empty label
    }
    List<String> ys = new ArrayList<>(tiers.keySet());
    List<Number[]> cells = new ArrayList<>();
    for (int t = 0; t < ys.size(); t++) {
      List<PortRow> ports = tiers.get(ys.get(t));
      for (int i = 0; i < ports.size(); i++) {
        cells.add(new Number[] {i, t, ports.get(i).utilization()});
      }
    }
    int height = 120 + 40 * ys.size();
    HeatMapChart c = new HeatMapChartBuilder().width(1000).height(height).title(title())
        .xAxisTitle("port within tier (" + widest() + " ports)").yAxisTitle("tier").build();
    c.getStyler().setMin(0).setMax(1);
    c.getStyler().setRangeColors(Palette.awtViridis()); // as in the page: 0 is dark, never a warm colour
    c.getStyler().setAxisTicksMarksVisible(step == 1); // a mark per column would merge into a bar
    c.addSeries("utilization", xs, ys, cells);
    c.addAnnotation(new AnnotationText("utilization", 1000 - 42, height - 28, true));
    return c;
  }
}
