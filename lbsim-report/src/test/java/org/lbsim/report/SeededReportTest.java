package org.lbsim.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;

/** A sweep of two load balancers × 3 seeds: charts summarise each design over its seeds. */
class SeededReportTest {
  private static final List<String> LBS = List.of("ecmp", "host-spray");
  private static final int SEEDS = 3;

  @TempDir
  static Path sweep;
  static List<RunData> runs;
  static Schemes schemes;

  @BeforeAll
  static void runSeeds() {
    TinyResults.writeSeeds(sweep, LBS, SEEDS);
    runs = RunLoader.load(sweep);
    schemes = new Schemes(runs);
  }

  @Test
  void theCdfHasOneCurveAndOneBandPerDesignNotOnePerRun() {
    FctCdfChart cdf = (FctCdfChart) FctCdfChart.of(runs, schemes).orElseThrow();
    assertThat(runs).hasSize(6);
    assertThat(cdf.curves()).extracting(FctCdfChart.Curve::scheme).containsExactly("ecmp", "host-spray");
    assertThat(cdf.curves()).allSatisfy(c -> assertThat(c.seeds()).isEqualTo(SEEDS));
    Map<String, Object> spec = cdf.vegaLite();
    assertThat((List<?>) ((Map<?, ?>) spec.get("data")).get("values")).hasSize(2);
    List<?> layers = (List<?>) spec.get("layer");
    assertThat(layers).hasSize(2);
    assertThat(((Map<?, ?>) ((Map<?, ?>) layers.get(0)).get("mark")).get("type")).isEqualTo("area");
    // the PNG: a median line per design in the legend, the band's edges drawn but not listed
    XYChart png = (XYChart) cdf.xchart();
    assertThat(png.getSeriesMap().values().stream().filter(s -> s.isShowInLegend()).map(s -> s.getName()))
        .containsExactly("ecmp (median of 3)", "host-spray (median of 3)");
  }

  @Test
  void eachDesignKeepsItsColourInEveryChart() {
    FctCdfChart cdf = (FctCdfChart) FctCdfChart.of(runs, schemes).orElseThrow();
    OverBoundChart bars = (OverBoundChart) OverBoundChart.of(runs, schemes).orElseThrow();
    Object cdfScale = colourScale(((Map<?, ?>) ((List<?>) cdf.vegaLite().get("layer")).get(1)));
    Object barScale = colourScale(((Map<?, ?>) ((List<?>) bars.vegaLite().get("layer")).get(0)));
    assertThat(cdfScale).isEqualTo(barScale)
        .isEqualTo(Map.of("domain", LBS, "range", Palette.CATEGORIES.subList(0, 2)));
  }

  private static Object colourScale(Map<?, ?> layer) {
    return ((Map<?, ?>) ((Map<?, ?>) layer.get("encoding")).get("color")).get("scale");
  }

  @Test
  void barsCarryAConfidenceIntervalWhenThereAreSeveralSeeds() {
    OverBoundChart bars = (OverBoundChart) OverBoundChart.of(runs, schemes).orElseThrow();
    List<?> values = (List<?>) ((Map<?, ?>) bars.vegaLite().get("data")).get("values");
    assertThat(values).hasSize(2).allSatisfy(v -> {
      Map<?, ?> m = (Map<?, ?>) v;
      assertThat(m.get("n")).isEqualTo(SEEDS);
      double lo = ((Number) m.get("ci_lo")).doubleValue();
      double hi = ((Number) m.get("ci_hi")).doubleValue();
      double pct = ((Number) m.get("pct")).doubleValue();
      assertThat(lo).isLessThanOrEqualTo(pct);
      assertThat(hi).isGreaterThanOrEqualTo(pct);
    });
    assertThat((List<?>) bars.vegaLite().get("layer")).hasSize(2); // bars and their whiskers
  }

  @Test
  void barsOfSingleRunsCarryNoInterval(@TempDir Path single) {
    TinyResults.write(single);
    List<RunData> one = RunLoader.load(single);
    OverBoundChart bars = (OverBoundChart) OverBoundChart.of(one, new Schemes(one)).orElseThrow();
    List<?> values = (List<?>) ((Map<?, ?>) bars.vegaLite().get("data")).get("values");
    assertThat(values).isNotEmpty().allSatisfy(v -> assertThat(((Map<?, ?>) v).containsKey("ci_lo") || ((Map<?, ?>) v).containsKey("ci_hi")).isFalse());
    assertThat((List<?>) bars.vegaLite().get("layer")).hasSize(1);
  }
}
