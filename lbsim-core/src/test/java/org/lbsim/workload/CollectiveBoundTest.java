package org.lbsim.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.lbsim.net.PacketFormat;
import org.lbsim.workload.CollectiveBound.HostLink;
import org.lbsim.workload.NcclCollective.Algorithm;
import org.lbsim.workload.NcclCollective.Op;

class CollectiveBoundTest {
  /** 1000 B payload, 100 B header, 50 B ACK, 10 B gap; 8 Gb/s (1 B per ns), 1 us per link. */
  private static final HostLink LINK = new HostLink(PacketFormat.of(1000, 100, 50, 10), 8_000_000_000L, 1_000_000);

  @Test
  void hostLinkBoundCountsDataHeadersAcksAndGaps() {
    // 3 messages of 1500 B: 6 packets; 4500 payload + 6 x (100 + 50 + 2 x 10) - 10 = 5510 B at 8 Gb/s = 5510 ns
    assertThat(CollectiveBound.hostLinkPs(LINK, 3, 1500)).isEqualTo(5_510_000);
  }

  @Test
  void aPieceOnTheFabricIsItsPacketsThenItsLastPacketAcrossTwoHostLinks() {
    // a chunk of 1500 B: 2 packets; the first with its gap (1110 B), then the last (600 B on the wire) across two
    // host links of 1 us latency: 1110 + 2 x (600 + 1000) ns at 8 Gb/s = 4310 ns
    assertThat(CollectiveBound.pieceOnTheFabricPs(LINK, 1500)).isEqualTo(4_310_000L);
  }

  /** A one-loop ring AllGather of 5 x 1500 B: its 4 steps in a row outlast its host links' 4 chunks of 1500 B. */
  @Test
  void aOneLoopRingIsBoundByItsStepsInARow() {
    long bound = CollectiveBound.ps(Op.ALL_GATHER, Algorithm.RING, NcclProtocol.DEFAULT, LINK, 5, 7500, 1);
    assertThat(bound).isEqualTo(4 * 4_310_000L);
    assertThat(CollectiveBound.linksPs(Op.ALL_GATHER, Algorithm.RING, LINK, 5, 7500, 1))
        .isEqualTo(CollectiveBound.hostLinkPs(LINK, 4, 1500)).isLessThan(bound);
  }

  /** C channels side by side: each rank's link carries every channel's chunks, the root's link every channel's buffer. */
  @Test
  void channelsShareTheHostLinks() {
    assertThat(CollectiveBound.linksPs(Op.ALL_REDUCE, Algorithm.RING, LINK, 4, 4000, 3))
        .isEqualTo(CollectiveBound.hostLinkPs(LINK, 3 * 6, 1000));
    assertThat(CollectiveBound.linksPs(Op.BROADCAST, Algorithm.RING, LINK, 4, 4000, 3))
        .isEqualTo(CollectiveBound.rootStreamPs(LINK, 12_000));
    // the tree AllReduce: every rank sends 2(n-1)/n of the whole buffer, 2 x 3 / 4 x 12000 B = 18000 ns
    assertThat(CollectiveBound.linksPs(Op.ALL_REDUCE, Algorithm.TREE, LINK, 4, 4000, 3)).isEqualTo(18_000_000L);
  }
}
