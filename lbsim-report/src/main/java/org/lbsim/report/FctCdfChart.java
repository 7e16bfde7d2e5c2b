package org.lbsim.report;

import static org.lbsim.report.Spec.field;
import static org.lbsim.report.Spec.list;
import static org.lbsim.report.Spec.map;

import java.awt.BasicStroke;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.lbsim.experiment.Stats;

/**
 * Flow completion time CDFs, one curve per scheme and workload: at each fraction p of the flows,
 * the median over the seeds of each seed's FCT quantile at p, with the band from the fastest to
 * the slowest seed. One panel per workload; a log time axis when a panel's FCTs span more than
 * {@link #LOG_RATIO}×.
 */
record FctCdfChart(List<Curve> curves, List<String> schemes, boolean logX) implements Chart {
  /** Beyond this many points per curve a CDF looks the same but the page grows and SVG slows down. */
  static final int MAX_POINTS = 2000;
  /** A panel whose slowest FCT is more than this many times its fastest gets a log time axis. */
  static final double LOG_RATIO = 100;
  /** A PNG panel with more schemes than this colours the fastest this many; the others are thin grey lines. */
  static final int MAX_COLOURED = 10;
  private static final java.awt.Color OTHERS = new java.awt.Color(0xc8c8c8);

  /**
   * One scheme's CDF on one workload over its seeds. At each {@code fraction}: the median, the
   * fastest and the slowest seed's FCT in µs; {@code +∞} where a seed has fewer flows finished.
   */
  record Curve(String scheme, String workload, int seeds, double[] fraction, double[] medianUs, double[] minUs,
      double[] maxUs) {}

  /** One seed's flows: finished FCTs sorted (ps), and how many flows it had in all. */
  record Seed(long[] sortedPs, int flows) {}

  static Optional<Chart> of(List<RunData> runs, Schemes schemes) {
    Map<List<String>, List<Seed>> groups = new LinkedHashMap<>();
    for (RunData r : runs) {
      if (r.fctsPs().length > 0) {
        double flows = r.number("flows");
        groups.computeIfAbsent(List.of(schemes.of(r), r.workload()), k -> new ArrayList<>())
            .add(new Seed(r.fctsPs(), Double.isNaN(flows) ? r.fctsPs().length : (int) flows));
      }
    }
    List<Curve> curves = new ArrayList<>();
    groups.forEach((k, seeds) -> curves.add(curve(k.get(0), k.get(1), seeds)));
    if (curves.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new FctCdfChart(curves, schemes.names(), spansDecades(curves)));
  }

  /**
   * The pointwise median of the seeds' CDFs, taken along the fraction axis. The fractions are the
   * ranks 1..N over N, N the most flows any seed has (evenly spaced ranks when N exceeds
   * {@link #MAX_POINTS}, always keeping the first and the last); a seed with n flows answers
   * fraction p with its ⌈p·n⌉-th fastest flow, or +∞ when fewer of its flows finished. The
   * fraction is over all flows, so a scheme whose flows did not all finish tops out below 1.
   */
  static Curve curve(String scheme, String workload, List<Seed> seeds) {
    int n = seeds.stream().mapToInt(s -> Math.max(s.flows(), s.sortedPs().length)).max().orElse(0);
    int k = Math.min(n, MAX_POINTS);
    double[] fraction = new double[k];
    double[] median = new double[k];
    double[] min = new double[k];
    double[] max = new double[k];
    double[] at = new double[seeds.size()];
    for (int j = 0; j < k; j++) {
      long rank = k == n ? j + 1 : Math.round((double) j * (n - 1) / (k - 1)) + 1;
      fraction[j] = rank / (double) n;
      for (int s = 0; s < at.length; s++) {
        Seed seed = seeds.get(s);
        int flows = Math.max(seed.flows(), seed.sortedPs().length);
        int idx = (int) ((rank * flows + n - 1) / n) - 1; // ⌈rank·flows / n⌉ - 1, exact in integers
        at[s] = idx < seed.sortedPs().length ? seed.sortedPs()[idx] / 1e6 : Double.POSITIVE_INFINITY;
      }
      median[j] = Stats.median(at);
      min[j] = Stats.min(at);
      max[j] = Stats.max(at);
    }
    return new Curve(scheme, workload, seeds.size(), fraction, median, min, max);
  }

  static boolean spansDecades(List<Curve> curves) {
    Map<String, double[]> range = new LinkedHashMap<>();
    for (Curve c : curves) {
      double[] r = range.computeIfAbsent(c.workload(), w -> new double[] {Double.POSITIVE_INFINITY, 0});
      for (double[] xs : List.of(c.minUs(), c.medianUs(), c.maxUs())) {
        for (double x : xs) {
          if (x > 0 && Double.isFinite(x)) {
            r[0] = Math.min(r[0], x);
            r[1] = Math.max(r[1], x);
          }
        }
      }
    }
    return range.values().stream().anyMatch(r -> r[1] > LOG_RATIO * r[0]);
  }

