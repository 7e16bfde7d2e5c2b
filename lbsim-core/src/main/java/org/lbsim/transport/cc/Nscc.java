package org.lbsim.transport.cc;

import org.lbsim.net.Packet;
import org.lbsim.transport.CongestionControl;

/**
 * UEC NSCC, the Ultra Ethernet sender-side congestion control (UEC 1.0 specification; the
 * constants and batching follow the UEC reference simulator). A window in bytes driven by two
 * signals per ACK, the queueing delay d = rtt − base RTT and the ECN echo:
 * <ul>
 *   <li>no ECN, d &lt; target: proportional increase, inc += α·acked·(target − d);
 *   <li>no ECN, d ≥ target: fair increase, inc += fi·acked (the queue is draining);
 *   <li>ECN, d ≥ target: multiplicative decrease, at most once per base RTT,
 *       cwnd ×= max(1 − γ·(avg − target)/avg, 0.5) with avg the slow delay average;
 *   <li>ECN, d &lt; target: no change (one hot path: the load balancer steers around it).
 * </ul>
 * Increases accumulate and are applied every 8 MTU of ACKed data or one base RTT as
 * cwnd += inc/cwnd + η (fair: small windows grow faster). The delay average uses gain 1/80 and
 * counts an unmarked sample above target as base RTT/4. Quick adapt: every base RTT + target,
 * if a NACK or loss was seen or a delay exceeded 4·target while the bytes acknowledged in that
 * period are below maxwnd/8, cwnd becomes those bytes and the feedback of packets already in
 * flight is ignored. cwnd stays in [1 MTU, 1.5·BDP].
 *
 * <p>Constants scale with the network as in the reference: a = BDP / 150 kB and
 * b = target / 12 µs (the reference network's), fi = 5·MTU·a, η = 0.15·MTU·a, α = 4·MTU·a·b/target.
 */
public class Nscc implements CongestionControl {
  static final double REFERENCE_BDP_BYTES = 150_000;
  static final double REFERENCE_RTT_PS = 12_000_000;
  static final double DELAY_GAIN = 0.0125;

  /** Parameters: times in ps, sizes in bytes. */
  public record Config(long baseRttPs, long targetPs, double gamma, int qaGate, double bdpBytes, double initialBdps,
      int mtuBytes, long lineSlotPs) {}

  final Config c;
  private final double maxWindow;
  private final double alpha;
  private final double fairIncrease;
  private final double eta;
  private double cwnd;
  private double inc;
  private long ackedSinceAdjust;
  private long lastAdjustPs;
  private long lastDecreasePs = Long.MIN_VALUE / 2;
  private double avgDelayPs;
  // quick adapt
  private long qaPeriodStartPs;
  private long achievedBytes;
  private boolean qaTrigger;
  private long bytesToIgnore;
  private long inFlightPackets;

  public Nscc(Config c) {
    this.c = c;
    this.maxWindow = 1.5 * c.bdpBytes();
    double a = c.bdpBytes() / REFERENCE_BDP_BYTES;
    double b = c.targetPs() / REFERENCE_RTT_PS;
    this.fairIncrease = 5 * c.mtuBytes() * a;
    this.eta = 0.15 * c.mtuBytes() * a;
    this.alpha = 4 * c.mtuBytes() * a * b / c.targetPs();
    this.cwnd = Math.min(maxWindow, c.initialBdps() * c.bdpBytes());
  }

  @Override
  public boolean steadyGap() {
    return true; // the gap follows feedback only
  }

  @Override
  public long pacingGapPs(long nowPs) {
    return c.lineSlotPs();
  }

  @Override
  public boolean windowBased() {
    return true;
  }

  @Override
  public boolean mayTransmit(long inFlight) {
    inFlightPackets = inFlight;
    return inFlight == 0 || (inFlight + 1) * (double) c.mtuBytes() <= cwnd;
  }

  @Override
  public void onAck(Packet ack, boolean ecn, long rttPs, long nowPs) {
    feedback(ecn, rttPs - c.baseRttPs(), c.mtuBytes(), nowPs);
  }

