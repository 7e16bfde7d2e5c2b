package org.lbsim.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.lbsim.net.PacketFormat;
import org.junit.jupiter.api.Test;

class LowerBoundsTest {

  private static final long GBPS_800 = 800_000_000_000L;
  private static final PathProfile STUDY_PATH = PathProfile.uniform(6, GBPS_800, 500_000);
  private static final PacketFormat STUDY = PacketFormat.study();

  @Test
  void permutationBoundIsTheStudysWorkedExampleWithoutTheLastPacketsGap() {
    ThreePhaseBound b = LowerBounds.permutation(STUDY_PATH, STUDY, 256);

    assertThat(b.dataOnlyPackets()).isEqualTo(78);
    // the study's formula gives 17,056,940 ps; the last data packet's 20 B gap (200 ps) delays nothing
    assertThat(b.completionPs()).isEqualTo(17_056_940 - 200);
    assertThat(b.packets()).isEqualTo(256);
  }

  @Test
  void permutationBoundTermsAddUpAsInTheStudyNotes() {
    // 3258.84 + 7586.36 - 0.2 + 207.9 + 3000 + 3.84 + 3000 ns
    long d = 41_580 + 200;
    long a = 640 + 200;
    long expected = 78 * d + (256 - 78) * (d + a) - 200 + 5 * 41_580 + 3_000_000 + 6 * 640 + 3_000_000;

    assertThat(LowerBounds.permutation(STUDY_PATH, STUDY, 256).completionPs()).isEqualTo(expected);
  }

  @Test
  void phaseOneIsCappedAtTheMessageLength() {
    ThreePhaseBound b = LowerBounds.permutation(STUDY_PATH, STUDY, 10);

    assertThat(b.dataOnlyPackets()).isEqualTo(10);
    assertThat(b.completionPs()).isEqualTo(9 * 41_780 + 41_580 + 5 * 41_580 + 3_000_000 + 6 * 640 + 3_000_000);
  }

  @Test
  void allToAllOfTwoHostsEqualsThePermutationBound() {
    for (long m : new long[] {1, 77, 78, 79, 256, 1000}) {
      assertThat(LowerBounds.allToAll(STUDY_PATH, STUDY, 2, m))
          .isEqualTo(LowerBounds.permutation(STUDY_PATH, STUDY, m));
    }
  }

  @Test
  void allToAllSendsNMinusOneTimesAsManyPackets() {
    ThreePhaseBound ata = LowerBounds.allToAll(STUDY_PATH, STUDY, 128, 256);

    assertThat(ata.packets()).isEqualTo(127 * 256);
    assertThat(ata).isEqualTo(LowerBounds.permutation(STUDY_PATH, STUDY, 127 * 256));
  }

  @Test
  void boundGrowsStrictlyWithMessageLength() {
    long previous = 0;
    for (long m = 1; m <= 600; m++) {
      long cct = LowerBounds.permutation(STUDY_PATH, STUDY, m).completionPs();
      assertThat(cct).isGreaterThan(previous);
      previous = cct;
    }
  }

  @Test
  void rejectsEmptyFlows() {
    assertThatThrownBy(() -> LowerBounds.permutation(STUDY_PATH, STUDY, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a flow needs at least 1 data packet, got 0");
    assertThatThrownBy(() -> LowerBounds.allToAll(STUDY_PATH, STUDY, 128, -3))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a flow needs at least 1 data packet, got -3");
    assertThatThrownBy(() -> LowerBounds.allToAll(STUDY_PATH, STUDY, 1, 3))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("all-to-all needs at least 2 hosts, got 1");
  }

  @Test
  void serializationIsExactIntegerArithmetic() {
    assertThat(LowerBounds.serializationPs(4158, GBPS_800)).isEqualTo(41_580);
    assertThat(LowerBounds.serializationPs(64, GBPS_800)).isEqualTo(640);
    assertThat(LowerBounds.serializationPs(4158, 100_000_000_000L)).isEqualTo(332_640);
    // 1 byte at 60 Gb/s = 133.33 ps, floored
    assertThat(LowerBounds.serializationPs(1, 60_000_000_000L)).isEqualTo(133);
    // large enough that bytes × 8·10¹² overflows a long: 2 GiB at 800 Gb/s
    assertThat(LowerBounds.serializationPs(1L << 31, GBPS_800)).isEqualTo((1L << 31) * 10);
  }

  @Test
  void storeAndForwardAddsEveryHopsSerializationAndLatency() {
    PathProfile mixed = new PathProfile(new long[] {GBPS_800, 400_000_000_000L},
        new long[] {500_000, 1_000_000});

    assertThat(LowerBounds.storeAndForwardPs(STUDY_PATH, 4158)).isEqualTo(6 * (41_580 + 500_000));
    assertThat(LowerBounds.storeAndForwardPs(mixed, 4158)).isEqualTo(41_580 + 500_000 + 83_160 + 1_000_000);
  }

  @Test
  void messagePacketsRoundsUp() {
    assertThat(LowerBounds.messagePackets(1, STUDY)).isEqualTo(1);
    assertThat(LowerBounds.messagePackets(4096, STUDY)).isEqualTo(1);
    assertThat(LowerBounds.messagePackets(4097, STUDY)).isEqualTo(2);
    assertThat(LowerBounds.messagePackets(1 << 20, STUDY)).isEqualTo(256);
    assertThatThrownBy(() -> LowerBounds.messagePackets(0, STUDY))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void pathProfileValidatesAndCopies() {
    long[] rates = {GBPS_800};
    PathProfile path = new PathProfile(rates, new long[] {5});
    rates[0] = 1;

    assertThat(path.bitsPerSecond(0)).isEqualTo(GBPS_800);
    assertThat(path.propagationPs()).isEqualTo(5);
    assertThat(path).isEqualTo(PathProfile.uniform(1, GBPS_800, 5));
    assertThatThrownBy(() -> new PathProfile(new long[] {1, 2}, new long[] {0}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a path needs one latency per hop, got 2 rates and 1 latencies");
    assertThatThrownBy(() -> PathProfile.uniform(2, 0, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("hop 0 rate must be positive, got 0 bit/s");
  }
}
