package org.lbsim.transport.cc;

import org.lbsim.net.Packet;
import org.lbsim.transport.CongestionControl;

/**
 * DCTCP (Alizadeh et al., SIGCOMM 2010; RFC 8257). Once per window of data the sender updates
 * the fraction of CE-marked ACKs, α ← (1 − g)·α + g·F, and on the first marked ACK of a window
 * cuts cwnd ← cwnd·(1 − α/2). Without marks the window grows as TCP's: +1 per ACK below
 * ssthresh, +1/cwnd per ACK above it. Fast-retransmit losses halve the window (at most once per
 * window), a timeout resets it to one packet. Windows are in packets.
 */
public final class Dctcp implements CongestionControl {
  private final double g;
  private final long lineSlotPs;
  private double cwnd;
  private double ssthresh;
  private double alpha;
  private long acked;
  private long marked;
  private long windowEnd; // the ACK of this sequence closes the observation window
  private long nextSeq; // one past the highest sequence sent
  private long cutWindowEnd = -1; // a cut is allowed once an ACK for this sequence (sent after the last cut) arrives
  private long highestAcked = -1;

  public Dctcp(double g, double initialCwnd, double initialAlpha, long lineSlotPs) {
    this.g = g;
    this.cwnd = initialCwnd;
    this.ssthresh = Double.MAX_VALUE;
    this.alpha = initialAlpha;
    this.lineSlotPs = lineSlotPs;
  }

  @Override
  public boolean steadyGap() {
    return true; // the gap follows feedback only
  }

  @Override
  public long pacingGapPs(long nowPs) {
    return lineSlotPs;
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
  public void onSent(long seq, int bytes, long nowPs) {
    nextSeq = Math.max(nextSeq, seq + 1);
  }

  @Override
  public void onAck(Packet ack, boolean ecn, long rttPs, long nowPs) {
    onCoalescedAck(ack, ecn, rttPs, 1, nowPs);
  }

  /**
   * An ACK that acknowledges {@code packets}: they count towards the marked fraction (all marked
   * or none, as the ACK says) and each grows the window as its own ACK would (RFC 8257 counts
   * acknowledged bytes).
   */
  @Override
  public void onCoalescedAck(Packet ack, boolean ecn, long rttPs, long packets, long nowPs) {
    acked += packets;
    highestAcked = Math.max(highestAcked, ack.seq);
    if (ecn) {
      marked += packets;
    }
    if (ack.seq >= windowEnd && acked > 0) {
      alpha = (1 - g) * alpha + g * ((double) marked / acked);
      acked = 0;
      marked = 0;
      windowEnd = nextSeq;
    }
    if (ecn) {
      if (ack.seq >= cutWindowEnd) {
        cwnd = Math.max(1, cwnd * (1 - alpha / 2));
        ssthresh = cwnd;
        cutWindowEnd = nextSeq;
      }
    } else if (cwnd < ssthresh) {
      cwnd += packets;
    } else {
      cwnd += packets / cwnd;
    }
  }

  @Override
  public void onLoss(long packets, long nowPs) {
    if (highestAcked >= cutWindowEnd) {
      cwnd = Math.max(1, cwnd / 2);
      ssthresh = cwnd;
      cutWindowEnd = nextSeq;
    }
  }

  @Override
  public void onTimeout(long nowPs) {
    ssthresh = Math.max(2, cwnd / 2);
    cwnd = 1;
    cutWindowEnd = nextSeq;
  }

  public double cwnd() {
    return cwnd;
  }

  public double alpha() {
    return alpha;
  }
}
