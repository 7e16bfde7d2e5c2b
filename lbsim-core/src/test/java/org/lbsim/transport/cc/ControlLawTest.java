package org.lbsim.transport.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.lbsim.net.Packet;
import org.lbsim.net.PacketExtras;

/** Each congestion control's law against values computed by hand from its paper's equations. */
class ControlLawTest {
  private static final long SLOT = 41_780;
  private static final long US = 1_000_000;

  private static Packet ack(long seq) {
    Packet p = new Packet();
    p.type = Packet.ACK;
    p.seq = seq;
    return p;
  }

  @Test
  void dctcpUpdatesAlphaPerWindowAndCutsOncePerWindow() {
    Dctcp d = new Dctcp(1.0 / 16, 10, 1.0, SLOT);
    for (int s = 0; s < 10; s++) {
      d.onSent(s, 4158, 0);
    }
    d.onAck(ack(0), false, 0, 0); // closes the first window: F = 0/1
    assertThat(d.alpha()).isEqualTo(15.0 / 16);
    assertThat(d.cwnd()).isEqualTo(11); // slow start
    for (int s = 10; s < 20; s++) {
      d.onSent(s, 4158, 0);
    }
    for (int s = 1; s <= 4; s++) {
      d.onAck(ack(s), false, 0, 0);
    }
    assertThat(d.cwnd()).isEqualTo(15);
    d.onAck(ack(5), true, 0, 0); // first mark of the window: cwnd (1 - alpha/2)
    assertThat(d.cwnd()).isEqualTo(15 * (1 - (15.0 / 16) / 2));
    for (int s = 6; s <= 9; s++) {
      d.onAck(ack(s), true, 0, 0); // same window: no second cut
    }
    assertThat(d.cwnd()).isEqualTo(7.96875);
    d.onAck(ack(10), false, 0, 0); // window of 10 ACKs, 5 marked: alpha = (15/16)(15/16) + (1/16)(1/2)
    assertThat(d.alpha()).isEqualTo(0.91015625);
    assertThat(d.cwnd()).isCloseTo(7.96875 + 1 / 7.96875, within(1e-12)); // congestion avoidance
    assertThat(d.mayTransmit(7)).isTrue();
    assertThat(d.mayTransmit(8)).isFalse();
  }

  private static Dcqcn dcqcn(long byteCounter, long timerPs, int f, double aiBps) {
    return new Dcqcn(new Dcqcn.Config(1.0 / 256, 55 * US, timerPs, byteCounter, f, aiBps, 10 * aiBps, 1e8, 100_000_000_000L, SLOT));
  }

  @Test
  void dcqcnCutsOnCnpAndRecoversHalfTheGapPerTimerStage() {
    Dcqcn d = dcqcn(10_485_760, 55 * US, 5, 40e6);
    d.onCnp(0);
    assertThat(d.currentRateBps()).isEqualTo(50e9); // alpha starts at 1: R_C halves
    assertThat(d.targetRateBps()).isEqualTo(100e9);
    assertThat(d.alpha()).isEqualTo(1.0);
    d.advance(55 * US); // alpha timer first, then fast recovery stage 1
    assertThat(d.alpha()).isEqualTo(255.0 / 256);
    assertThat(d.currentRateBps()).isEqualTo(75e9);
    d.advance(110 * US);
    assertThat(d.currentRateBps()).isEqualTo(87.5e9);
    double a = (255.0 / 256) * (255.0 / 256);
    assertThat(d.alpha()).isEqualTo(a);
    d.onCnp(110 * US);
    assertThat(d.targetRateBps()).isEqualTo(87.5e9);
    assertThat(d.currentRateBps()).isEqualTo(87.5e9 * (1 - a / 2));
    assertThat(d.alpha()).isEqualTo((1 - 1.0 / 256) * a + 1.0 / 256);
  }

