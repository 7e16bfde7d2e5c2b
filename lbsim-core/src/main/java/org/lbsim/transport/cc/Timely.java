package org.lbsim.transport.cc;

import org.lbsim.transport.CongestionControl;

/**
 * TIMELY (Mittal et al., SIGCOMM 2015): rate control on the RTT gradient. Once per completion
 * event (every {@code segmentPackets} ACKs) with the newest RTT sample:
 * rtt_diff ← (1 − α)·rtt_diff + α·(rtt − prev_rtt); gradient = rtt_diff / minRTT.
 * rtt < T_low: R += δ. rtt > T_high: R ×= 1 − β·(1 − T_high/rtt). Otherwise a gradient ≤ 0
 * adds N·δ (N = 5 after five such events in a row: hyperactive increase, HAI, else 1) and a
 * positive gradient multiplies R by 1 − β·gradient. R stays in [min rate, line rate].
 */
public final class Timely implements CongestionControl {
  /** Parameters: times in ps, rates in bit/s. */
  public record Config(double alpha, double beta, double deltaBps, long tLowPs, long tHighPs, long minRttPs,
      int segmentPackets, int haiThreshold, double minBps, long lineBps, long lineSlotPs) {}

  private final Config c;
  private double rate;
  private double rttDiff;
  private long prevRtt = -1;
  private int negativeRun;
  private int acks;

  public Timely(Config c) {
    this.c = c;
    this.rate = c.lineBps();
  }

  @Override
  public boolean steadyGap() {
    return true; // the gap follows feedback only
  }

  @Override
  public long pacingGapPs(long nowPs) {
    return Math.max(c.lineSlotPs(), (long) (c.lineSlotPs() * (c.lineBps() / rate)));
  }

  @Override
  public void onAck(org.lbsim.net.Packet ack, boolean ecn, long rttPs, long nowPs) {
    onCoalescedAck(ack, ecn, rttPs, 1, nowPs);
  }

  /** An ACK of {@code packets}: they count towards the segment whose completion is the next event. */
  @Override
  public void onCoalescedAck(org.lbsim.net.Packet ack, boolean ecn, long rttPs, long packets, long nowPs) {
    acks += packets;
    if (acks < c.segmentPackets()) {
      return;
    }
    acks = 0;
    update(rttPs);
  }

  /** One completion event with RTT sample {@code rtt}. */
  void update(long rtt) {
    if (prevRtt < 0) {
      prevRtt = rtt;
      return;
    }
    double newDiff = rtt - prevRtt;
    prevRtt = rtt;
    rttDiff = (1 - c.alpha()) * rttDiff + c.alpha() * newDiff;
    double gradient = rttDiff / c.minRttPs();
    if (rtt < c.tLowPs()) {
      rate += c.deltaBps();
      negativeRun = 0;
    } else if (rtt > c.tHighPs()) {
      rate *= 1 - c.beta() * (1 - (double) c.tHighPs() / rtt);
      negativeRun = 0;
    } else if (gradient <= 0) {
      negativeRun++;
      rate += (negativeRun >= c.haiThreshold() ? 5 : 1) * c.deltaBps();
    } else {
      negativeRun = 0;
      rate *= 1 - c.beta() * gradient;
    }
    rate = Math.max(c.minBps(), Math.min(c.lineBps(), rate));
  }

  public double rateBps() {
    return rate;
  }
}
