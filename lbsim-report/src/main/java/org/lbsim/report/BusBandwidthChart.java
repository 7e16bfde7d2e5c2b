package org.lbsim.report;

import static org.lbsim.report.Spec.field;
import static org.lbsim.report.Spec.list;
import static org.lbsim.report.Spec.map;
import static org.lbsim.report.Spec.ordered;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;

/**
 * {@code lbsim bench-collective}'s busbw against the size, one line per design, on a log2 size
 * axis, with the fabric's ideal busbw as a dashed line; read from the folder's
 * {@code bench-collective.csv}.
 */
record BusBandwidthChart(String op, int ranks, double ideal, Map<String, TreeMap<Long, Double>> series) implements Chart {
  static final String FILE = "bench-collective.csv";
  static final String IDEAL = "ideal (fabric)";
  private static final CSVFormat CSV = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get();

  /** Empty unless {@code dir} holds a {@code bench-collective.csv} with a finished size. */
  static Optional<Chart> of(Path dir) {
    Path f = dir.resolve(FILE);
    if (!Files.isRegularFile(f)) {
      return Optional.empty();
    }
    String op = "";
    int ranks = 0;
    double ideal = Double.NaN;
    Map<String, TreeMap<Long, Double>> series = new LinkedHashMap<>();
    try (Reader in = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
      for (CSVRecord r : CSV.parse(in)) {
        op = r.get("op");
        ranks = Integer.parseInt(r.get("ranks"));
        ideal = Double.parseDouble(r.get("fabric_ideal_busbw_gbs"));
        TreeMap<Long, Double> points = series.computeIfAbsent(r.get("lb"), k -> new TreeMap<>());
        if (!r.get("busbw_gbs").isEmpty()) {
          points.put(Long.parseLong(r.get("size")), Double.parseDouble(r.get("busbw_gbs")));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + f + ": " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new ReportException(f + ": not a bench-collective.csv (" + e.getMessage() + ")");
    }
    boolean any = series.values().stream().anyMatch(s -> !s.isEmpty());
    return any ? Optional.of(new BusBandwidthChart(op, ranks, ideal, series)) : Optional.empty();
  }

  @Override
  public String id() {
    return "bus-bandwidth";
  }

  @Override
  public String title() {
    return "Bus bandwidth vs size: " + op + " on " + ranks + " ranks";
  }

  @Override
  public String note() {
    return "busbw (nccl-tests' bus bandwidth, GB/s = 1e9 B/s) of each design against the per-rank size, from "
        + "bench-collective.csv. The dashed line is the fabric's ideal busbw: the host link's rate times the share "
        + "of its bytes that are payload. A design that keeps up with the fabric approaches it at large sizes.";
  }

  /** Every size of every series, and the ideal at each. */
  private TreeMap<Long, Double> idealLine() {
    TreeMap<Long, Double> line = new TreeMap<>();
    series.values().forEach(s -> s.keySet().forEach(size -> line.put(size, ideal)));
    return line;
  }

  @Override
  public Map<String, Object> vegaLite() {
    List<Object> values = new ArrayList<>();
    series.forEach((lb, pts) -> pts.forEach((size, bw) -> values.add(map("design", lb, "bytes", size,
        "busbw", Spec.round(bw, 6), "ideal", false))));
    idealLine().forEach((size, bw) -> values.add(map("design", IDEAL, "bytes", size, "busbw", Spec.round(bw, 6),
        "ideal", true)));
    Map<String, Object> x = field("bytes", "quantitative", "size (bytes, per rank)");
    x.put("scale", map("type", "log", "base", 2));
    x.put("axis", map("format", "~s"));
    Map<String, Object> y = field("busbw", "quantitative", "busbw (GB/s)");
    Map<String, Object> color = ordered("design", "nominal", "design");
    color.put("scale", Palette.scale(names()));
    return map("title", title(), "width", Spec.WIDTH, "height", Spec.HEIGHT,
        "data", map("values", values),
        "mark", map("type", "line", "point", true),
        "encoding", map("x", x, "y", y,
            "color", color,
            "strokeDash", map("field", "ideal", "type", "nominal", "legend", null),
            "tooltip", list(field("design", "nominal", "design"), field("bytes", "quantitative", "size (bytes)"),
                field("busbw", "quantitative", "busbw (GB/s)"))));
  }

  @Override
  public XYChart xchart() {
    XYChart c = new XYChartBuilder().width(900).height(500).title(title()).xAxisTitle("size (bytes, per rank)")
        .yAxisTitle("busbw (GB/s)").build();
    PngStyle.apply(c);
    c.getStyler().setXAxisLogarithmic(true);
    c.getStyler().setXAxisDecimalPattern("#,##0"); // 1,000,000 rather than 1E6 on a log axis
    List<String> names = names();
    series.forEach((lb, pts) -> {
      if (!pts.isEmpty()) {
        XYSeries s = c.addSeries(lb, new ArrayList<>(pts.keySet()), new ArrayList<>(pts.values()));
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        s.setLineColor(Palette.awt(names, lb));
        s.setMarkerColor(Palette.awt(names, lb));
      }
    });
    TreeMap<Long, Double> line = idealLine();
    XYSeries s = c.addSeries(IDEAL, new ArrayList<>(line.keySet()), new ArrayList<>(line.values()));
    s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
    s.setLineStyle(SeriesLines.DASH_DASH);
    s.setLineColor(Palette.awt(names, IDEAL));
    s.setMarkerColor(Palette.awt(names, IDEAL));
    return c;
  }

  /** The designs in table order, then the ideal line: the colour order of both the page and the PNG. */
  private List<String> names() {
    List<String> names = new ArrayList<>(series.keySet());
    names.add(IDEAL);
    return names;
  }
}