  private List<String> workloads() {
    Set<String> w = new LinkedHashSet<>();
    curves.forEach(c -> w.add(c.workload()));
    return new ArrayList<>(w);
  }

  private boolean banded() {
    return curves.stream().anyMatch(c -> c.seeds() > 1);
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
    return "Fraction of the flows finished within a given flow completion time (FCT), from flows.csv, one curve per "
        + "scheme" + (workloads().size() > 1 ? " and one panel per workload" : "") + ". With several seeds the line "
        + "is the median over the seeds of each seed's FCT at that fraction of its flows, and the shaded band runs "
        + "from the fastest to the slowest seed. A curve that stays below 1 has unfinished flows. "
        + (logX ? "The time axis is logarithmic: FCTs span more than " + (int) LOG_RATIO + "x. " : "")
        + "Curves are drawn from at most " + MAX_POINTS + " evenly spaced ranks, always including the slowest flow. "
        + "Click a scheme in the legend to bring its curve forward (shift-click for more, a click beside the legend to "
        + "show all again).";
  }

  @Override
  public Map<String, Object> vegaLite() {
    // one object per curve with parallel arrays, flattened in the browser: the names are not
    // repeated for every point, which keeps the page small; null marks a fraction not reached.
    // One seed has no band: its band arrays are empty, and flatten fills them with nulls
    List<Object> values = new ArrayList<>();
    for (Curve c : curves) {
      boolean band = c.seeds() > 1;
      values.add(map("scheme", c.scheme(), "workload", c.workload(), "seeds", c.seeds(),
          "fraction", rounded(c.fraction(), 6), "fct_us", finite(c.medianUs(), c.maxUs(), false),
          "min_us", band ? finite(c.minUs(), c.maxUs(), true) : List.of(),
          "max_us", band ? finite(c.maxUs(), c.maxUs(), true) : List.of()));
    }
    Map<String, Object> x = field("fct_us", "quantitative", "flow completion time (µs)");
    // the axis spans the FCTs, not 0 to them (an area mark would otherwise pull in zero)
    Map<String, Object> xScale = logX ? map("type", "log") : map("zero", false);
    x.put("scale", xScale);
    Map<String, Object> y = field("fraction", "quantitative", "fraction of flows finished");
    y.put("scale", map("domain", list(0, 1)));
    y.put("axis", map("values", list(0, 0.25, 0.5, 0.75, 1), "format", ".2~f"));
    Map<String, Object> color = field("scheme", "nominal", "scheme");
    color.put("scale", Palette.scale(schemes));
    // long names: the default cuts them at 160 px; a full-strength line symbol, not the band's faint one
    color.put("legend", map("labelLimit", 360, "symbolType", "stroke", "symbolOpacity", 1, "symbolStrokeWidth", 2.5));
    List<Object> layers = new ArrayList<>();
    if (banded()) {
      Map<String, Object> lo = field("min_us", "quantitative", "flow completion time (µs)");
      lo.put("scale", xScale);
      layers.add(map("mark", map("type", "area", "orient", "horizontal", "interpolate", "step-before", "opacity", 0.18),
          "encoding", map("x", lo, "x2", map("field", "max_us"), "y", y, "color", color)));
    }
    // a scheme clicked in the legend comes forward and the others fade: many schemes stay readable
    Map<String, Object> pick = map("name", "pick", "select", map("type", "point", "fields", list("scheme")), "bind", "legend");
    Map<String, Object> faded = map("condition", map("param", "pick", "value", 1), "value", 0.12);
    layers.add(map("params", list(pick), "mark", map("type", "line", "interpolate", "step-after", "strokeWidth", 1.8),
        "encoding", map("x", x, "y", y, "color", color, "opacity", faded, "order", map("field", "fraction"),
            "tooltip", list(field("scheme", "nominal", "scheme"), field("workload", "nominal", "workload"),
                field("seeds", "quantitative", "seeds"), field("fct_us", "quantitative", "FCT, median (µs)"),
                field("min_us", "quantitative", "fastest seed (µs)"), field("max_us", "quantitative", "slowest seed (µs)"),
                field("fraction", "quantitative", "fraction")))));
    Map<String, Object> spec = map("width", Spec.WIDTH, "height", Spec.HEIGHT, "layer", layers);
    List<Object> flatten = list(map("flatten", list("fraction", "fct_us", "min_us", "max_us")));
    if (workloads().size() == 1) {
      Map<String, Object> single = map("title", title(), "data", map("values", values), "transform", flatten);
      single.putAll(spec);
      return single;
    }
    Map<String, Object> facet = field("workload", "nominal", "workload");
    facet.put("sort", null);
    return map("title", title(), "data", map("values", values), "transform", flatten,
        "facet", facet, "columns", 1, "spec", spec,
        "resolve", map("scale", map("x", "independent"), "axis", map("x", "independent")));
  }

  private static double[] rounded(double[] xs, int digits) {
    double[] out = new double[xs.length];
    for (int i = 0; i < xs.length; i++) {
      out[i] = Spec.round(xs[i], digits);
    }
    return out;
  }

