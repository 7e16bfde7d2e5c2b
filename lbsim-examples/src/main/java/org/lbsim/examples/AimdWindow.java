package org.lbsim.examples;

import org.lbsim.net.Packet;
import org.lbsim.transport.CongestionControl;

/**
 * A simple AIMD window: paced at line rate, at most {@code cwnd} packets in flight; each ACK
 * adds {@code ai / cwnd} (so {@code ai} packets per window), and an ECN-marked ACK, a loss or a
 * timeout multiplies the window by {@code md}, at most once per window of packets.
 */
final class AimdWindow implements CongestionControl {
  private final long lineSlotPs;
  private final double ai;
  private final double md;
  private double cwnd;
  private long sent;
  /** No decrease until this many packets have been sent: one decrease per window. */
  private long holdUntil;

  AimdWindow(long lineSlotPs, double initialWindow, double ai, double md) {
    this.lineSlotPs = lineSlotPs;
    this.cwnd = initialWindow;
    this.ai = ai;
    this.md = md;
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
  public boolean mayTransmit(long inFlight) {
    return inFlight < cwnd;
  }

  @Override
  public void onSent(long seq, int bytes, long nowPs) {
    sent++;
  }

  @Override
  public void onAck(Packet ack, boolean ecn, long rttPs, long nowPs) {
    if (ecn) {
      decrease();
    } else {
      cwnd += ai / cwnd;
    }
  }

  @Override
  public void onLoss(long packets, long nowPs) {
    decrease();
  }

  @Override
  public void onTimeout(long nowPs) {
    decrease();
  }

  private void decrease() {
    if (sent >= holdUntil) {
      cwnd = Math.max(1, cwnd * md);
      holdUntil = sent + (long) Math.ceil(cwnd);
    }
  }
}
