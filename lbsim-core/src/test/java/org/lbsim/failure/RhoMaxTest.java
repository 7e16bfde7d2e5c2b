package org.lbsim.failure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.metrics.LowerBounds;
import org.lbsim.metrics.PathProfile;
import org.lbsim.net.PacketFormat;
import org.lbsim.topo.FatTree;
import org.lbsim.workload.FlowSpec;

/** The study's bound under failures: flows at rho_max = B/F of the bottleneck, by hand. */
class RhoMaxTest {
  private static final long G800 = 800_000_000_000L;

  @Test
  void aDeadTorUplinkHalvesRhoMaxForTwoFlowsThatMustShareTheOther() {
    Links links = new Links(new FatTree(4, 1)); // 2 hosts per ToR, 4 per pod
    // hosts 0 and 1 (ToR 0, pod 0) send to hosts 4 and 5 (ToR 2, pod 1)
    List<FlowSpec> flows = List.of(FlowSpec.independent(0, 0, 4, 1 << 20, 0), FlowSpec.independent(1, 1, 5, 1 << 20, 0));
    RhoMax rho = new RhoMax(links, G800, G800, G800);
    boolean[] none = new boolean[links.count()];
    double[] healthy = new double[links.count()];
    Arrays.fill(healthy, 1);
    // intact: each of ToR 0's two uplinks carries 2 x 1/2 flow, each host link one flow: B/F = 800 G
    assertThat(rho.rate(flows, none, healthy)).isCloseTo(8e11, within(1.0));
    boolean[] down = new boolean[links.count()];
    down[links.parse("tor0-agg0")] = true;
    // both flows now cross tor0 -> agg1: F = 2, rho_max = 400 G, half the fair share
    assertThat(rho.rate(flows, down, healthy)).isCloseTo(4e11, within(1.0));
    assertThat(rho.factor(flows, down, healthy)).isCloseTo(0.5, within(1e-12));
    // a degraded agg-core link at 10 %: 1/4 flow... each flow spreads over 4 paths, agg0-core0 carries 2 x 1/4
    double[] degraded = healthy.clone();
    degraded[links.parse("agg0-core0")] = 0.1;
    assertThat(rho.rate(flows, none, degraded)).isCloseTo(8e10 / 0.5, within(1.0));
  }

  @Test
  void boundAtHalfRateMatchesTheHandComputation() {
    PathProfile path = PathProfile.uniform(6, G800, 500_000);
    PacketFormat f = PacketFormat.of(4096, 62, 64, 20);
    // d = 41,580 + 200 = 41,780 ps; a = 640 + 200 = 840; s = d / 0.5 = 83,560 >= d + a, so ACKs fit
    // in the pacing slack. p = 3 us; sum of T_d over hops 1..5 = 207,900; ACK serialization 6 x 640.
    // The first ACK is due when the peer's first packet has arrived, T_d + 207,900 + 3,000,000 =
    // 3,249,480 ps; data packets 0..38 start before that (38 s = 3,175,280, 39 s = 3,258,840),
    // so i1 = 39. CCT = 255 s + T_d + tail (the last packet's gap delays nothing).
    long tail = 207_900 + 3_000_000 + 3_840 + 3_000_000;
    long expected = 255L * 83_560 + 41_580 + tail;
    assertThat(expected).isEqualTo(27_561_120L);
    assertThat(LowerBounds.atRate(path, f, 256, 0.5).completionPs()).isEqualTo(expected);
    assertThat(LowerBounds.atRate(path, f, 256, 0.5).dataOnlyPackets()).isEqualTo(39);
    // at the full fair share it is the permutation bound, 17.05674 us (the study's 17.05694 less the last gap)
    assertThat(LowerBounds.atRate(path, f, 256, 1.0).completionPs()).isEqualTo(17_056_740L)
        .isEqualTo(LowerBounds.permutation(path, f, 256).completionPs());
    // a mild reduction (s < d + a): phase 2 slots stay d + a, only the phase-1 slots stretch
    double fr = 0.995;
    long s = (long) Math.floor(41_780 / fr); // 41,989 ps < d + a = 42,620
    // the first ACK is due at 3,249,480 ps, between 77 s = 3,233,153 and 78 s: packets 0..77 go first
    long i1 = 78;
    assertThat(LowerBounds.atRate(path, f, 256, fr).dataOnlyPackets()).isEqualTo(i1);
    // packet 77 starts at 77 s and ACK 1, due during it, follows right after it (at 77 s + d, not
    // at the next slot); from then on an ACK precedes every data packet, so packet 255 starts at
    // 77 s + 178 (d + a) and the bound adds its T_d (no gap) and the tail.
    long mild = (i1 - 1) * s + (256 - i1) * 42_620 + 41_580 + tail;
    assertThat(mild).isEqualTo(17_072_833L);
    assertThat(LowerBounds.atRate(path, f, 256, fr).completionPs()).isEqualTo(mild);
  }
}