  @Test
  void dcqcnByteCounterStagesGoFromFastRecoveryToAdditiveIncrease() {
    Dcqcn d = dcqcn(1000, 1_000_000 * US, 2, 1e9);
    d.onCnp(0); // R_C 50G, R_T 100G
    d.onCnp(0); // R_T 50G, R_C 25G (alpha still 1)
    assertThat(d.currentRateBps()).isEqualTo(25e9);
    d.onSent(0, 1000, 1);
    assertThat(d.currentRateBps()).isEqualTo(37.5e9);
    d.onSent(1, 1000, 2);
    assertThat(d.currentRateBps()).isEqualTo(43.75e9);
    d.onSent(2, 1000, 3); // BC = 3 > F = 2, T = 0: additive increase
    assertThat(d.targetRateBps()).isEqualTo(51e9);
    assertThat(d.currentRateBps()).isEqualTo((51e9 + 43.75e9) / 2);
  }

  private static Swift swift(double cwnd) {
    // fs_range 0: the target is fixed, base RTT 5 us + 1 us + 4 hops x 0.1 us = 6.4 us
    return new Swift(new Swift.Config(1, 0.8, 0.5, 5 * US, US, US / 10, 4, 0, 0.1, 100, 0.001, 1000, cwnd, 5, SLOT));
  }

  @Test
  void swiftDecreaseIsProportionalAndBoundedByMaxMdf() {
    Swift s = swift(10);
    assertThat(s.targetDelayPs()).isEqualTo(6_400_000);
    s.onAck(ack(0), false, 12_800_000, 100 * US); // delay = 2 x target: 1 - 0.8 x 1/2 = 0.6
    assertThat(s.cwnd()).isCloseTo(6, within(1e-12));
    Swift t = swift(10);
    t.onAck(ack(0), false, 640_000_000, 100 * US); // 100 x target: 1 - 0.8 x 0.99 < 0.5, bounded
    assertThat(t.cwnd()).isEqualTo(5);
    t.onAck(ack(1), false, 640_000_000, 100 * US + 1); // within one RTT: no second decrease
    assertThat(t.cwnd()).isEqualTo(5);
    t.onAck(ack(2), false, 1_000_000, 100 * US + 2); // below target: + ai / cwnd
    assertThat(t.cwnd()).isEqualTo(5.2);
  }

  @Test
  void swiftFlowScalingRaisesTheTargetForSmallWindows() {
    Swift s = new Swift(new Swift.Config(1, 0.8, 0.5, 5 * US, US, 0, 0, 5 * US, 0.1, 100, 0.001, 1000, 100, 5, SLOT));
    assertThat(s.targetDelayPs()).isEqualTo(6 * US); // at fs_max_cwnd: no flow scaling
    Swift small = new Swift(new Swift.Config(1, 0.8, 0.5, 5 * US, US, 0, 0, 5 * US, 0.1, 100, 0.001, 1000, 0.1, 5, SLOT));
    assertThat(small.targetDelayPs()).isEqualTo(11 * US); // at fs_min_cwnd: the whole range
    assertThat(small.pacingGapPs(0)).isEqualTo(50 * US); // below one packet: RTT / cwnd
  }

  /**
   * retx_reset (5 here) timeouts in a row drop the window to min_cwnd, so the next packet waits
   * srtt / min_cwnd = 1000 smoothed RTTs; an ACK between timeouts restarts the count.
   */
  @Test
  void swiftResetsToMinCwndAfterRetxResetTimeoutsInARow() {
    Swift s = swift(10);
    long t = 100 * US;
    double[] after = {5, 2.5, 1.25, 0.625};
    for (double w : after) {
      s.onTimeout(t);
      assertThat(s.cwnd()).isEqualTo(w); // each cut by max_mdf, at most once per srtt (5 us)
      t += 5 * US;
    }
    s.onTimeout(t);
    assertThat(s.cwnd()).isEqualTo(0.001);
    assertThat(s.pacingGapPs(t)).isEqualTo(5_000 * US); // srtt 5 us / 0.001

    Swift r = swift(10);
    for (int i = 0; i < 4; i++) {
      r.onTimeout(100 * US + i * 5 * US);
    }
    r.onAck(ack(0), false, 5 * US, 121 * US); // below target: + ai (cwnd < 1), count restarts
    r.onTimeout(126 * US);
    assertThat(r.cwnd()).isCloseTo(1.625 * 0.5, within(1e-12));
  }

