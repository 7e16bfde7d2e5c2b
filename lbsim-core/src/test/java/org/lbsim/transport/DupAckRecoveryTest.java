package org.lbsim.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.lbsim.transport.SackAcks.NO_PATH;
import static org.lbsim.transport.SackAcks.ack;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.lb.NumberedSpray;
import org.lbsim.net.Packet;

/** The study simulator's duplicate-ACK SACK sender (reference model §3.4): ACKs in, resends out. */
class DupAckRecoveryTest {
  private static final long US = 1_000_000L;

  /** What the receiver answers to each packet of {@code arrivals} in turn, holding also {@code held} already. */
  private static List<Packet> acksFor(int... arrivals) {
    List<Packet> out = new ArrayList<>();
    SackReceiver rx = new SackReceiver(1000, 4096, false);
    for (int s : arrivals) {
      Packet p = new Packet();
      p.type = Packet.DATA;
      p.seq = s;
      rx.accept(p);
      Packet a = new Packet();
      a.type = Packet.ACK;
      rx.fill(p, a);
      out.add(a);
    }
    return out;
  }

  /** {@code -dup dup -sack limit} (limit < 0: no -sack, NewReno). */
  private static DupAckRecovery sender(int dup, int limit, boolean fastRetransmit) {
    RttEstimator rtt = RttEstimator.of(1000 * US, 2 * US);
    rtt.sample(4 * US); // rto = 4 + 4 * 2 = 12 us
    DupAckRecovery d = new DupAckRecovery(100, rtt, dup, limit, fastRetransmit, false);
    d.setPathPolicy(NO_PATH);
    return d;
  }

  private static void sendNew(DupAckRecovery d, int n, long now) {
    for (int i = 0; i < n; i++) {
      long s = d.nextToSend(now);
      d.onSent(s, 0, now);
    }
  }

