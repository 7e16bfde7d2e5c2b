package org.lbsim.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Serialization time: floor(bytes x 8e12 / rate) ps, exact for every size. */
class PortConfigTest {
  private static final long GBPS_100 = 100_000_000_000L; // 80 ps per byte

  @Test
  void serializationIsExactOnBothSidesOfTheLongProduct() {
    long edge = PortConfig.LONG_EXACT_BYTES;
    assertThat(edge).isEqualTo(1_152_921L);
    assertThat(PortConfig.serializationPs(edge, GBPS_100)).isEqualTo(edge * 80);
    assertThat(PortConfig.serializationPs(edge + 1, GBPS_100)).isEqualTo((edge + 1) * 80);
    // 381 flows sharing a host at 4,178 B per pacing slot: bytes x 8e12 is past 2^63 but below 2^64
    assertThat(PortConfig.serializationPs(381L * 4178, GBPS_100)).isEqualTo(381L * 4178 * 80);
    assertThat(PortConfig.serializationPs(2L << 20, GBPS_100)).isEqualTo((2L << 20) * 80);
    // 1 B at 60 Gb/s = 133.33 ps, floored, also past the long product
    long big = 3 * edge + 1;
    assertThat(PortConfig.serializationPs(big, 60_000_000_000L)).isEqualTo(big * 400 / 3);
  }

  @Test
  void aTimePastTheLongRangeIsRefused() {
    assertThatThrownBy(() -> PortConfig.serializationPs(Long.MAX_VALUE, GBPS_100))
        .isInstanceOf(ArithmeticException.class);
  }
}
