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
  void hostLinkBoundCountsDataHeadersAcksAndGaps() {
    PacketFormat f = PacketFormat.of(1000, 100, 50, 10);
    // 3 messages of 1500 B: 6 packets; 4500 payload + 6 x (100 + 50 + 2 x 10) - 10 = 5510 B at 8 Gb/s = 5510 ns
    assertThat(BusBandwidth.hostLinkBoundPs(f, 8_000_000_000L, 3, 1500)).isEqualTo(5_510_000);
  }

  @Test
  void chainBoundIsTheStepsOneAfterAnother() {
    PacketFormat f = PacketFormat.of(1000, 100, 50, 10);
    // a chunk of 1500 B: 2 packets; the first with its gap (1110 B), then the last (600 B on the wire) across two
    // host links of 1 us latency: 1110 + 2 x (600 + 1000) ns at 8 Gb/s = 4310 ns per step
    assertThat(BusBandwidth.chainBoundPs(f, 8_000_000_000L, 1_000_000, 3, 1500)).isEqualTo(3 * 4_310_000L);
  }

  @Test
  void idealIsTheHostLinkRateTimesItsPayloadShare() {
    assertThat(BusBandwidth.ideal(PacketFormat.of(4096, 0, 1, 0), 800_000_000_000L)).isCloseTo(100.0 * 4096 / 4097,
        within(1e-9));
    assertThat(BusBandwidth.ideal(PacketFormat.study(), 100_000_000_000L)).isCloseTo(12.5 * 4096 / 4262, within(1e-9));
  }
}
