package org.lbsim.transport;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * SACK with a timer per packet ({@code sack.timer: per-packet}): the deadline is one RTO after
 * the oldest outstanding packet's last send, a resend restarts its packet's clock, and an expiry
 * declares lost only the packets that old, without backoff.
 */
class PerPacketTimerTest {
  private static final long RTO = 10_000_000;

  private static SelectiveRepeat sender(boolean perPacket) {
    SelectiveRepeat sr = SelectiveRepeat.sack(8, RttEstimator.of(RTO, RTO), 3, false, perPacket);
    sr.setPathPolicy(SackAcks.NO_PATH);
    return sr;
  }

  /** Sends packets 0..3 at 0, 1, 2 and 3 us, and SACKs 1..3 at 5 us: packet 0 is the hole. */
  private static SelectiveRepeat withAHoleAtZero(boolean perPacket) {
    SelectiveRepeat sr = sender(perPacket);
    for (int s = 0; s < 4; s++) {
      long seq = sr.nextToSend(s * 1_000_000L);
      sr.onSent(seq, s, s * 1_000_000L);
    }
    sr.onAck(SackAcks.ack(3, 0, 0b111), 5_000_000);
    return sr;
  }

  @Test
  void theDeadlineFollowsTheOldestOutstandingPacketsLastSend() {
    SelectiveRepeat sr = sender(true);
    for (int s = 0; s < 4; s++) {
      sr.onSent(sr.nextToSend(s * 1_000_000L), s, s * 1_000_000L);
    }
    assertThat(sr.timerDeadlinePs()).isEqualTo(RTO);
    sr.onAck(SackAcks.ack(0, 1, 0), 4_000_000); // packet 0 acknowledged: packet 1 (sent at 1 us) is the oldest
    assertThat(sr.timerDeadlinePs()).isEqualTo(1_000_000 + RTO);
  }

  @Test
  void anExpiryDeclaresOnlyThePacketsThatOldLostAndAResendRestartsItsClock() {
    SelectiveRepeat sr = withAHoleAtZero(true);
    assertThat(sr.timerDeadlinePs()).isEqualTo(RTO);
    sr.onTimeout(RTO);
    assertThat(sr.packetsDeclaredLost()).isEqualTo(1);
    assertThat(sr.timeouts()).isEqualTo(1);
    assertThat(sr.nextToSend(RTO)).isZero();
    sr.onSent(0, 9, RTO);
    assertThat(sr.timerDeadlinePs()).as("the resend's own clock, no backoff").isEqualTo(2 * RTO);
  }

  @Test
  void theProgressTimerRunsFromTheLastNewCumulativeAckAndGoesBack() {
    SelectiveRepeat sr = withAHoleAtZero(false);
    assertThat(sr.timerDeadlinePs()).isEqualTo(RTO); // the first send started it; no new cumulative ack since
    sr.onTimeout(RTO);
    assertThat(sr.nextToSend(RTO)).isZero();
    sr.onSent(0, 9, RTO);
    assertThat(sr.timerDeadlinePs()).as("doubled from the timeout").isEqualTo(RTO + 2 * RTO);
  }
}
