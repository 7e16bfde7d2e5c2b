package org.lbsim.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FctCdfChartTest {
  @Test
  void longCdfsAreCutToTheLimitKeepingBothEnds() {
    long[] fcts = new long[10_000];
    for (int i = 0; i < fcts.length; i++) {
      fcts[i] = 1_000_000L * (i + 1);
    }
    FctCdfChart.Curve c = FctCdfChart.curve("r", fcts, 10_000);
    assertThat(c.fctUs()).hasSize(FctCdfChart.MAX_POINTS);
    assertThat(c.fctUs()[0]).isEqualTo(1.0);
    assertThat(c.fctUs()[FctCdfChart.MAX_POINTS - 1]).isEqualTo(10_000.0);
    assertThat(c.fraction()[FctCdfChart.MAX_POINTS - 1]).isEqualTo(1.0);
    for (int j = 1; j < FctCdfChart.MAX_POINTS; j++) {
      assertThat(c.fctUs()[j]).isGreaterThan(c.fctUs()[j - 1]);
    }
  }

  @Test
  void unfinishedFlowsKeepTheCurveBelowOne() {
    FctCdfChart.Curve c = FctCdfChart.curve("r", new long[] {1_000_000, 2_000_000, 3_000_000}, 4);
    assertThat(c.fraction()).containsExactly(0.25, 0.5, 0.75);
  }
}
