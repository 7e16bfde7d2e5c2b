package org.lbsim.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class MeanIntervalTest {
  @Test
  void threeValuesGiveTheStudentTInterval() {
    MeanInterval m = MeanInterval.of(new double[] {1, 2, 3});
    // s = 1, n = 3: half width 4.302653 / sqrt(3)
    assertThat(m.mean()).isEqualTo(2.0);
    assertThat(m.lo()).isCloseTo(2 - 2.484138, within(1e-6));
    assertThat(m.hi()).isCloseTo(2 + 2.484138, within(1e-6));
    assertThat(m.n()).isEqualTo(3);
    assertThat(m.hasInterval()).isTrue();
  }

  @Test
  void oneValueHasNoInterval() {
    MeanInterval m = MeanInterval.of(new double[] {7});
    assertThat(m.mean()).isEqualTo(7.0);
    assertThat(m.hasInterval()).isFalse();
    assertThat(m.lo()).isNaN();
  }

  @Test
  void equalValuesGiveAnIntervalOfZeroWidth() {
    MeanInterval m = MeanInterval.of(new double[] {5, 5, 5, 5, 5});
    assertThat(m.lo()).isEqualTo(5.0);
    assertThat(m.hi()).isEqualTo(5.0);
  }

  @Test
  void tQuantilesMatchTheTableAndTheNormalLimit() {
    assertThat(MeanInterval.t975(1)).isEqualTo(12.706205);
    assertThat(MeanInterval.t975(4)).isEqualTo(2.776445);
    assertThat(MeanInterval.t975(30)).isEqualTo(2.042272);
    // beyond the table: 2.021075 at 40, 1.979930 at 120 (R's qt(0.975, df))
    assertThat(MeanInterval.t975(40)).isCloseTo(2.021075, within(1e-4));
    assertThat(MeanInterval.t975(120)).isCloseTo(1.979930, within(1e-4));
    assertThat(MeanInterval.t975(1_000_000)).isCloseTo(1.959964, within(1e-5));
  }
}
