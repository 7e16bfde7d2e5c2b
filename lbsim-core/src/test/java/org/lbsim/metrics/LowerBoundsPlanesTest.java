package org.lbsim.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lbsim.net.PacketFormat;

/** The three-phase bound on P planes: one plane's path, P host ports of 1/P the rate. */
class LowerBoundsPlanesTest {
  private static final long GBPS_800 = 800_000_000_000L;
  private static final PacketFormat STUDY = PacketFormat.study();

  private static PathProfile plane(int planes) {
    return PathProfile.uniform(6, GBPS_800 / planes, 500_000);
  }

  @Test
  void onePlaneIsTheSingleFabricBound() {
    assertThat(LowerBounds.permutation(plane(1), STUDY, 256, 1))
        .isEqualTo(LowerBounds.permutation(plane(1), STUDY, 256));
    assertThat(LowerBounds.atRate(plane(1), STUDY, 256, 0.5, 1))
        .isEqualTo(LowerBounds.atRate(plane(1), STUDY, 256, 0.5));
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 4})
  void oneDataPacketCrossesAtAPlanesRateAndItsAckComesBack(int planes) {
    // nothing to share the ports with: the packet's 6 serializations at 800/P Gb/s, the ACK's, 12 latencies
    long expected = 6 * 41_580L * planes + 6 * 640L * planes + 12 * 500_000L;
    assertThat(LowerBounds.permutation(plane(planes), STUDY, 1, planes).completionPs()).isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(ints = {2, 4})
  void planesAddOnlyTheLastPacketsLatencyNotAThroughputTerm(int planes) {
    long one = LowerBounds.permutation(plane(1), STUDY, 256).completionPs();
    long many = LowerBounds.permutation(plane(planes), STUDY, 256, planes).completionPs();
    long latency = (planes - 1) * 6L * (41_580 + 640); // the last data packet and its ACK, 6 hops each
    // a second port lets a few ACKs pass beside data that one port would have queued behind
    assertThat(many - one).isBetween(latency - 10 * 1_680L, latency);
    // and the slot stays the host's: 256 packets still need 255 slots of 41,780 ps at least
    assertThat(many).isGreaterThan(255 * 41_780L + latency);
  }

  @Test
  void slowerPacingOnPlanesIsTheFailureFreeBoundAtThatSlot() {
    ThreePhaseBound full = LowerBounds.atRate(plane(2), STUDY, 64, 1, 2);
    assertThat(full).isEqualTo(LowerBounds.permutation(plane(2), STUDY, 64, 2));
    assertThat(LowerBounds.atRate(plane(2), STUDY, 64, 0.5, 2).completionPs()).isGreaterThan(full.completionPs());
  }
}
