package org.lbsim.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.lbsim.net.Packet;

/**
 * Which data packets a SACK receiver that coalesces ACKs answers at once: uet-htsim's rules with
 * its 16,384 B threshold and 4,150 B packets, so every fourth packet after an ACK brings the next.
 */
class AckCoalescingTest {
  private static final int WIRE = 4150;

  private static Packet data(long seq) {
    Packet p = new Packet();
    p.type = Packet.DATA;
    p.seq = seq;
    p.sizeBytes = WIRE;
    p.payloadBytes = WIRE - 64;
    return p;
  }

  private static Packet requesting(long seq) {
    Packet p = data(seq);
    p.extras().ackRequest = true;
    return p;
  }

  /** Whether {@code r} answers {@code p} now; a packet with no ACK at all (a NACK) counts as answered. */
  private static boolean acked(SackReceiver r, Packet p) {
    byte type = r.accept(p);
    return type != Packet.ACK || r.acksAtOnce(p);
  }

  private static SackReceiver receiver() {
    return SackReceiver.coalescing(100, WIRE - 64, 16_384);
  }

  @Test
  void theFirstPacketAndThenEveryFourthOfFourThousandBytesIsAcked() {
    SackReceiver r = receiver();
    boolean[] expected = {true, false, false, false, true, false, false, false, true};
    for (int s = 0; s < expected.length; s++) {
      assertThat(acked(r, data(s))).as("packet %d", s).isEqualTo(expected[s]);
    }
  }

  @Test
  void aCeMarkAndAnAckRequestAreAnsweredAtOnceAndRestartTheCount() {
    SackReceiver r = receiver();
    assertThat(acked(r, data(0))).isTrue();
    assertThat(acked(r, data(1))).isFalse();
    Packet marked = data(2);
    marked.ce = true;
    assertThat(acked(r, marked)).isTrue();
    assertThat(acked(r, data(3))).isFalse();
    assertThat(acked(r, requesting(4))).isTrue();
    assertThat(acked(r, data(5))).isFalse();
    assertThat(acked(r, data(6))).isFalse();
    assertThat(acked(r, data(7))).isFalse();
    assertThat(acked(r, data(8))).as("four packets since the request's ACK").isTrue();
  }

  @Test
  void aDuplicateIsAnsweredAtOnce() {
    SackReceiver r = receiver();
    acked(r, data(0));
    assertThat(acked(r, data(1))).isFalse();
    assertThat(acked(r, data(1))).isTrue();
    assertThat(r.duplicates()).isEqualTo(1);
    assertThat(acked(r, data(2))).as("the duplicate's ACK restarted the count").isFalse();
  }

  @Test
  void aRequestBeyondAHoleIsAnsweredAgainWhenTheHoleFills() {
    SackReceiver r = receiver();
    acked(r, data(0));
    assertThat(acked(r, requesting(3))).as("the request, beyond the holes 1 and 2").isTrue();
    assertThat(acked(r, data(1))).as("one hole left").isFalse();
    assertThat(acked(r, data(2))).as("the last hole below the request").isTrue();
    assertThat(r.cumulativeAck()).isEqualTo(4);
    assertThat(acked(r, data(4))).as("nothing pending any more").isFalse();
  }

  @Test
  void packetsHeldBeyondTheCumulativeAckAreCountedAsHolesFill() {
    SackReceiver r = receiver();
    acked(r, data(0));
    acked(r, data(2));
    acked(r, data(3));
    acked(r, data(5));
    assertThat(acked(r, requesting(6))).isTrue();
    assertThat(acked(r, data(1))).as("4 is still missing").isFalse();
    assertThat(r.cumulativeAck()).isEqualTo(4);
    assertThat(acked(r, data(4))).as("the holes below the request are filled").isTrue();
    assertThat(r.cumulativeAck()).isEqualTo(7);
  }

  @Test
  void aThresholdOfZeroIsRefused() {
    assertThatThrownBy(() -> new AckCoalescing(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("positive");
  }
}
