package org.lbsim.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.net.Packet;

/** {@code ecn-count}'s two parts on their own: the receiver's counts and the sender's reaction to them. */
class EcnCountTest {
  /** What a receiver part sent: the data packet each control packet answers, and its word. */
  private record Sent(Packet data, long word) {}

  private static Packet data(boolean ce) {
    Packet p = new Packet();
    p.ce = ce;
    return p;
  }

  @Test
  void theReceiverReportsItsCumulativeCountsOncePerKArrivals() {
    EcnCounter counter = new EcnCounter(3);
    List<Sent> sent = new ArrayList<>();
    List<Packet> arrivals = new ArrayList<>();
    boolean[] marks = {false, true, false, false, true, true, false};
    for (boolean ce : marks) {
      Packet p = data(ce);
      arrivals.add(p);
      counter.onData(p, (answered, word, nowPs) -> sent.add(new Sent(answered, word)), 0);
    }
    assertThat(sent).hasSize(2); // after arrivals 3 and 6; the seventh waits for two more
    assertThat(sent.get(0).data()).isSameAs(arrivals.get(2));
    assertThat(EcnCounter.arrived(sent.get(0).word())).isEqualTo(3);
    assertThat(EcnCounter.marked(sent.get(0).word())).isEqualTo(1);
    assertThat(sent.get(1).data()).isSameAs(arrivals.get(5));
    assertThat(EcnCounter.arrived(sent.get(1).word())).isEqualTo(6);
    assertThat(EcnCounter.marked(sent.get(1).word())).isEqualTo(3);
  }

  @Test
  void countsAreTakenModulo2To32AndAnOlderReportIsNoNews() {
    long word = EcnCounter.word((1L << 32) + 5, 2);
    assertThat(EcnCounter.arrived(word)).isEqualTo(5);
    assertThat(EcnCounter.marked(word)).isEqualTo(2);
    assertThat(EcnCounter.since(0xFFFF_FFFEL, 3)).isEqualTo(5); // across the wrap
    assertThat(EcnCounter.since(8, 4)).isEqualTo(-1);
  }

  @Test
  void theSenderMovesAlphaOncePerWindowAndCutsByItOnNewMarks() {
    EcnCountWindow w = new EcnCountWindow(0.5, 8, 1_000);
    for (int i = 0; i < 8; i++) {
      w.onSent(i, 4_000, 0);
    }
    w.onControl(control(4, 0), 0);
    assertThat(w.cwnd()).isEqualTo(8); // no marks: no cut; the window of 8 arrivals is still open
    assertThat(w.alpha()).isEqualTo(1);
    w.onControl(control(8, 2), 0); // the window closes: F = 2/8, alpha = 0.5 + 0.5 x 0.25
    assertThat(w.alpha()).isCloseTo(0.625, within(1e-12));
    assertThat(w.cwnd()).isCloseTo(8 * (1 - 0.625 / 2), within(1e-12));
    double cut = w.cwnd();
    w.onControl(control(8, 2), 0); // the same report again: no news
    w.onControl(control(4, 0), 0); // an older one: no news
    w.onControl(control(9, 3), 0); // new marks, and the 8 sent before the cut are counted: another cut
    assertThat(w.cwnd()).isCloseTo(cut * (1 - 0.625 / 2), within(1e-12));
  }

  @Test
  void aCutWaitsUntilThePacketsSentBeforeTheLastOneWereCounted() {
    EcnCountWindow w = new EcnCountWindow(1.0 / 16, 10, 1_000);
    for (int i = 0; i < 20; i++) {
      w.onSent(i, 4_000, 0);
    }
    w.onControl(control(4, 1), 0); // alpha is 1 until a window closes: cwnd 10 -> 5, no cut before 20 are counted
    assertThat(w.cwnd()).isEqualTo(5);
    w.onControl(control(8, 2), 0);
    assertThat(w.cwnd()).isEqualTo(5);
    w.onAck(null, false, 0, 0); // above ssthresh (5): + 1/cwnd
    assertThat(w.cwnd()).isCloseTo(5.2, within(1e-12));
    w.onControl(control(20, 3), 0); // 20 counted: the next marks may cut again
    assertThat(w.cwnd()).isLessThan(5.2);
  }

  private static Packet control(long arrived, long marked) {
    Packet p = new Packet();
    p.type = Packet.CONTROL;
    p.setDesignWord(EcnCounter.word(arrived, marked));
    return p;
  }
}