  /** Sends what the next {@code n} slots send and returns the sequences. */
  private static List<Long> slots(DupAckRecovery d, int n, long now) {
    List<Long> sent = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      long s = d.nextToSend(now);
      if (s < 0) {
        break;
      }
      d.onSent(s, 0, now);
      sent.add(s);
    }
    return sent;
  }

  @Test
  void theXthDuplicateResendsEveryHoleBelowASackMoreThanXBeyondTheFirst() {
    DupAckRecovery d = sender(3, 3, true);
    sendNew(d, 10, 0);
    // 0 and 2 lost; 1, 3, 4 arrive: three duplicates of cum 0, the third SACKs 4 (4 beyond the hole)
    List<Packet> acks = acksFor(1, 3, 4);
    d.onAck(acks.get(0), 1);
    d.onAck(acks.get(1), 2);
    assertThat(d.queuedResends()).isEmpty();
    assertThat(d.duplicateAcks()).isEqualTo(2);
    d.onAck(acks.get(2), 3);
    assertThat(d.queuedResends()).containsExactly(0, 2);
    assertThat(d.inFastRecovery()).isTrue();
    assertThat(d.timerDeadlinePs()).isEqualTo(-1); // stopped until the next send
    assertThat(slots(d, 3, 10)).containsExactly(0L, 2L, 10L); // resends first, lowest first
    assertThat(d.timerDeadlinePs()).isEqualTo(10 + 12 * US);
    assertThat(d.retransmissions()).isEqualTo(2);
    assertThat(d.packetsDeclaredLost()).isEqualTo(2);
  }

  @Test
  void aSackOnlyXBeyondStartsRecoveryWithoutResendingAndLaterDuplicatesAreIgnored() {
    DupAckRecovery d = sender(3, 3, true);
    sendNew(d, 10, 0);
    List<Packet> acks = acksFor(1, 2, 3, 4, 5); // 0 lost; the 3rd duplicate SACKs 3: exactly 3 beyond
    for (int i = 0; i < 3; i++) {
      d.onAck(acks.get(i), i);
    }
    assertThat(d.inFastRecovery()).isTrue();
    assertThat(d.fastRecoveries()).isEqualTo(1);
    assertThat(d.queuedResends()).isEmpty();
    d.onAck(acks.get(3), 3); // SACKs 4 now, but only the x-th duplicate decides
    d.onAck(acks.get(4), 4);
    assertThat(d.queuedResends()).isEmpty();
    assertThat(d.duplicateAcks()).isEqualTo(3);
    assertThat(d.timerDeadlinePs()).isEqualTo(12 * US); // armed by the first send, untouched by duplicates
  }

  @Test
  void aSackLimitBelowTheDuplicateCountResendsAnIsolatedLoss() {
    DupAckRecovery d = sender(3, 1, true); // -dup 3 -sack 1
    sendNew(d, 10, 0);
    List<Packet> acks = acksFor(1, 2, 3); // 0 lost, the rest in order: the 3rd duplicate SACKs 3 beyond
    for (int i = 0; i < 3; i++) {
      d.onAck(acks.get(i), i);
    }
    assertThat(d.queuedResends()).containsExactly(0);
  }

  @Test
  void xOneResendsTheHolesBelowASackTwoBeyond() {
    DupAckRecovery d = sender(1, 1, true);
    sendNew(d, 5, 0);
    d.onAck(acksFor(2).get(0), 1); // 2 overtook 0 and 1: cum 0, SACK of 2
    assertThat(d.queuedResends()).containsExactly(0, 1);
  }

  @Test
  void newRenoResendsTheFirstHoleAndEachPartialAckTheNext() {
    DupAckRecovery d = sender(3, -1, true);
    sendNew(d, 10, 0);
    // 0 and 5 lost
    List<Packet> acks = acksFor(1, 2, 3, 4, 0, 6, 5);
    for (int i = 0; i < 3; i++) {
      d.onAck(acks.get(i), i);
    }
    assertThat(d.queuedResends()).containsExactly(0);
    assertThat(slots(d, 1, 3)).containsExactly(0L);
    d.onAck(acks.get(3), 4); // duplicate in recovery
    d.onAck(acks.get(4), 5); // 0 arrives: cum 5 < 10 = what was sent when recovery began
    assertThat(d.cumulativeAck()).isEqualTo(5);
    assertThat(d.queuedResends()).containsExactly(5);
    assertThat(d.inFastRecovery()).isTrue();
    d.onAck(acks.get(5), 6);
    assertThat(slots(d, 2, 6)).containsExactly(5L, 10L);
    d.onAck(acks.get(6), 7); // cum 7 < 10: partial again, resends 7 (in flight, not lost)
    assertThat(d.queuedResends()).containsExactly(7);
    d.onAck(ack(9, 11, 0), 8); // cum 11 >= 10: recovery over
    assertThat(d.inFastRecovery()).isFalse();
    assertThat(d.duplicateAcks()).isZero();
    assertThat(d.queuedResends()).isEmpty();
  }

  @Test
  void aNewCumulativeAckResetsTheDuplicateCount() {
    DupAckRecovery d = sender(3, 3, true);
    sendNew(d, 10, 0);
    d.onAck(ack(2, 0, 0b10), 1);
    d.onAck(ack(1, 0, 0b11), 2);
    assertThat(d.duplicateAcks()).isEqualTo(2);
    d.onAck(ack(0, 3, 0), 3);
    assertThat(d.duplicateAcks()).isZero();
    d.onAck(ack(5, 3, 0b10), 4);
    d.onAck(ack(6, 3, 0b110), 5);
    assertThat(d.duplicateAcks()).isEqualTo(2);
    assertThat(d.fastRecoveries()).isZero();
  }

  @Test
  void withoutFastRetransmitDuplicatesAreCountedAndNothingElse() {
    DupAckRecovery d = sender(3, 3, false);
    sendNew(d, 10, 0);
    List<Packet> acks = acksFor(1, 2, 3, 4, 5, 6);
    for (int i = 0; i < acks.size(); i++) {
      d.onAck(acks.get(i), i);
    }
    assertThat(d.duplicateAcks()).isEqualTo(6);
    assertThat(d.fastRecoveries()).isZero();
    assertThat(d.queuedResends()).isEmpty();
  }

  @Test
  void aTimeoutDoublesTheRtoAndGoesBackToTheCumulativeAckResendingSackedPacketsToo() {
    DupAckRecovery d = sender(3, 3, true);
    sendNew(d, 10, 0);
    assertThat(d.timerDeadlinePs()).isEqualTo(12 * US);
    d.onAck(ack(0, 1, 0), 5 * US); // new cumulative ack: now + rto
    assertThat(d.timerDeadlinePs()).isEqualTo(17 * US);
    d.onAck(ack(3, 1, 0b10), 6 * US); // 1 lost, 3 SACKed; a duplicate leaves the timer alone
    assertThat(d.timerDeadlinePs()).isEqualTo(17 * US);
    d.onTimeout(17 * US);
    assertThat(d.timeouts()).isEqualTo(1);
    assertThat(d.timerDeadlinePs()).isEqualTo(17 * US + 24 * US); // doubled
    assertThat(d.packetsDeclaredLost()).isEqualTo(9); // 1..9 go again
    assertThat(slots(d, 4, 18 * US)).containsExactly(1L, 2L, 3L, 4L); // 3 although SACKed
    assertThat(d.retransmissions()).isEqualTo(4);
    d.onAck(ack(1, 2, 0b10), 20 * US); // an ACK (a new RTT sample) ends the doubling
    assertThat(d.timerDeadlinePs()).isEqualTo(20 * US + 12 * US);
    // what the receiver already held moves the send point past it: no resend of 4..9 then
    d.onAck(ack(2, 10, 0), 21 * US);
    assertThat(d.timerDeadlinePs()).isEqualTo(-1); // everything sent acknowledged
    assertThat(slots(d, 1, 22 * US)).containsExactly(10L);
    assertThat(d.retransmissions()).isEqualTo(4);
  }

  @Test
  void theStudyBitmapsMarkOnTheHoleKeepsItFromBeingResentAndCountsNoDistance() {
    RttEstimator rtt = RttEstimator.of(1000 * US, 2 * US);
    DupAckRecovery d = new DupAckRecovery(100, rtt, 3, 3, true, true);
    d.setPathPolicy(NO_PATH);
    sendNew(d, 10, 0);
    long marks = 1L << 63 | 0b1110; // the hole and packets 2, 3, 4 marked; 1 not
    for (int i = 1; i <= 3; i++) {
      d.onAck(ack(i, 0, marks), i);
    }
    assertThat(d.queuedResends()).containsExactly(1);
    assertThat(d.inFastRecovery()).isTrue();

    DupAckRecovery onlyHole = new DupAckRecovery(100, rtt, 3, 0, true, true);
    onlyHole.setPathPolicy(NO_PATH);
    sendNew(onlyHole, 10, 0);
    for (int i = 1; i <= 3; i++) {
      onlyHole.onAck(ack(i, 0, 1L << 63), i);
    }
    assertThat(onlyHole.queuedResends()).as("the mark on the hole lies 0 beyond it, not more than x = 0").isEmpty();
    assertThat(onlyHole.inFastRecovery()).isTrue();

    DupAckRecovery allMarked = new DupAckRecovery(100, rtt, 3, 3, true, true);
    allMarked.setPathPolicy(NO_PATH);
    sendNew(allMarked, 10, 0);
    long armed = allMarked.timerDeadlinePs();
    for (int i = 1; i <= 3; i++) {
      allMarked.onAck(ack(i, 0, 1L << 63 | 0b1111), i);
    }
    assertThat(allMarked.queuedResends()).isEmpty();
    assertThat(allMarked.timerDeadlinePs()).as("nothing resent: the timer runs on").isEqualTo(armed);
  }

  @Test
  void queuedResendsTakeTheStudySpraysNextPathIdWithoutMovingItAndATimeoutMovesItOn() {
    DupAckRecovery d = sender(3, 3, true);
    NumberedSpray spray = new NumberedSpray();
    d.setPathPolicy(spray);
    assertThat(sprayed(d, spray, 3, 0)).containsExactly("0@0", "1@1", "2@2");
    sprayed(d, spray, 7, 0);
    List<Packet> acks = acksFor(1, 3, 4); // 0 and 2 lost: the third duplicate resends both
    for (int i = 0; i < 3; i++) {
      d.onAck(acks.get(i), i + 1);
    }
    // both resends carry path id 10, which new packet 10 then takes and moves on
    assertThat(sprayed(d, spray, 4, 10)).containsExactly("0@10", "2@10", "10@10", "11@11");
    long deadline = d.timerDeadlinePs();
    d.onTimeout(deadline);
    // the timeout moves the id on once: its resend and the packets it sends again in order share 13
    assertThat(sprayed(d, spray, 3, deadline)).containsExactly("0@13", "1@13", "2@14");
  }

  /** The next {@code n} slots' sequences and path ids ("seq@id"), placed as the sender places them. */
  private static List<String> sprayed(DupAckRecovery d, NumberedSpray spray, int n, long now) {
    List<String> sent = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      long s = d.nextToSend(now);
      if (s < 0) {
        break;
      }
      Packet p = new Packet();
      if (d.sendingQueuedResend()) {
        spray.chooseResend(p, now);
      } else {
        spray.choose(p, now);
      }
      d.onSent(s, p.entropy, now);
      sent.add(s + "@" + p.entropy);
    }
    return sent;
  }

  @Test
  void noFastRecoveryBeforeTheCumulativeAckPassesWhatATimeoutLeftOutstanding() {
    DupAckRecovery d = sender(2, 2, true);
    sendNew(d, 10, 0);
    d.onTimeout(d.timerDeadlinePs()); // nothing arrived: back to 0; recovery point 10
    assertThat(slots(d, 1, 13 * US)).containsExactly(0L);
    d.onAck(ack(5, 0, 0b10000), 14 * US);
    d.onAck(ack(6, 0, 0b110000), 15 * US);
    assertThat(d.duplicateAcks()).isEqualTo(2);
    assertThat(d.fastRecoveries()).isZero(); // cum 0 < 10
    assertThat(d.queuedResends()).isEmpty();
  }

  @Test
  void aTrimmedPacketsNackResendsIt() {
    DupAckRecovery d = sender(3, 3, true);
    sendNew(d, 6, 0);
    Packet n = ack(4, 0, 0);
    n.type = Packet.NACK;
    n.trimmed = true;
    d.onNack(n, 1);
    assertThat(d.queuedResends()).containsExactly(4);
    assertThat(d.duplicateAcks()).isZero(); // a NACK is not a duplicate ACK
    assertThat(slots(d, 2, 2)).containsExactly(4L, 6L);
  }

  @Test
  void completesAtTheLastCumulativeAck() {
    RttEstimator rtt = RttEstimator.of(1000 * US, 2 * US);
    DupAckRecovery d = new DupAckRecovery(3, rtt, 3, 3, true, false);
    d.setPathPolicy(NO_PATH);
    assertThat(slots(d, 5, 0)).containsExactly(0L, 1L, 2L);
    d.onAck(ack(2, 3, 0), 1);
    assertThat(d.complete()).isTrue();
    assertThat(d.timerDeadlinePs()).isEqualTo(-1);
    assertThatThrownBy(() -> new DupAckRecovery(3, rtt, 0, 0, true, false)).isInstanceOf(IllegalArgumentException.class);
  }
}
