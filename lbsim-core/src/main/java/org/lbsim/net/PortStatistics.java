package org.lbsim.net;

/**
 * What an {@link EgressPort} has done so far, read from the port's own fields at the moment of
 * each call: counters, the queue's maximum and time-average, the line's use and capacity. The
 * port updates those fields on its hot path and carries no statistics object; this view is made
 * on demand ({@link EgressPort#statistics()}) by whoever reads them (result files, samplers,
 * invariants, diagnostics). Each call first plays the departures the port has computed ahead
 * and not yet accounted (see {@link EgressPort}, "Departures computed on arrival").
 */
public final class PortStatistics {
  private final EgressPort port;

  PortStatistics(EgressPort port) {
    this.port = port;
  }

  /**
   * The most bytes this port can hold, the packet being serialized included: its buffer; when it
   * trims, also twice that for the header queue, whose admission leaves out a header being
   * serialized, so one header more; Long.MAX_VALUE for an unbounded buffer (a host NIC).
   */
  public long queueLimitBytes() {
    if (port.capacityBytes == Long.MAX_VALUE) {
      return Long.MAX_VALUE;
    }
    return port.trimming == null ? port.capacityBytes : 3 * port.capacityBytes + port.trimming.headerBytes;
  }

  public long maxQueueBytes() {
    return port.maxQueueBytes;
  }

  /** Time-averaged queued bytes over [0, endPs]. */
  public double meanQueueBytes(long endPs) {
    port.catchUp(port.now());
    if (endPs <= 0) {
      return 0;
    }
    long area = port.byteTimeArea + port.waitingBytes() * Math.max(0, endPs - port.lastChangePs);
    return (double) area / endPs;
  }

  /**
   * The queued byte-time over [0, now]: the area {@link #meanQueueBytes} integrates, without the
   * share of the packet being serialized that lies after now.
   */
  public long queueAreaUntilNow() {
    long now = port.now();
    port.catchUp(now);
    return port.byteTimeArea + port.waitingBytes() * (now - port.lastChangePs)
        - port.servingBytes * Math.max(0, port.servingEndPs - now);
  }

  /**
   * The bytes this port's line carried over [0, now], gaps included: every started packet and
   * its gap, less the part of the serving packet and its gap that lies after now.
   */
  public double lineBytesUntilNow() {
    long now = port.now();
    port.catchUp(now);
    long onWire = port.bytesSent + port.packetsSent * port.config.gapBytes();
    long overhangPs = Math.max(0, port.servingEndPs + port.gapPs - now);
    return onWire - overhangPs * (port.config.bitsPerSecond() / 8e12);
  }

  /** The bytes this port's line could have carried over [0, now], at the rates it had. */
  public double lineCapacityUntilNow() {
    long now = port.now();
    long rate = port.config.bitsPerSecond();
    return port.faults == null ? rate / 8e12 * now : port.faults.lineCapacityUntil(now, rate);
  }

  public long packetsSent() {
    port.catchUp(port.now());
    return port.packetsSent;
  }

  public long bytesSent() {
    port.catchUp(port.now());
    return port.bytesSent;
  }

  public long drops() {
    port.catchUp(port.now());
    return port.drops;
  }

  public long ecnMarks() {
    port.catchUp(port.now());
    return port.ecnMarks;
  }

  /** Data packets whose payload this port cut off. */
  public long trims() {
    return port.trimming == null ? 0 : port.trimming.trims();
  }

  /** Trimmed headers this port returned to their senders. */
  public long returns() {
    return port.trimming == null ? 0 : port.trimming.returns();
  }

  /** PFC frames (XOFF and XON) the next switch sent to pause and resume this port. */
  public long pauseFrames() {
    return port.pfc == null ? 0 : port.pfc.pauseFrames();
  }

  /** Time this port spent paused by PFC, up to {@code endPs}. */
  public long pausedPs(long endPs) {
    return port.pfc == null ? 0 : port.pfc.pausedPs(endPs);
  }

  /** PFC pause frames (XOFF and XON) this port serialized towards the port it pauses. */
  public long controlFramesSent() {
    return port.pauseFrames == null ? 0 : port.pauseFrames.sent();
  }
}