  /** A coalesced ACK: the packets it newly acknowledges, as bytes, with its one delay sample and mark. */
  @Override
  public void onCoalescedAck(Packet ack, boolean ecn, long rttPs, long packets, long nowPs) {
    feedback(ecn, rttPs - c.baseRttPs(), (int) Math.min(Integer.MAX_VALUE, packets * c.mtuBytes()), nowPs);
  }

  /**
   * A NACK triggers quick adapt. A trimmed packet's NACK also counts as a delay sample of one base
   * RTT (the queue that trimmed it was full) and, unless its bytes are feedback to skip or quick
   * adapt fires now, takes the packet's bytes off the window (the UEC reference simulator's
   * {@code UecSrc::updateCwndOnNack_NSCC}).
   */
  @Override
  public void onNack(Packet nack, boolean ecn, long rttPs, long nowPs) {
    qaTrigger = true;
    if (!nack.trimmed) {
      return;
    }
    avgDelayPs += DELAY_GAIN * (c.baseRttPs() - avgDelayPs);
    if (bytesToIgnore > 0) {
      bytesToIgnore -= c.mtuBytes();
      return;
    }
    if (quickAdapt(nowPs)) {
      return;
    }
    cwnd -= c.mtuBytes();
    clamp();
  }

  @Override
  public void onLoss(long packets, long nowPs) {
    qaTrigger = true;
  }

  @Override
  public void onTimeout(long nowPs) {
    qaTrigger = true;
  }

  /** One ACK of {@code bytes} with queueing delay {@code delayPs} (may be negative: no queue). */
  void feedback(boolean ecn, long delayPs, int bytes, long nowPs) {
    long delay = Math.max(0, delaySignalPs(delayPs));
    long target = c.targetPs();
    avgDelayPs += DELAY_GAIN * ((!ecn && delay > target ? c.baseRttPs() / 4.0 : delay) - avgDelayPs);
    achievedBytes += bytes;
    if (delay > 4 * target) {
      qaTrigger = true;
    }
    if (quickAdapt(nowPs)) {
      return;
    }
    if (bytesToIgnore > 0) {
      bytesToIgnore -= bytes; // feedback from packets sent before the quick adapt
      return;
    }
    if (!ecn && delay < target) {
      inc += alpha * bytes * (target - delay);
    } else if (!ecn) {
      inc += fairIncrease * bytes;
    } else if (delay >= target) {
      multiplicativeDecrease(nowPs);
    }
    ackedSinceAdjust += bytes;
    if (ackedSinceAdjust > 8L * c.mtuBytes() || nowPs - lastAdjustPs > c.baseRttPs()) {
      cwnd += inc / cwnd + eta;
      inc = 0;
      ackedSinceAdjust = 0;
      lastAdjustPs = nowPs;
    }
    clamp();
  }

  /** The queueing delay the quadrants compare with the target: NSCC uses this ACK's own sample. */
  long delaySignalPs(long delayPs) {
    return delayPs;
  }

  private void multiplicativeDecrease(long nowPs) {
    if (avgDelayPs > c.targetPs() && nowPs - lastDecreasePs > c.baseRttPs()) {
      cwnd *= Math.max(1 - c.gamma() * (avgDelayPs - c.targetPs()) / avgDelayPs, 0.5);
      lastDecreasePs = nowPs;
    }
  }

  private boolean quickAdapt(long nowPs) {
    if (nowPs - qaPeriodStartPs < c.baseRttPs() + c.targetPs()) {
      return false;
    }
    boolean fired = false;
    if (qaTrigger && achievedBytes < ((long) maxWindow >> c.qaGate())) {
      cwnd = Math.max(achievedBytes, c.mtuBytes());
      bytesToIgnore = inFlightPackets * c.mtuBytes();
      inc = 0;
      fired = true;
    }
    qaTrigger = false;
    achievedBytes = 0;
    qaPeriodStartPs = nowPs;
    return fired;
  }

  private void clamp() {
    cwnd = Math.max(c.mtuBytes(), Math.min(maxWindow, cwnd));
  }

  public double cwndBytes() {
    return cwnd;
  }

  public double averageDelayPs() {
    return avgDelayPs;
  }

  /** For tests: the window and pending increase as they stand. */
  void setWindow(double bytes) {
    cwnd = bytes;
  }

  void setAverageDelay(double ps) {
    avgDelayPs = ps;
  }

  double pendingIncrease() {
    return inc;
  }
}
