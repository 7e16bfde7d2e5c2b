package org.lbsim.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.lbsim.transport.SackAcks.NO_PATH;
import static org.lbsim.transport.SackAcks.ack;

import org.junit.jupiter.api.Test;
import org.lbsim.net.Packet;

class SenderRulesTest {
  private static final long US = 1_000_000L;

  private static void sendAll(LossRecovery lr, int n) {
    for (int i = 0; i < n; i++) {
      long s = lr.nextToSend(0);
      assertThat(s).isEqualTo(i);
      lr.onSent(s, 0, 0);
    }
  }

  @Test
  void sackDeclaresAHoleLostOnlyBeyondTheThreshold() {
    SelectiveRepeat sr = SelectiveRepeat.sack(20, RttEstimator.of(1000 * US, 2 * US), 3, true);
    sr.setPathPolicy(NO_PATH);
    sendAll(sr, 10);
    // packet 0 is missing; 1..4 arrive: highest SACKed 4 is 4 beyond the hole, more than x = 3
    for (int s = 1; s <= 3; s++) {
      sr.onAck(ack(s, 0, (1L << s) - 1), 0);
    }
    assertThat(sr.pendingRetransmissions()).isZero(); // 3 beyond: not yet
    sr.onAck(ack(4, 0, 0b1111), 0);
    assertThat(sr.pendingRetransmissions()).isEqualTo(1);
    assertThat(sr.nextToSend(0)).isZero(); // the lost one before new data
    sr.onSent(0, 0, 0);
    assertThat(sr.retransmissions()).isEqualTo(1);
    assertThat(sr.nextToSend(0)).isEqualTo(10);
    sr.onAck(ack(0, 5, 0), 0);
    assertThat(sr.cumulativeAck()).isEqualTo(5);
  }

  @Test
  void sackWithoutFastRetransmitWaitsForTheTimeout() {
    SelectiveRepeat sr = SelectiveRepeat.sack(20, RttEstimator.of(1000 * US, 2 * US), 3, false);
    sr.setPathPolicy(NO_PATH);
    sendAll(sr, 10);
    sr.onAck(ack(9, 0, 0xFF), 0);
    assertThat(sr.pendingRetransmissions()).isZero();
    sr.onTimeout(sr.timerDeadlinePs());
    assertThat(sr.timeouts()).isEqualTo(1);
    assertThat(sr.pendingRetransmissions()).isEqualTo(1); // only the unSACKed hole goes back
    assertThat(sr.nextToSend(0)).isZero();
  }

  @Test
  void trimmedNackMarksThatSequenceLostAtOnce() {
    SelectiveRepeat sr = SelectiveRepeat.sack(20, RttEstimator.of(1000 * US, 2 * US), 64, true);
    sr.setPathPolicy(NO_PATH);
    sendAll(sr, 5);
    Packet n = ack(3, 0, 0);
    n.type = Packet.NACK;
    n.trimmed = true;
    sr.onNack(n, 0);
    assertThat(sr.nextToSend(0)).isEqualTo(3);
  }

  @Test
  void rtoDoublesPerExpiryAndResetsOnANewCumulativeAck() {
    RttEstimator rtt = RttEstimator.of(1000 * US, 2 * US);
    rtt.sample(4 * US); // rto = 4 + 4*2 = 12 us
    assertThat(rtt.rtoPs()).isEqualTo(12 * US);
    SelectiveRepeat sr = SelectiveRepeat.sack(20, rtt, 3, true);
    sr.setPathPolicy(NO_PATH);
    sendAll(sr, 4);
    assertThat(sr.timerDeadlinePs()).isEqualTo(12 * US);
    sr.onTimeout(12 * US);
    assertThat(sr.timerDeadlinePs()).isEqualTo(12 * US + 24 * US);
    sr.onTimeout(36 * US);
    assertThat(sr.timerDeadlinePs()).isEqualTo(36 * US + 48 * US);
    sr.onAck(ack(0, 1, 0), 50 * US);
    assertThat(sr.timerDeadlinePs()).isEqualTo(50 * US + 12 * US);
    sr.onAck(ack(3, 4, 0), 51 * US);
    assertThat(sr.timerDeadlinePs()).isEqualTo(-1); // nothing outstanding
  }

  @Test
  void irnCapsPacketsInFlightAndUsesRtoLowWhenFewAreOutstanding() {
    SelectiveRepeat irn = SelectiveRepeat.irn(100, RttEstimator.of(1000 * US, 2 * US), 4, 100 * US, 320 * US, 3);
    irn.setPathPolicy(NO_PATH);
    sendAll(irn, 4);
    assertThat(irn.nextToSend(0)).isEqualTo(-1); // BDP cap
    assertThat(irn.rtoPs()).isEqualTo(320 * US);
    irn.onAck(ack(0, 1, 0), 0);
    assertThat(irn.rtoPs()).isEqualTo(100 * US); // 3 in flight
    assertThat(irn.nextToSend(0)).isEqualTo(4);
    // any SACK beyond a hole declares it lost (threshold 0)
    irn.onSent(4, 0, 0);
    Packet n = ack(2, 1, 0b1);
    n.type = Packet.NACK;
    irn.onNack(n, 0);
    assertThat(irn.nextToSend(0)).isEqualTo(1);
  }

  @Test
  void goBackNReturnsToTheNackedSequence() {
    GoBackN g = new GoBackN(20, RttEstimator.of(1000 * US, 2 * US));
    g.setPathPolicy(NO_PATH);
    sendAll(g, 6);
    Packet n = ack(3, 2, 0);
    n.type = Packet.NACK;
    g.onNack(n, 0);
    assertThat(g.nextToSend(0)).isEqualTo(2);
    g.onSent(2, 0, 0);
    assertThat(g.retransmissions()).isEqualTo(1);
    assertThat(g.packetsDeclaredLost()).isEqualTo(4);
    g.onTimeout(g.timerDeadlinePs());
    assertThat(g.nextToSend(0)).isEqualTo(2);
    assertThat(g.timeouts()).isEqualTo(1);
  }
}
