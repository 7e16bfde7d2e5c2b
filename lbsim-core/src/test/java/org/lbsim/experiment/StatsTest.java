package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class StatsTest {
  @Test
  void medianOfAnOddAndAnEvenCount() {
    assertThat(Stats.median(new double[] {5, 1, 3})).isEqualTo(3.0);
    assertThat(Stats.median(new double[] {4, 1, 3, 2})).isEqualTo(2.5);
    assertThat(Stats.median(new double[0])).isNaN();
    assertThat(Stats.median(new double[] {2, Double.POSITIVE_INFINITY, 6})).isEqualTo(6.0);
    assertThat(Stats.median(new double[] {2, Double.POSITIVE_INFINITY})).isInfinite();
  }

  @Test
  void medianIntervalIsTheWidestOrderStatisticPairWithinTheLevel() {
    // n = 6: P(B(6, 1/2) < 1) = 1/64 <= 0.025 < P(< 2) = 7/64, so j = 1: the extremes.
    assertThat(Stats.medianInterval(new double[] {6, 2, 4, 1, 5, 3}, 0.95)).containsExactly(1.0, 6.0);
    // n = 9: P(< 2) = 10/512 <= 0.025 < P(< 3) = 46/512, so j = 2: the 2nd smallest and largest.
    assertThat(Stats.medianInterval(new double[] {9, 8, 7, 6, 5, 4, 3, 2, 1}, 0.95)).containsExactly(2.0, 8.0);
    // n = 5: P(< 1) = 1/32 > 0.025: too few values for 95 %.
    assertThat(Stats.medianInterval(new double[] {1, 2, 3, 4, 5}, 0.95)).isNull();
  }

  @Test
  void meanIntervalUsesStudentT() {
    // mean 2, s = 1, n = 3: half width t(0.975, 2) / sqrt(3) = 4.302652729749464 / 1.7320508075688772.
    double[] ci = Stats.meanInterval(new double[] {1, 2, 3}, 0.95);
    assertThat(ci[0]).isCloseTo(2 - 2.4841377118267397, within(1e-9));
    assertThat(ci[1]).isCloseTo(2 + 2.4841377118267397, within(1e-9));
    assertThat(Stats.meanInterval(new double[] {1}, 0.95)).isNull();
  }

  @Test
  void logLogSlopeOfAPowerLawIsItsExponent() {
    double[] x = {1, 2, 4, 8, 0};
    double[] y = {3, 12, 48, 192, 5}; // y = 3 x^2; the x = 0 point is skipped
    assertThat(Stats.logLogSlope(x, y)).isCloseTo(2.0, within(1e-12));
    assertThat(Stats.logLogSlope(new double[] {1}, new double[] {1})).isNaN();
  }

  @Test
  void minAndMax() {
    assertThat(Stats.min(new double[] {3, -1, 2})).isEqualTo(-1.0);
    assertThat(Stats.max(new double[] {3, -1, 2})).isEqualTo(3.0);
  }
}