  /**
   * The values rounded, null where infinite (a fraction the curve does not reach); with
   * {@code band}, null also wherever the slowest seed is infinite, so the band stops there.
   */
  private static List<Double> finite(double[] xs, double[] slowest, boolean band) {
    List<Double> out = new ArrayList<>(xs.length);
    for (int i = 0; i < xs.length; i++) {
      boolean drawn = Double.isFinite(xs[i]) && (!band || Double.isFinite(slowest[i]));
      out.add(drawn ? Spec.round(xs[i], 7) : null);
    }
    return out;
  }

  @Override
  public XYChart xchart() {
    return xcharts().get(0);
  }

  /**
   * One chart per workload; the band's edges as thin dashed lines in the scheme's colour. A panel
   * of more than {@link #MAX_COLOURED} schemes colours the {@link #MAX_COLOURED} whose median
   * curve finishes first (the slowest median FCT; a curve that does not reach 1 last) and draws
   * the others, without bands, as thin grey lines beneath them with one legend entry.
   */
  @Override
  public List<XYChart> xcharts() {
    List<String> workloads = workloads();
    List<XYChart> out = new ArrayList<>();
    // explicit strokes: XChart would otherwise turn lines dashed once its series outnumber its colours
    BasicStroke solid = new BasicStroke(2f);
    BasicStroke thin = new BasicStroke(0.8f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {3f, 3f}, 0f);
    for (String w : workloads) {
      String title = workloads.size() == 1 ? title() : title() + ": " + w;
      XYChart c = new XYChartBuilder().width(1000).height(520).title(title).xAxisTitle("flow completion time (us)")
          .yAxisTitle("fraction of flows finished").build();
      c.getStyler().setXAxisLogarithmic(logX);
      c.getStyler().setXAxisDecimalPattern("#,##0.##"); // 10,000 rather than 1E4 on a log axis
      List<Curve> panel = curves.stream().filter(cv -> cv.workload().equals(w)).toList();
      List<Curve> coloured = fastest(panel, MAX_COLOURED);
      BasicStroke grey = new BasicStroke(1f);
      int others = panel.size() - coloured.size();
      boolean named = false; // the first grey line drawn carries the legend entry of them all
      for (Curve cv : panel) {
        if (!coloured.contains(cv)) {
          String name = named ? cv.scheme() : others + " slower schemes (grey)";
          named |= step(c, name, cv.medianUs(), cv.fraction(), OTHERS, grey, !named);
        }
      }
      for (Curve cv : coloured) {
        java.awt.Color colour = Palette.awt(schemes, cv.scheme());
        String label = cv.seeds() > 1 ? cv.scheme() + " (median of " + cv.seeds() + ")" : cv.scheme();
        step(c, label, cv.medianUs(), cv.fraction(), colour, solid, true);
        if (cv.seeds() > 1) {
          step(c, cv.scheme() + " fastest seed", cv.minUs(), cv.fraction(), colour, thin, false);
          step(c, cv.scheme() + " slowest seed", cv.maxUs(), cv.fraction(), colour, thin, false);
        }
      }
      curves.stream().filter(cv -> cv.workload().equals(w)).findFirst()
          .ifPresent(cv -> PngStyle.fractionAxis(c, cv.medianUs()[0]));
      out.add(c);
    }
    return out;
  }

  /**
   * All of {@code panel} when it has at most {@code n} curves, else the {@code n} whose median
   * reaches its last fraction soonest, those reaching fewer fractions after those reaching more.
   */
  static List<Curve> fastest(List<Curve> panel, int n) {
    if (panel.size() <= n) {
      return panel;
    }
    java.util.Comparator<Curve> finish = java.util.Comparator.comparingInt((Curve cv) -> -finite(cv.medianUs()))
        .thenComparingDouble(cv -> finite(cv.medianUs()) == 0 ? Double.MAX_VALUE : cv.medianUs()[finite(cv.medianUs()) - 1]);
    return panel.stream().sorted(finish).limit(n).toList();
  }

  /** How many leading values of {@code xs} are finite. */
  private static int finite(double[] xs) {
    int n = 0;
    while (n < xs.length && Double.isFinite(xs[n])) {
      n++;
    }
    return n;
  }

  /**
   * Adds the finite prefix of a curve as a step line and returns whether it added it; nothing when
   * not even its first point is finite.
   */
  private static boolean step(XYChart c, String name, double[] xs, double[] ys, java.awt.Color colour, BasicStroke stroke,
      boolean legend) {
    int n = finite(xs);
    if (n == 0) {
      return false;
    }
    XYSeries s = c.addSeries(name, Arrays.copyOf(xs, n), Arrays.copyOf(ys, n));
    s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Step);
    s.setMarker(SeriesMarkers.NONE);
    s.setLineColor(colour);
    s.setLineStyle(stroke);
    s.setShowInLegend(legend);
    return true;
  }
}
