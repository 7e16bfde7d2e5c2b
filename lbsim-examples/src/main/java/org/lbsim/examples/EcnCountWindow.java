package org.lbsim.examples;

import org.lbsim.net.Packet;
import org.lbsim.transport.CongestionControl;

/**
 * The sender of {@code ecn-count}: DCTCP's window law (Alizadeh et al., "Data Center TCP",
 * SIGCOMM 2010; RFC 8257) on the counts its receiver part, {@link EcnCounter}, feeds back in
 * control packets, instead of on the CE echo of each ACK. Once the receiver has counted a
 * window's worth of packets (cwnd when that window began), α ← (1 − g)·α + g·F, F the fraction
 * of them marked; a control packet reporting new marks cuts cwnd ← cwnd·(1 − α/2), at most once
 * per window (until the receiver has counted as many packets as had been sent at the cut).
 * ACKs grow the window as TCP's: +1 per acknowledged packet below ssthresh, +1/cwnd above it;
 * their CE echo is not read. A loss halves the window, at most once per window; a timeout resets
 * it to one packet. Paced at line rate; windows are in packets.
 */
final class EcnCountWindow implements CongestionControl {
  private final double g;
  private final long lineSlotPs;
  private double cwnd;
  private double ssthresh = Double.MAX_VALUE;
  private double alpha;
  /** Data packets sent, resends included. */
  private long sent;
  /** The counts of the newest control packet (modulo 2^32, as the word carries them). */
  private long lastArrived;
  private long lastMarked;
  /** Arrivals the receiver has reported, in all. */
  private long reported;
  /** Arrivals and marks reported in the current observation window, which closes at {@link #windowSize} arrivals. */
  private long windowArrived;
  private long windowMarked;
  private double windowSize;
  /** No further cut until {@link #reported} reaches it. */
  private long cutUntil;

  EcnCountWindow(double g, double initialCwnd, long lineSlotPs) {
    this.g = g;
    this.cwnd = initialCwnd;
    this.windowSize = initialCwnd;
    this.alpha = 1; // RFC 8257, section 3.3: alpha starts at 1
    this.lineSlotPs = lineSlotPs;
  }

  @Override
  public long pacingGapPs(long nowPs) {
    return lineSlotPs;
  }

  @Override
  public boolean steadyGap() {
    return true;
  }

  @Override
  public boolean windowBased() {
    return true;
  }

  @Override
  public boolean mayTransmit(long inFlight) {
    return inFlight < Math.max(1L, (long) cwnd);
  }

  @Override
  public void onSent(long seq, int bytes, long nowPs) {
    sent++;
  }

  @Override
  public void onAck(Packet ack, boolean ecn, long rttPs, long nowPs) {
    grow(1);
  }

  @Override
  public void onCoalescedAck(Packet ack, boolean ecn, long rttPs, long packets, long nowPs) {
    grow(packets);
  }

  private void grow(long packets) {
    cwnd += cwnd < ssthresh ? packets : packets / cwnd;
  }

  /** A control packet of the receiver part: its counts since the previous one drive α and the cut. */
  @Override
  public void onControl(Packet control, long nowPs) {
    long word = control.designWord();
    long arrived = EcnCounter.since(lastArrived, EcnCounter.arrived(word));
    if (arrived <= 0) {
      return; // nothing new: an older report overtaken by a newer one
    }
    long marked = EcnCounter.since(lastMarked, EcnCounter.marked(word));
    lastArrived = EcnCounter.arrived(word);
    lastMarked = EcnCounter.marked(word);
    reported += arrived;
    windowArrived += arrived;
    windowMarked += marked;
    if (windowArrived >= windowSize) {
      alpha = (1 - g) * alpha + g * ((double) windowMarked / windowArrived);
      windowArrived = 0;
      windowMarked = 0;
      windowSize = Math.max(1, cwnd);
    }
    if (marked > 0 && reported >= cutUntil) {
      cut(1 - alpha / 2);
    }
  }

  @Override
  public void onLoss(long packets, long nowPs) {
    if (reported >= cutUntil) {
      cut(0.5);
    }
  }

  @Override
  public void onTimeout(long nowPs) {
    ssthresh = Math.max(2, cwnd / 2);
    cwnd = 1;
    cutUntil = sent;
  }

  private void cut(double factor) {
    cwnd = Math.max(1, cwnd * factor);
    ssthresh = cwnd;
    cutUntil = sent;
  }

  double cwnd() {
    return cwnd;
  }

  double alpha() {
    return alpha;
  }
}