  @Test
  void mswiftReactsToTheMedianAndIgnoresDuplicateAckLosses() {
    Swift.Config c = new Swift.Config(1, 0.8, 0.5, 5 * US, US, 0, 0, 0, 0.1, 100, 0.001, 1000, 10, 5, SLOT);
    MSwift m = new MSwift(c, 5);
    Swift s = new Swift(c);
    long[] rtts = {5 * US, 5 * US, 5 * US, 5 * US, 50 * US}; // one sample from a congested path
    for (int i = 0; i < rtts.length; i++) {
      m.onAck(ack(i), false, rtts[i], i);
      s.onAck(ack(i), false, rtts[i], i);
    }
    assertThat(s.cwnd()).isLessThan(6); // Swift cut on the latest sample
    assertThat(m.cwnd()).isGreaterThan(10.4); // the median (5 us) is below target: MSwift kept growing
    double before = m.cwnd();
    m.onLoss(3, 100 * US);
    assertThat(m.cwnd()).isEqualTo(before);
    assertThat(MSwift.select(new long[] {9, 1, 8, 2, 7}, 5, 2)).isEqualTo(7);
  }

  @Test
  void hpccWindowFromAnIntRecord() {
    // 100 Gb/s, T = 10 us: W_init = B T = 125 000 B
    Hpcc h = new Hpcc(new Hpcc.Config(0.95, 5, 100, 10 * US, 1000, 125_000, 125_000, SLOT));
    Packet first = intAck(0, 50_000, 0, 0);
    h.onSent(0, 1000, 0);
    h.onAck(first, false, 0, 0);
    assertThat(h.windowBytes()).isEqualTo(125_000); // one record: nothing to compare yet
    h.onSent(5, 1000, 0);
    // 10 us later the port sent 125 000 B (line rate) and holds 25 000 B: u = 25 000/125 000 + 1 = 1.2
    h.onAck(intAck(5, 25_000, 125_000, 10 * US), false, 0, 10 * US);
    assertThat(h.utilization()).isCloseTo(1.2, within(1e-12));
    assertThat(h.windowBytes()).isCloseTo(125_000 / (1.2 / 0.95) + 100, within(1e-6));
    assertThat(h.referenceBytes()).isEqualTo(h.windowBytes()); // first update of this RTT moves W_c
    h.setState(0.5, 100_000, 0);
    h.computeWindow(false);
    assertThat(h.windowBytes()).isEqualTo(100_100); // below eta: additive step, W_c unchanged
    assertThat(h.referenceBytes()).isEqualTo(100_000);
    h.setState(0.5, 50_000, 5);
    h.computeWindow(true);
    assertThat(h.windowBytes()).isCloseTo(50_000 / (0.5 / 0.95) + 100, within(1e-6)); // after maxStage: multiplicative
    h.setState(0.5, 100_000, 5);
    h.computeWindow(true);
    assertThat(h.windowBytes()).isEqualTo(125_000); // never above the line-rate window B T
  }

  private static Packet intAck(long seq, long queue, long tx, long ts) {
    Packet p = ack(seq);
    PacketExtras record = p.intRecord();
    record.intHops = 1;
    record.intPort[0] = 7;
    record.intQueueBytes[0] = queue;
    record.intTxBytes[0] = tx;
    record.intTimePs[0] = ts;
    record.intBitsPerSecond[0] = 100_000_000_000L;
    return p;
  }

