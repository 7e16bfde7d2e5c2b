package org.lbsim.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HostLinkScheduleTest {
  // 800 Gb/s, 4158 B data, 64 B ACK, 20 B gap
  private static final long T_D = 41_580;
  private static final long D = T_D + 200;
  private static final long A = 640 + 200;

  @Test
  void withoutAcksBeforeTheLastPacketTheBoundIsItsSerializationAndTheTwoTrips() {
    // one-leaf path: lag = T_d + T_d + p = 1,083,160; the first ACK is due after all 16 packets start
    long lag = T_D + T_D + 1_000_000;
    ThreePhaseBound b = HostLinkSchedule.of(16, D, D, A, lag, 2 * 640 + 1_000_000);

    assertThat(b.dataOnlyPackets()).isEqualTo(16);
    assertThat(b.completionPs()).isEqualTo(15 * D + lag + 2 * 640 + 1_000_000);
  }

  @Test
  void theLastPacketEntersTheNicAtItsSlotAndOnlyAcksDueBeforeThatGoFirst() {
    // 64 packets on the one-leaf path: i1 = 26 packets go before the first ACK (due at 1,083,160,
    // while packet 25 serializes). From then on an ACK precedes every data packet, so packet k >= 26
    // starts at 26 d + (k - 25) a + (k - 26) d. Packet 63 enters the NIC at its slot 63 d =
    // 2,632,140 (packet 62 started at 2,621,440, earlier); ACK j is due at S(j - 1) + lag, which
    // is before 2,632,140 for j <= 37 only: 37 ACKs precede it, not 64 - 26 = 38.
    long lag = T_D + T_D + 1_000_000;
    long tail = 2 * 640 + 1_000_000;
    ThreePhaseBound b = HostLinkSchedule.of(64, D, D, A, lag, tail);

    long s62 = 26 * D + 37 * A + 36 * D;
    assertThat(s62).isEqualTo(2_621_440L).isLessThan(63 * D);
    long s63 = 26 * D + 37 * A + 37 * D;
    assertThat(b.dataOnlyPackets()).isEqualTo(26);
    // the last ACK is due when packet 63 has arrived; the ACKs before it have all gone by then
    assertThat(b.completionPs()).isEqualTo(s63 + lag + tail);
    assertThat(b.completionPs()).isEqualTo(4_747_660L);
  }

  @Test
  void acksThatPileUpDelayTheLastAck() {
    // a lag of 0 makes every ACK due as its data packet starts: data and ACK alternate from the
    // start, and the last ACK goes right after the last data packet
    ThreePhaseBound b = HostLinkSchedule.of(3, D, D, A, 0, 0);

    assertThat(b.dataOnlyPackets()).isEqualTo(1);
    assertThat(b.completionPs()).isEqualTo(3 * D + 2 * A);
  }

  @Test
  void aRingOfManyPendingAcksKeepsTheirOrder() {
    // a long lag keeps thousands of ACKs pending; the bound is then the serialization of all
    // data (no gap after the last) plus the lag and the tail
    ThreePhaseBound b = HostLinkSchedule.of(5_000, D, D, A, 1_000 * 1_000_000L, 7);

    assertThat(b.dataOnlyPackets()).isEqualTo(5_000);
    assertThat(b.completionPs()).isEqualTo(4_999 * D + 1_000 * 1_000_000L + 7);
  }

  @Test
  void coalescedAcksComeForEveryKthPacketFromTheFirstAndForTheLast() {
    // lag 0 as above, an ACK for packets 0, 4 and 8 only: each delays the data packets after it by
    // one ACK, and the last one (packet 8's) goes right after the last data packet
    ThreePhaseBound nine = HostLinkSchedule.of(9, D, D, A, 0, 0, 1, 4);
    assertThat(nine.dataOnlyPackets()).isEqualTo(1);
    assertThat(nine.completionPs()).isEqualTo(9 * D + 2 * A);
    // with a tenth packet the last (9) brings a fourth ACK
    assertThat(HostLinkSchedule.of(10, D, D, A, 0, 0, 1, 4).completionPs()).isEqualTo(10 * D + 3 * A);
    // an ACK for every packet is the schedule above
    assertThat(HostLinkSchedule.of(3, D, D, A, 0, 0, 1, 1).completionPs()).isEqualTo(3 * D + 2 * A);
  }
}
