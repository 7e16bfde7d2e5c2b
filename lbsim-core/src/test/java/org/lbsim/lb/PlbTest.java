package org.lbsim.lb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.lbsim.engine.SplitMix;
import org.lbsim.net.Packet;

class PlbTest {
  private static final long IPD = 1_000;
  private static final long RTO = 1_000_000_000; // large: keep the RTO rule out of the ECN tests

  private final FakeFlow flow = new FakeFlow(0, 0, 1, IPD, RTO);

  private static int entropyOf(Plb plb) {
    Packet p = new Packet();
    plb.choose(p, 0);
    return p.entropy;
  }

  @Test
  void theStudysThresholdIsFourMarksOutOfTen() {
    assertThat(Plb.thresholdMarks(10, 0.4)).isEqualTo(4);
    assertThat(Plb.thresholdMarks(10, 0.35)).isEqualTo(4);
    assertThat(Plb.thresholdMarks(10, 0.41)).isEqualTo(5);
    assertThat(new Plb(flow, new SplitMix(1), 10, 0.4, false).threshold()).isEqualTo(4);
  }

  @Test
  void repathsOnlyOnceTheMarkedFractionHasHeldForLongerThanTheInterval() {
    Plb plb = new Plb(flow, new SplitMix(5), 10, 0.4, false);
    int start = entropyOf(plb);
    long t = 0;
    for (int i = 0; i < 6; i++) {
      plb.onAck(start, false, t++);
    }
    for (int i = 0; i < 3; i++) {
      plb.onAck(start, true, t++); // 1, 2, 3 marks: still below 4
    }
    long lastGood = t - 1;
    long interval = plb.interval();
    assertThat(interval).isBetween(10 * IPD, 12 * IPD - 1);
    plb.onAck(start, true, t); // 4 of 10 marked: congested from here on
    assertThat(plb.repaths()).isZero();
    // every later ACK is marked, so the window stays at >= 4 marks
    plb.onAck(start, true, lastGood + interval / 2);
    plb.onAck(start, true, lastGood + interval);
    assertThat(plb.repaths()).as("held for exactly the interval, not longer").isZero();
    assertThat(entropyOf(plb)).isEqualTo(start);
    plb.onAck(start, true, lastGood + interval + 1);
    assertThat(plb.repaths()).isEqualTo(1);
    assertThat(entropyOf(plb)).isNotEqualTo(start);
  }

  @Test
  void neverRepathsBelowTheThresholdHoweverLongTheMarksLast() {
    Plb plb = new Plb(flow, new SplitMix(9), 10, 0.4, false);
    int e = entropyOf(plb);
    // 3 of every 10 ACKs marked, for 100,000 ACKs spaced one gap apart (100 intervals and more)
    for (int i = 0; i < 100_000; i++) {
      plb.onAck(e, i % 10 < 3, i * IPD);
      assertThat(plb.interval()).isBetween(10 * IPD, 12 * IPD - 1);
    }
    assertThat(plb.repaths()).isZero();
    assertThat(entropyOf(plb)).isEqualTo(e);
  }

  @Test
  void oneBelowThresholdWindowRestartsTheClock() {
    Plb plb = new Plb(flow, new SplitMix(2), 10, 0.4, false);
    int e = entropyOf(plb);
    for (int i = 0; i < 10; i++) {
      plb.onAck(e, true, i); // 3 marks at t = 2 (last good), 4 at t = 3, then 10
    }
    long interval = plb.interval();
    long t = 2 + interval; // congested for exactly the interval: no repath yet
    for (int i = 0; i < 7; i++) {
      plb.onAck(e, false, t); // 9, 8, ..., 3 marks: below threshold again at t
    }
    assertThat(plb.repaths()).isZero();
    for (int i = 0; i < 4; i++) {
      plb.onAck(e, true, t); // slots 7..9 were marked: 3, 3, 3, then 4 marks
    }
    long newInterval = plb.interval();
    plb.onAck(e, true, t + 1); // past the old deadline (2 + interval), but the clock restarted at t
    plb.onAck(e, true, t + newInterval);
    assertThat(plb.repaths()).isZero();
    plb.onAck(e, true, t + newInterval + 1);
    assertThat(plb.repaths()).isEqualTo(1);
  }

  @Test
  void repathsWhenNothingWasAckedForAnRtoSinceTheTimerStarted() {
    flow.rtoPs = 10_000;
    Plb plb = new Plb(flow, new SplitMix(4), 10, 0.4, false);
    int e = entropyOf(plb);
    plb.onSent(e, 0); // starts the timer
    plb.onSent(e, 5_000);
    plb.onSent(e, 10_000); // exactly one RTO: not yet
    assertThat(plb.repaths()).isZero();
    plb.onSent(e, 10_001);
    assertThat(plb.repaths()).isEqualTo(1);
    int moved = entropyOf(plb);
    assertThat(moved).isNotEqualTo(e);
    // the timer restarted at 10,001
    plb.onSent(moved, 20_001);
    assertThat(plb.repaths()).isEqualTo(1);
    plb.onSent(moved, 20_002);
    assertThat(plb.repaths()).isEqualTo(2);
  }

  @Test
  void anAckClearsTheRtoTimer() {
    flow.rtoPs = 10_000;
    Plb plb = new Plb(flow, new SplitMix(4), 10, 0.4, false);
    int e = entropyOf(plb);
    plb.onSent(e, 0);
    plb.onAck(e, false, 9_000);
    plb.onSent(e, 15_000); // timer was cleared: this send starts it again
    plb.onSent(e, 25_000);
    assertThat(plb.repaths()).isZero();
    plb.onSent(e, 25_001);
    assertThat(plb.repaths()).isEqualTo(1);
  }

  @Test
  void intervalsAreDrawnOverTheWholeRange() {
    Plb plb = new Plb(flow, new SplitMix(11), 10, 0.4, false);
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (int i = 0; i < 10_000; i++) {
      plb.onAck(0, false, i);
      min = Math.min(min, plb.interval());
      max = Math.max(max, plb.interval());
    }
    assertThat(min).isGreaterThanOrEqualTo(10 * IPD).isLessThan(10 * IPD + 20);
    assertThat(max).isLessThan(12 * IPD).isGreaterThan(12 * IPD - 20);
  }

  @Test
  void numberedPathIdsStartAtZeroAndTakeTheNextAtEachRepath() {
    flow.rtoPs = 10_000;
    Plb plb = new Plb(flow, new SplitMix(4), 10, 0.4, true);
    assertThat(entropyOf(plb)).isZero();
    plb.onSent(0, 0);
    plb.onSent(0, 10_001); // nothing ACKed for an RTO
    assertThat(entropyOf(plb)).isEqualTo(1);
    for (int i = 0; i < 10; i++) {
      plb.onAck(1, true, 10_002 + i); // every ACK marked from here on
    }
    plb.onAck(1, true, 10_011 + 12 * IPD); // congested for longer than any interval
    assertThat(plb.repaths()).isEqualTo(2);
    assertThat(entropyOf(plb)).isEqualTo(2);
  }
}