  private static Nscc nscc() {
    // base RTT 12 us, target 6 us, BDP 150 kB, MTU 4000 B: a = 1, b = 0.5
    return new Nscc(new Nscc.Config(12 * US, 6 * US, 0.8, 3, 150_000, 1, 4000, SLOT));
  }

  @Test
  void nsccFourQuadrants() {
    double alpha = 4 * 4000 * 1.0 * 0.5 / (6 * US);
    Nscc n = nscc();
    n.feedback(false, 2 * US, 4000, 1000); // no ECN, low delay: proportional increase
    assertThat(n.pendingIncrease()).isCloseTo(alpha * 4000 * (4 * US), within(1e-6));
    Nscc f = nscc();
    f.feedback(false, 8 * US, 4000, 1000); // no ECN, high delay: fair increase 5 MTU a per byte
    assertThat(f.pendingIncrease()).isEqualTo(5 * 4000 * 4000.0);
    Nscc noop = nscc();
    noop.feedback(true, 2 * US, 4000, 1000); // ECN, low delay: no change
    assertThat(noop.pendingIncrease()).isZero();
    assertThat(noop.cwndBytes()).isEqualTo(150_000);
    Nscc md = nscc();
    md.setWindow(100_000);
    md.setAverageDelay(15 * US);
    md.feedback(true, 10 * US, 4000, 1000); // ECN, high delay: cut by gamma (avg - target)/avg
    double avg = 15 * US + 0.0125 * (10 * US - 15 * US);
    assertThat(md.cwndBytes()).isCloseTo(100_000 * (1 - 0.8 * (avg - 6 * US) / avg), within(1e-6));
  }

  @Test
  void mnsccPicksTheQuadrantFromTheMedianDelay() {
    Nscc.Config c = new Nscc.Config(12 * US, 6 * US, 0.8, 3, 150_000, 1, 4000, SLOT);
    MNscc m = new MNscc(c, 5);
    Nscc n = new Nscc(c);
    long[] delays = {2 * US, 2 * US, 2 * US, 2 * US, 20 * US}; // the last ACK came over a congested path
    for (int i = 0; i < 4; i++) {
      m.feedback(false, delays[i], 4000, 1000 + i);
      n.feedback(false, delays[i], 4000, 1000 + i);
    }
    double before = m.pendingIncrease();
    assertThat(before).isEqualTo(n.pendingIncrease()); // equal samples: the median is the sample
    m.feedback(false, delays[4], 4000, 1004);
    n.feedback(false, delays[4], 4000, 1004);
    double alpha = 4 * 4000 * 1.0 * 0.5 / (6 * US);
    // NSCC: fair increase on the 20 us sample; MNSCC: the median (2 us) is below target, proportional increase
    assertThat(n.pendingIncrease() - before).isCloseTo(5 * 4000 * 4000.0, within(1e-3));
    assertThat(m.pendingIncrease() - before).isCloseTo(alpha * 4000 * (4 * US), within(1e-6));
  }

  /**
   * The speculative credit left at the first ACK is never sent on: it turns into demand one packet
   * at a time, whenever a packet sent on pulled credit would not raise the pull target (htsim's
   * EqdsSrc::computePullTarget), so the sender asks for exactly the packets it still has to send.
   */
  @Test
  void eqdsTurnsTheSpeculativeCreditLeftAtTheFirstAckIntoDemandOnePacketAtATime() {
    Eqds e = new Eqds(new Eqds.Config(4, 0.99, 10 * US, SLOT));
    long pending = 5;
    e.onSent(0, 4158, 0);
    assertThat(e.pullTarget(--pending)).isEqualTo(1); // 0 pulls + min(4, 4) - 3 held
    e.onAck(ack(0), false, 10 * US, 10 * US);
    assertThat(e.credit()).isEqualTo(3);
    assertThat(e.mayTransmit(1)).isFalse(); // speculation is over: 3 held, none spendable
    for (long pull = 1; pull <= 4; pull++) {
      e.onPull(pull, (10 + pull) * US);
      assertThat(e.mayTransmit(1)).isTrue();
      e.onSent(pull, 4158, (10 + pull) * US);
      assertThat(e.pullTarget(--pending)).isEqualTo(Math.min(pull + 1, 4));
      assertThat(e.speculativeCredit()).isEqualTo(Math.max(0, 3 - pull));
    }
    assertThat(e.mayTransmit(1)).isFalse();
  }

