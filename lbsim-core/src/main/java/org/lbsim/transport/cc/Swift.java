package org.lbsim.transport.cc;

import org.lbsim.net.Packet;
import org.lbsim.transport.CongestionControl;

/**
 * Swift (Kumar et al., SIGCOMM 2020): delay-based AIMD on a window in packets.
 *
 * <p>Target delay = unloaded RTT + base target + hops × per-hop scaling + flow scaling, where
 * flow scaling α/√cwnd + β is clamped to [0, fs_range] (α, β chosen so it is fs_range at
 * fs_min_cwnd and 0 at fs_max_cwnd): flows with small windows (many flows) tolerate more delay.
 * Below target: cwnd += ai/cwnd per ACK (ai per ACK when cwnd < 1). Above it, at most once per
 * RTT: cwnd ×= max(1 − β·(delay − target)/delay, 1 − max_mdf). A fast-retransmit loss cuts by
 * max_mdf (once per RTT); a timeout cuts by max_mdf, and after {@code retxResetThreshold}
 * consecutive timeouts resets cwnd to its minimum. Below one packet the sender paces one packet
 * per RTT/cwnd.
 */
public class Swift implements CongestionControl {
  /** Parameters; delays in picoseconds. */
  public record Config(double ai, double beta, double maxMdf, long baseRttPs, long baseTargetPs, long hopScalingPs,
      int hops, long fsRangePs, double fsMinCwnd, double fsMaxCwnd, double minCwnd, double maxCwnd,
      double initialCwnd, int retxResetThreshold, long lineSlotPs) {}

  final Config c;
  private final double fsAlpha;
  private final double fsBeta;
  double cwnd;
  private long lastDecreasePs = Long.MIN_VALUE / 2;
  private long srttPs;
  private int retransmits;

  public Swift(Config c) {
    this.c = c;
    this.cwnd = Math.max(c.minCwnd(), Math.min(c.maxCwnd(), c.initialCwnd()));
    double span = 1 / Math.sqrt(c.fsMinCwnd()) - 1 / Math.sqrt(c.fsMaxCwnd());
    this.fsAlpha = c.fsRangePs() / span;
    this.fsBeta = -fsAlpha / Math.sqrt(c.fsMaxCwnd());
    this.srttPs = c.baseRttPs();
  }

  /** The delay this flow aims at with its current window. */
  public long targetDelayPs() {
    double fs = fsAlpha / Math.sqrt(cwnd) + fsBeta;
    fs = Math.max(0, Math.min(c.fsRangePs(), fs));
    return c.baseRttPs() + c.baseTargetPs() + (long) c.hops() * c.hopScalingPs() + (long) fs;
  }

  @Override
  public boolean steadyGap() {
    return true; // the gap follows feedback only
  }

  @Override
  public long pacingGapPs(long nowPs) {
    return Window.gapPs(cwnd, srttPs, c.lineSlotPs());
  }

  @Override
  public boolean windowBased() {
    return true;
  }

  @Override
  public boolean mayTransmit(long inFlight) {
    return Window.admits(cwnd, inFlight);
  }

  @Override
  public void onAck(Packet ack, boolean ecn, long rttPs, long nowPs) {
    onCoalescedAck(ack, ecn, rttPs, 1, nowPs);
  }

  /** An ACK of {@code packets}: Swift's additive increase is per packet acknowledged (num_acked). */
  @Override
  public void onCoalescedAck(Packet ack, boolean ecn, long rttPs, long packets, long nowPs) {
    srttPs = srttPs - srttPs / 8 + rttPs / 8;
    retransmits = 0;
    react(delaySignalPs(rttPs), packets, nowPs);
  }

  /** The delay compared with the target: Swift uses this ACK's own sample. */
  long delaySignalPs(long rttPs) {
    return rttPs;
  }

  /** Additive increase below the target ({@code packets} acknowledged), bounded multiplicative decrease above it. */
  final void react(long delayPs, long packets, long nowPs) {
    long target = targetDelayPs();
    if (delayPs < target) {
      double ai = c.ai() * packets;
      cwnd += cwnd >= 1 ? ai / cwnd : ai;
    } else if (canDecrease(nowPs)) {
      double factor = Math.max(1 - c.beta() * (delayPs - target) / (double) delayPs, 1 - c.maxMdf());
      cwnd *= factor;
      lastDecreasePs = nowPs;
    }
    clamp();
  }

  final boolean canDecrease(long nowPs) {
    return nowPs - lastDecreasePs >= srttPs;
  }

  @Override
  public void onLoss(long packets, long nowPs) {
    retransmits = 0;
    if (canDecrease(nowPs)) {
      cwnd *= 1 - c.maxMdf();
      lastDecreasePs = nowPs;
      clamp();
    }
  }

  @Override
  public void onTimeout(long nowPs) {
    retransmits++;
    if (retransmits >= c.retxResetThreshold()) {
      cwnd = c.minCwnd();
    } else if (canDecrease(nowPs)) {
      cwnd *= 1 - c.maxMdf();
      lastDecreasePs = nowPs;
    }
    clamp();
  }

  private void clamp() {
    cwnd = Math.max(c.minCwnd(), Math.min(c.maxCwnd(), cwnd));
  }

  public double cwnd() {
    return cwnd;
  }
}
