package org.lbsim.transport;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.lbsim.net.Packet;

/**
 * The study simulator's SACK receiver answers with the bitmap it keeps, in which a packet 64 or
 * more beyond the cumulative ack marks the packet its distance mod 64 beyond ({@link StudySackRegister}).
 */
class StudySackReceiverTest {
  /** The SACK bitmap of the ACK that answers packet {@code seq}. */
  private static long answer(SackReceiver rx, long seq) {
    Packet p = new Packet();
    p.type = Packet.DATA;
    p.seq = seq;
    rx.accept(p);
    Packet a = new Packet();
    a.type = Packet.ACK;
    rx.fill(p, a);
    return a.extras().sackBits;
  }

  @Test
  void packetsWithin63OfTheHoleAreMarkedAsTheyAre() {
    SackReceiver rx = SackReceiver.study(null, -1, null, 200, 4096);
    SackReceiver plain = new SackReceiver(200, 4096, false);
    for (long s : new long[] {1, 2, 3, 63}) {
      assertThat(answer(rx, s)).isEqualTo(answer(plain, s));
    }
    assertThat(answer(rx, 3)).isEqualTo(0b111L | 1L << 62);
  }

  @Test
  void aPacket64OrMoreBeyondMarksItsDistanceMod64AndTheMarkMovesWithTheCumulativeAck() {
    SackReceiver rx = SackReceiver.study(null, -1, null, 200, 4096);
    answer(rx, 1);
    answer(rx, 2);
    assertThat(answer(rx, 3)).isEqualTo(0b111L);
    assertThat(answer(rx, 64)).as("64 beyond marks the hole itself").isEqualTo(0b111L | 1L << 63);
    assertThat(answer(rx, 69)).as("69 beyond marks packet 5, which never came").isEqualTo(0b10111L | 1L << 63);
    assertThat(answer(rx, 69)).as("a duplicate marks it again").isEqualTo(0b10111L | 1L << 63);
    // 0 fills the hole: the cumulative ack moves to 4 and the word with it; the mark of packet 5
    // is now 1 beyond, that of the hole gone, and 64 and 69 themselves were never marked
    assertThat(answer(rx, 0)).isEqualTo(0b1L);
    assertThat(rx.cumulativeAck()).isEqualTo(4);
    SackReceiver plain = new SackReceiver(200, 4096, false);
    for (long s : new long[] {1, 2, 3, 64, 69}) {
      answer(plain, s);
    }
    assertThat(answer(plain, 0)).as("what the receiver holds: 64 is 59 beyond packet 5, 69 beyond the window")
        .isEqualTo(1L << 59);
  }

  @Test
  void aCumulativeAckMovingOn64OrMoreClearsTheWord() {
    SackReceiver rx = SackReceiver.study(null, -1, null, 300, 4096);
    for (long s = 1; s <= 70; s++) {
      answer(rx, s);
    }
    assertThat(answer(rx, 0)).isZero();
    assertThat(rx.cumulativeAck()).isEqualTo(71);
    assertThat(answer(rx, 73)).isEqualTo(0b10L);
  }
}