  /**
   * A flow shorter than its window whose speculation ends early holds only unspendable credit and
   * has asked for nothing: it turns that credit into demand and asks for its remaining packets
   * (htsim's sender stops for good here).
   */
  @Test
  void eqdsWithOnlySpeculativeCreditAndNoPullOwedAsksForWhatItHasLeft() {
    Eqds e = new Eqds(new Eqds.Config(8, 0.99, 10 * US, SLOT));
    e.onSent(0, 4158, 0);
    assertThat(e.pullTarget(2)).isEqualTo(-5); // 0 pulls + min(2, 8) - 7 held: nothing asked
    e.onAck(ack(0), false, 10 * US, 10 * US);
    assertThat(e.mayTransmit(1)).isFalse();
    assertThat(e.requestTarget(2, 10 * US)).isEqualTo(2); // its 2 packets, as pulls
    assertThat(e.credit()).isZero();
    e.onPull(1, 12 * US);
    assertThat(e.mayTransmit(1)).isTrue();
  }

  @Test
  void eqdsSendsItsSpeculativeWindowThenOnlyOnPulls() {
    Eqds e = new Eqds(new Eqds.Config(3, 0.99, 10 * US, SLOT));
    assertThat(e.creditPullRate()).isEqualTo(0.99);
    // 10 packets to send: three unsolicited, each asking for one more pull (target = pulls + min(pending, 3) - credit)
    long pending = 10;
    for (int i = 0; i < 3; i++) {
      assertThat(e.mayTransmit(i)).isTrue();
      e.onSent(i, 4158, 0);
      assertThat(e.pullTarget(--pending)).isEqualTo(i + 1);
    }
    assertThat(e.mayTransmit(3)).isFalse(); // no credit left
    assertThat(e.requestTarget(pending, 0)).isEqualTo(-1); // the receiver knows the demand
    e.onPull(2, 5 * US); // two pulls granted
    assertThat(e.credit()).isEqualTo(2);
    e.onPull(1, 5 * US); // an older pull number, echoed late by an ACK: nothing new
    assertThat(e.credit()).isEqualTo(2);
    e.onSent(3, 4158, 5 * US);
    assertThat(e.pullTarget(--pending)).isEqualTo(2 + 3 - 1); // one window of demand ahead of the grants
    e.onAck(ack(0), false, 10 * US, 10 * US);
    assertThat(e.speculativeCredit()).isZero();
    e.onSent(4, 4158, 10 * US);
    assertThat(e.pullTarget(--pending)).isEqualTo(5);
    // all credit spent; a timeout declares 2 more packets lost: pending 7, target 2 + 3 = 5 already known
    assertThat(e.requestTarget(pending, 11 * US)).isEqualTo(-1);
    // four RTTs without a pull (the pulls were lost): ask again
    assertThat(e.requestTarget(pending, 5 * US + 41 * US)).isEqualTo(5);
    assertThat(e.requestTarget(pending, 5 * US + 42 * US)).isEqualTo(-1); // at most one request per RTT
  }

  @Test
  void nsccQuickAdaptResetsToWhatWasAchieved() {
    Nscc n = nscc();
    n.mayTransmit(10);
    n.onNack(ack(0), false, 0, 0);
    n.feedback(false, 0, 4000, 1000);
    n.feedback(false, 0, 4000, 19 * US); // a QA period (base + target = 18 us) has passed: 8000 B < 225 000 >> 3
    assertThat(n.cwndBytes()).isEqualTo(8000);
  }

