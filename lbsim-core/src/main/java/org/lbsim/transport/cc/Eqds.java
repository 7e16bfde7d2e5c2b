package org.lbsim.transport.cc;

import org.lbsim.net.Packet;
import org.lbsim.transport.PullCredited;

/**
 * EQDS, the edge-queued datagram service (Olteanu et al., NSDI 2022), sender half; the receiver
 * half is each flow's {@code org.lbsim.transport.PullCredit}, served by its host's
 * {@code PullPacer}. The receiver decides when data enters the network: its pacer grants one
 * data packet per pull, at (a fraction of) its own link rate, round-robin over the senders that
 * still want to send, so the last hop never carries more than it can drain and queues stay at
 * the edge (in the sending hosts).
 *
 * <p>A sender starts with {@code initialWindow} packets of speculative credit, which it may send
 * unsolicited at line rate (the first RTT would otherwise be idle); the first ACK or NACK ends
 * speculation, and from then on it sends only on credit from pulls. Every data packet carries the
 * sender's pull target, the cumulative pull number it wants: the pulls granted so far plus its
 * remaining demand, capped at the initial window, minus the credit it still holds — so the
 * receiver keeps about one window of demand per sender and replaces every packet it receives.
 * A sender whose receiver no longer knows it has packets pending (all credit spent, a loss found
 * by a timeout) sends a header-only request to send, at most once per RTT (as the authors'
 * htsim model does). Credit is counted in data packets (one MTU per pull).
 */
public final class Eqds implements PullCredited {
  /** Parameters: the speculative window in packets, the pull rate as a fraction of the link, the line slot. */
  public record Config(long initialWindow, double pullRate, long baseRttPs, long lineSlotPs) {}

  private final Config c;
  private long speculative;
  private long received; // credit from pulls, not yet spent
  private long highestPull;
  private long lastTargetSent;
  private long lastRequestPs = Long.MIN_VALUE / 2;
  private long srttPs;
  private long lastPullPs;
  private boolean started;
  static final int SILENT_RTTS = 4;

  public Eqds(Config c) {
    if (c.initialWindow() < 0 || !(c.pullRate() > 0 && c.pullRate() <= 1)) {
      throw new IllegalArgumentException("EQDS needs an initial window >= 0 and a pull rate in (0, 1], got " + c);
    }
    this.c = c;
    this.speculative = c.initialWindow();
    this.srttPs = c.baseRttPs();
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
  public boolean mayTransmit(long inFlight) {
    return credit() >= 1;
  }

  @Override
  public void onSent(long seq, int bytes, long nowPs) {
    if (!started) {
      started = true;
      lastPullPs = nowPs; // silence is measured from the flow's start
    }
    if (received > 0) {
      received--;
    } else if (speculative > 0) {
      speculative--;
    }
  }

  @Override
  public void onAck(Packet ack, boolean ecn, long rttPs, long nowPs) {
    srttPs = srttPs - srttPs / 8 + rttPs / 8;
    speculative = 0; // the window is bootstrapped: from now on only pulls bring credit
  }

  @Override
  public void onNack(Packet nack, boolean ecn, long rttPs, long nowPs) {
    speculative = 0;
  }

  @Override
  public double creditPullRate() {
    return c.pullRate();
  }

  @Override
  public long pullTarget(long pendingPackets) {
    long target = wanted(pendingPackets);
    lastTargetSent = Math.max(lastTargetSent, target);
    return target;
  }

  /** Pulls granted so far plus the demand still uncovered: min(pending, window) − credit held. */
  private long wanted(long pendingPackets) {
    return highestPull + Math.min(Math.max(0, pendingPackets), Math.max(1, c.initialWindow())) - credit();
  }

  @Override
  public void onPull(long pullNo, long nowPs) {
    if (pullNo > highestPull) {
      received += pullNo - highestPull;
      highestPull = pullNo;
      lastPullPs = nowPs;
    }
  }

  /**
   * Asks when the receiver cannot know the demand (a loss found by a timeout after all credit was
   * spent) or when no pull has come for {@value #SILENT_RTTS} RTTs (pulls lost on the way): the
   * receiver answers a request with a pull at retransmission priority.
   */
  @Override
  public long requestTarget(long pendingPackets, long nowPs) {
    if (pendingPackets <= 0 || credit() >= 1 || nowPs - lastRequestPs < srttPs) {
      return -1;
    }
    long target = wanted(pendingPackets);
    boolean unknown = target > lastTargetSent;
    boolean silent = nowPs - Math.max(lastPullPs, lastRequestPs) >= SILENT_RTTS * srttPs;
    if (!unknown && !silent) {
      return -1; // the receiver knows: its pulls are on their way
    }
    lastRequestPs = nowPs;
    lastTargetSent = Math.max(lastTargetSent, target);
    return target;
  }

  /** Packets this sender may send now: received plus speculative credit. */
  public long credit() {
    return received + speculative;
  }

  long speculativeCredit() {
    return speculative;
  }
}
