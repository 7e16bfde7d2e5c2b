package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.lbsim.net.PacketFormat;

class BusBandwidthTest {
  @Test
  void algbwIsSizeOverTimeInGigabytesPerSecond() {
    assertThat(BusBandwidth.algbw(1_000_000_000L, 1_000_000_000_000L)).isEqualTo(1.0);
    assertThat(BusBandwidth.algbw(1_000_000L, 10_000_000L)).isEqualTo(100.0); // 1 MB in 10 us
  }

  @Test
  void busFactorsAreNcclTests() {
    assertThat(CollectiveOp.ALL_REDUCE.busFactor(8)).isEqualTo(2 * 7 / 8.0);
    assertThat(CollectiveOp.ALL_GATHER.busFactor(8)).isEqualTo(7 / 8.0);
    assertThat(CollectiveOp.REDUCE_SCATTER.busFactor(4)).isEqualTo(3 / 4.0);
    assertThat(CollectiveOp.ALL_TO_ALL.busFactor(16)).isEqualTo(15 / 16.0);
    assertThat(BusBandwidth.busbw(CollectiveOp.ALL_REDUCE, 4, 1_000_000L, 10_000_000L)).isEqualTo(150.0);
  }

  @Test
  void sizesAreWholeElementsPerRankWhereTheBufferIsSplit() {
    assertThat(CollectiveOp.ALL_REDUCE.size(1_000_002, 6, 4)).isEqualTo(1_000_000);
    assertThat(CollectiveOp.ALL_GATHER.size(1_048_576, 6, 4)).isEqualTo(1_048_560); // 43690 floats per rank
    assertThat(CollectiveOp.ALL_TO_ALL.size(1_048_576, 6, 2)).isEqualTo(1_048_572);
    assertThat(CollectiveOp.ALL_TO_ALL.workloadSize(1_048_572, 6)).isEqualTo(174_762);
    assertThat(CollectiveOp.ALL_GATHER.workloadSize(1_048_560, 6)).isEqualTo(1_048_560);
    assertThat(CollectiveOp.REDUCE_SCATTER.size(20, 6, 4)).isZero();
  }

  @Test
  void idealIsTheHostLinkRateTimesItsPayloadShare() {
    assertThat(BusBandwidth.ideal(PacketFormat.of(4096, 0, 1, 0), 800_000_000_000L)).isCloseTo(100.0 * 4096 / 4097,
        within(1e-9));
    assertThat(BusBandwidth.ideal(PacketFormat.study(), 100_000_000_000L)).isCloseTo(12.5 * 4096 / 4262, within(1e-9));
  }
}
