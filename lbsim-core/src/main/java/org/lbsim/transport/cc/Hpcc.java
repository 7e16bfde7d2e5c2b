package org.lbsim.transport.cc;

import org.lbsim.net.Packet;
import org.lbsim.net.PacketExtras;
import org.lbsim.transport.CongestionControl;

/**
 * HPCC (Li et al., SIGCOMM 2019): a window in bytes computed from in-band telemetry. Every
 * switch egress stamps data packets with its queue, cumulative tx bytes, time and rate; the
 * ACK echoes the record. Per hop j, with the previous ACK's record of the same port:
 * u_j = min(q_j, q'_j)/(B_j·T) + txRate_j/B_j; U is the largest u_j, smoothed as
 * U ← (1 − τ/T)·U + (τ/T)·u (τ = that hop's time between the two records, at most T).
 * The window is W = W_c/(U/η) + W_AI when U ≥ η or after maxStage additive steps, else
 * W = W_c + W_AI; the reference window W_c takes W only once per RTT (when the ACK's sequence
 * passes the one sent when W_c was last set), so per-ACK reactions do not compound. The sender
 * keeps W bytes in flight and paces at W/T.
 *
 * <p>Under per-packet spraying consecutive records may come from different ports at the same
 * hop; the tx-rate term needs two records of one port, so a hop whose port changed contributes
 * only its queue term (our adaptation; with one path per flow it is the paper's rule).
 */
public final class Hpcc implements CongestionControl {
  /**
   * Parameters: T (ps; by default the base RTT), bytes per data packet, the line-rate window
   * B·T (the most in flight), the first window.
   */
  public record Config(double eta, int maxStage, double waiBytes, long baseRttPs, int dataBytes, double maxWindowBytes,
      double initialWindowBytes, long lineSlotPs) {}

  private final Config c;
  private double window;
  private double reference;
  private double u;
  private int incStage;
  private long lastUpdateSeq = -1;
  private long nextSeq;
  private int lastHops;
  private final int[] lastPort = new int[Packet.INT_MAX_HOPS];
  private final long[] lastQueue = new long[Packet.INT_MAX_HOPS];
  private final long[] lastTx = new long[Packet.INT_MAX_HOPS];
  private final long[] lastTime = new long[Packet.INT_MAX_HOPS];

  public Hpcc(Config c) {
    this.c = c;
    this.window = c.initialWindowBytes();
    this.reference = c.initialWindowBytes();
  }

  @Override
  public boolean steadyGap() {
    return true; // the gap follows feedback only
  }

  @Override
  public long pacingGapPs(long nowPs) {
    // rate W/T: one data packet every dataBytes·T/W
    return Math.max(c.lineSlotPs(), (long) (c.dataBytes() * (double) c.baseRttPs() / window));
  }

  @Override
  public boolean windowBased() {
    return true;
  }

  @Override
  public boolean mayTransmit(long inFlight) {
    return inFlight == 0 || (inFlight + 1) * (double) c.dataBytes() <= window;
  }

  @Override
  public void onSent(long seq, int bytes, long nowPs) {
    nextSeq = Math.max(nextSeq, seq + 1);
  }

  @Override
  public void onAck(Packet ack, boolean ecn, long rttPs, long nowPs) {
    int hops = ack.intHops();
    if (hops == 0) {
      return; // no telemetry on this path (INT stamping off)
    }
    PacketExtras record = ack.extras();
    if (lastHops > 0) {
      double util = 0;
      long tau = 0;
      for (int j = 0; j < Math.min(hops, lastHops); j++) {
        double bytesPerPs = record.intBitsPerSecond[j] / 8e12;
        double bdp = bytesPerPs * c.baseRttPs();
        double uj;
        long dt = record.intTimePs[j] - lastTime[j];
        if (record.intPort[j] == lastPort[j] && dt > 0) {
          double txRate = (record.intTxBytes[j] - lastTx[j]) / (double) dt;
          uj = Math.min(record.intQueueBytes[j], lastQueue[j]) / bdp + txRate / bytesPerPs;
        } else {
          uj = record.intQueueBytes[j] / bdp;
          dt = Math.max(0, dt);
        }
        if (uj > util) {
          util = uj;
          tau = dt;
        }
      }
      tau = Math.min(tau, c.baseRttPs());
      double w = (double) tau / c.baseRttPs();
      u = (1 - w) * u + w * util;
      boolean updateReference = ack.seq > lastUpdateSeq;
      computeWindow(updateReference);
      if (updateReference) {
        lastUpdateSeq = nextSeq;
      }
    }
    remember(ack);
  }

  /** The paper's ComputeWind: multiplicative when utilization reaches η or after maxStage additive steps. */
  void computeWindow(boolean updateReference) {
    double w;
    if (u >= c.eta() || incStage >= c.maxStage()) {
      w = reference / (u / c.eta()) + c.waiBytes();
      if (updateReference) {
        incStage = 0;
        reference = clamp(w);
      }
    } else {
      w = reference + c.waiBytes();
      if (updateReference) {
        incStage++;
        reference = clamp(w);
      }
    }
    window = clamp(w);
  }

  private double clamp(double w) {
    return Math.max(c.waiBytes(), Math.min(c.maxWindowBytes(), w));
  }

  private void remember(Packet ack) {
    lastHops = ack.intHops();
    PacketExtras record = ack.extras();
    for (int j = 0; j < lastHops; j++) {
      lastPort[j] = record.intPort[j];
      lastQueue[j] = record.intQueueBytes[j];
      lastTx[j] = record.intTxBytes[j];
      lastTime[j] = record.intTimePs[j];
    }
  }

  /** For tests: sets the smoothed utilization, reference window and stage, then runs ComputeWind. */
  void setState(double utilization, double referenceBytes, int stage) {
    this.u = utilization;
    this.reference = referenceBytes;
    this.incStage = stage;
  }

  public double windowBytes() {
    return window;
  }

  public double referenceBytes() {
    return reference;
  }

  public double utilization() {
    return u;
  }
}