  /**
   * A trimmed packet's NACK outside a quick-adapt point takes its bytes off the window and pulls the
   * delay average toward one base RTT (UEC reference simulator, updateCwndOnNack_NSCC); a NACK of an
   * untrimmed packet (IRN's out-of-order NACK) only arms quick adapt.
   */
  @Test
  void nsccTrimmedNackTakesThePacketOffTheWindow() {
    Packet trimmed = ack(0);
    trimmed.type = Packet.NACK;
    trimmed.trimmed = true;
    Nscc n = nscc();
    n.onNack(trimmed, false, 0, 1000);
    assertThat(n.cwndBytes()).isEqualTo(150_000 - 4000);
    assertThat(n.averageDelayPs()).isCloseTo(0.0125 * 12 * US, within(1e-6));
    Packet outOfOrder = ack(1);
    outOfOrder.type = Packet.NACK;
    Nscc m = nscc();
    m.onNack(outOfOrder, false, 0, 1000);
    assertThat(m.cwndBytes()).isEqualTo(150_000);
    assertThat(m.averageDelayPs()).isZero();
  }

  @Test
  void timelyGradientAndThresholds() {
    Timely t = new Timely(new Timely.Config(0.875, 0.8, 1e9, 8 * US, 12 * US, 5 * US, 1, 5, 1e8, 100_000_000_000L, SLOT));
    t.update(9 * US); // first sample only sets prev_rtt
    t.update(10 * US); // diff 1 us: rtt_diff = 0.875 us, gradient 0.175: R x (1 - 0.8 x 0.175)
    assertThat(t.rateBps()).isCloseTo(100e9 * (1 - 0.8 * 0.175), within(1.0));
    double r = t.rateBps();
    t.update(20 * US); // above T_high: R x (1 - 0.8 (1 - 12/20))
    assertThat(t.rateBps()).isCloseTo(r * (1 - 0.8 * 0.4), within(1.0));
    r = t.rateBps();
    t.update(7 * US); // below T_low: + delta
    assertThat(t.rateBps()).isCloseTo(r + 1e9, within(1.0));
  }

  /** One ACK that acknowledges several packets (receivers that coalesce ACKs) credits every one of them. */
  @Test
  void nsccCreditsTheBytesOfEveryPacketACoalescedAckAcknowledges() {
    // a sample 2 us above the 12 us base is below the 6 us target: a proportional increase per byte
    double alpha = 4 * 4000 * 1.0 * 0.5 / (6 * US);
    Nscc n = nscc();
    n.onCoalescedAck(ack(3), false, 14 * US, 4, 1000);
    assertThat(n.pendingIncrease()).isCloseTo(alpha * 16_000 * (4 * US), within(1e-3));
  }

  @Test
  void dctcpCountsEveryPacketACoalescedAckAcknowledges() {
    Dctcp d = new Dctcp(1.0 / 16, 10, 1.0, SLOT);
    for (int s = 0; s < 10; s++) {
      d.onSent(s, 4158, 0);
    }
    d.onCoalescedAck(ack(3), false, 0, 4, 0); // closes the first window: F = 0/4
    assertThat(d.alpha()).isEqualTo(15.0 / 16);
    assertThat(d.cwnd()).isEqualTo(14); // slow start: one packet per packet acknowledged
    d.onCoalescedAck(ack(4), false, 0, 0, 0); // an ACK that acknowledges nothing new changes no count
    assertThat(d.cwnd()).isEqualTo(14);
    assertThat(d.alpha()).isEqualTo(15.0 / 16);
  }

  @Test
  void swiftGrowsByItsAdditiveStepPerPacketACoalescedAckAcknowledges() {
    Swift s = swift(5); // target 6.4 us; a 1 us sample is below it: + ai x 4 / cwnd
    s.onCoalescedAck(ack(3), false, US, 4, 100 * US);
    assertThat(s.cwnd()).isCloseTo(5.8, within(1e-12));
  }
}
