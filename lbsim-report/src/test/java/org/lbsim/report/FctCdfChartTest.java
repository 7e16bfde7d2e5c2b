package org.lbsim.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FctCdfChartTest {
  private static FctCdfChart.Seed seed(int flows, long... us) {
    long[] ps = new long[us.length];
    for (int i = 0; i < us.length; i++) {
      ps[i] = us[i] * 1_000_000L;
    }
    return new FctCdfChart.Seed(ps, flows);
  }

  @Test
  void longCdfsAreCutToTheLimitKeepingBothEnds() {
    long[] fcts = new long[10_000];
    for (int i = 0; i < fcts.length; i++) {
      fcts[i] = 1_000_000L * (i + 1);
    }
    FctCdfChart.Curve c = FctCdfChart.curve("r", "w", List.of(new FctCdfChart.Seed(fcts, 10_000)));
    assertThat(c.medianUs()).hasSize(FctCdfChart.MAX_POINTS);
    assertThat(c.medianUs()[0]).isEqualTo(1.0);
    assertThat(c.medianUs()[FctCdfChart.MAX_POINTS - 1]).isEqualTo(10_000.0);
    assertThat(c.fraction()[FctCdfChart.MAX_POINTS - 1]).isEqualTo(1.0);
    for (int j = 1; j < FctCdfChart.MAX_POINTS; j++) {
      assertThat(c.medianUs()[j]).isGreaterThan(c.medianUs()[j - 1]);
    }
  }

  @Test
  void unfinishedFlowsKeepTheCurveBelowOne() {
    FctCdfChart.Curve c = FctCdfChart.curve("r", "w", List.of(seed(4, 1, 2, 3)));
    assertThat(c.fraction()).containsExactly(0.25, 0.5, 0.75, 1.0);
    assertThat(c.medianUs()).containsExactly(1, 2, 3, Double.POSITIVE_INFINITY);
  }

  @Test
  void threeSeedsGiveTheirPointwiseMedianAndTheFastestToSlowestBand() {
    FctCdfChart.Curve c = FctCdfChart.curve("ecmp", "w", List.of(seed(4, 1, 2, 3, 40), seed(4, 5, 6, 7, 8),
        seed(4, 2, 3, 9, 10)));
    assertThat(c.seeds()).isEqualTo(3);
    assertThat(c.fraction()).containsExactly(0.25, 0.5, 0.75, 1.0);
    assertThat(c.medianUs()).containsExactly(2, 3, 7, 10);
    assertThat(c.minUs()).containsExactly(1, 2, 3, 8);
    assertThat(c.maxUs()).containsExactly(5, 6, 9, 40);
  }

  @Test
  void aSeedWithUnfinishedFlowsMakesTheSlowestEdgeInfiniteButNotTheMedian() {
    FctCdfChart.Curve c = FctCdfChart.curve("ecmp", "w", List.of(seed(2, 1, 2), seed(2, 3), seed(2, 5, 6)));
    assertThat(c.medianUs()).containsExactly(3, 6);
    assertThat(c.maxUs()).containsExactly(5, Double.POSITIVE_INFINITY);
  }

  @Test
  void seedsWithDifferentFlowCountsAreReadAtTheSameFractions() {
    // 2 flows and 4 flows: at fraction 1/4 the 2-flow seed answers with its first flow, ⌈0.25·2⌉ = 1
    FctCdfChart.Curve c = FctCdfChart.curve("ecmp", "w", List.of(seed(2, 10, 20), seed(4, 1, 2, 3, 4)));
    assertThat(c.fraction()).containsExactly(0.25, 0.5, 0.75, 1.0);
    assertThat(c.minUs()).containsExactly(1, 2, 3, 4);
    assertThat(c.maxUs()).containsExactly(10, 10, 20, 20);
  }

  @Test
  void aPanelSpanningMoreThanAHundredfoldGetsALogTimeAxis() {
    FctCdfChart.Curve fast = FctCdfChart.curve("ecmp", "permutation", List.of(seed(2, 17, 40)));
    FctCdfChart.Curve slow = FctCdfChart.curve("ecmp", "all-to-all", List.of(seed(2, 1400, 2400)));
    // 17 µs and 2,400 µs in separate panels: each panel's own range is narrow
    assertThat(FctCdfChart.spansDecades(List.of(fast, slow))).isFalse();
    FctCdfChart.Curve wide = FctCdfChart.curve("host-spray", "permutation", List.of(seed(2, 20, 1800)));
    assertThat(FctCdfChart.spansDecades(List.of(fast, slow, wide))).isTrue();
    Map<String, Object> spec = new FctCdfChart(List.of(fast, slow, wide), List.of("ecmp", "host-spray"), true).vegaLite();
    Map<?, ?> line = (Map<?, ?>) ((List<?>) ((Map<?, ?>) spec.get("spec")).get("layer")).get(0);
    assertThat(((Map<?, ?>) ((Map<?, ?>) line.get("encoding")).get("x")).get("scale")).isEqualTo(Map.of("type", "log"));
  }

  @Test
  void differentWorkloadsGetOnePanelEachWithTheirOwnTimeAxis() {
    FctCdfChart.Curve fast = FctCdfChart.curve("ecmp", "permutation", List.of(seed(2, 17, 40)));
    FctCdfChart.Curve slow = FctCdfChart.curve("ecmp", "all-to-all", List.of(seed(2, 1400, 2400)));
    Map<String, Object> spec = new FctCdfChart(List.of(fast, slow), List.of("ecmp"), false).vegaLite();
    assertThat(((Map<?, ?>) spec.get("facet")).get("field")).isEqualTo("workload");
    assertThat(spec.get("resolve")).isEqualTo(Map.of("scale", Map.of("x", "independent"), "axis", Map.of("x", "independent")));
    Map<String, Object> one = new FctCdfChart(List.of(fast), List.of("ecmp"), false).vegaLite();
    assertThat(one).doesNotContainKey("facet").containsKey("layer");
  }

  @Test
  void twentyDesignsInAPngColourTheTenThatFinishFirstAndGreyTheRest() {
    java.util.List<FctCdfChart.Curve> curves = new java.util.ArrayList<>();
    java.util.List<String> schemes = new java.util.ArrayList<>();
    for (int i = 19; i >= 0; i--) { // slowest first: the order of the curves is not the ranking
      schemes.add("lb" + i);
      curves.add(FctCdfChart.curve("lb" + i, "w", List.of(seed(2, 10 + i, 20 + i), seed(2, 11 + i, 25 + i))));
    }
    org.knowm.xchart.XYChart png = new FctCdfChart(curves, schemes, false).xchart();
    PngStyle.apply(png);
    org.knowm.xchart.BitmapEncoder.getBufferedImage(png); // XChart settles series styles while drawing
    var legend = png.getSeriesMap().values().stream().filter(org.knowm.xchart.XYSeries::isShowInLegend).toList();
    var coloured = legend.stream().filter(s -> !s.getName().contains("grey")).toList();
    assertThat(coloured).extracting(org.knowm.xchart.XYSeries::getName)
        .containsExactly("lb0 (median of 2)", "lb1 (median of 2)", "lb2 (median of 2)", "lb3 (median of 2)",
            "lb4 (median of 2)", "lb5 (median of 2)", "lb6 (median of 2)", "lb7 (median of 2)", "lb8 (median of 2)",
            "lb9 (median of 2)");
    assertThat(coloured).allSatisfy(s -> assertThat(s.getLineStyle().getDashArray()).as(s.getName()).isNull());
    assertThat(coloured.stream().map(org.knowm.xchart.XYSeries::getLineColor).distinct()).hasSize(10);
    assertThat(legend).extracting(org.knowm.xchart.XYSeries::getName).contains("10 slower schemes (grey)");
    var grey = png.getSeriesMap().values().stream().filter(s -> new java.awt.Color(0xc8c8c8).equals(s.getLineColor()))
        .toList();
    assertThat(grey).hasSize(10); // one median line each, no bands
    assertThat(FctCdfChart.fastest(curves.subList(0, 10), 10)).isEqualTo(curves.subList(0, 10));
  }
}
