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
 * unsolicited at line rate (the first RTT would otherwise be idle); the first ACK, NACK or PULL
 * ends speculation, and from then on it sends only on credit from pulls. Every data packet
 * carries the sender's pull target, the cumulative pull number it wants: the pulls granted so far
 * plus its remaining demand, capped at the initial window, minus the credit it holds, speculative
 * credit included — so the receiver keeps about one window of demand per sender and replaces
 * every packet it receives. The speculative credit left when speculation ends is never sent on;
 * it turns into demand one packet at a time, whenever a data packet would otherwise leave without
 * raising the target (as the authors' htsim model does: {@code EqdsSrc::computePullTarget}).
 * A sender whose receiver no longer knows it has packets pending (all credit spent, a loss found
 * by a timeout) sends a header-only request to send, at most once per RTT (as the authors' htsim
 * model does). Credit is counted in data packets (one MTU per pull), and pulled credit is held up
 * to one window ({@code EqdsSrc::handlePull}). A receiver with no one else to pull keeps pulling a
 * sender whose demand it has met, up to one window beyond it ({@link #idlePulls}).
 */
public final class Eqds implements PullCredited {
  /** Parameters: the speculative window in packets, the pull rate as a fraction of the link, the line slot. */
  public record Config(long initialWindow, double pullRate, long baseRttPs, long lineSlotPs) {}

  private final Config c;
  private long speculative;
  private boolean speculating = true;
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
    return spendable() >= 1;
  }

  @Override
  public void onSent(long seq, int bytes, long nowPs) {
    if (!started) {
      started = true;
      lastPullPs = nowPs; // silence is measured from the flow's start
    }
    if (received > 0) {
      received--;
    } else if (speculating && speculative > 0) {
      speculative--;
    }
  }

  @Override
  public void onAck(Packet ack, boolean ecn, long rttPs, long nowPs) {
    srttPs = srttPs - srttPs / 8 + rttPs / 8;
    speculating = false; // the window is bootstrapped: from now on only pulls bring credit
  }

  @Override
  public void onNack(Packet nack, boolean ecn, long rttPs, long nowPs) {
    speculating = false;
  }

  @Override
  public double creditPullRate() {
    return c.pullRate();
  }

  @Override
  public long pullTarget(long pendingPackets) {
    long target = wanted(pendingPackets);
    if (!speculating && target <= lastTargetSent && speculative > 0) {
      speculative--; // a packet's worth of unspendable speculative credit becomes demand
      target++;
    }
    lastTargetSent = Math.max(lastTargetSent, target);
    return target;
  }

  /** Pulls granted so far plus the demand still uncovered: min(pending, window) − credit held. */
  private long wanted(long pendingPackets) {
    return highestPull + Math.min(Math.max(0, pendingPackets), Math.max(1, c.initialWindow())) - credit();
  }

  @Override
  public void onPull(long pullNo, long nowPs) {
    speculating = false;
    if (pullNo > highestPull) {
      received = Math.min(received + pullNo - highestPull, Math.max(1, c.initialWindow()));
      highestPull = pullNo;
      lastPullPs = nowPs;
    }
  }

  @Override
  public long idlePulls() {
    return c.initialWindow();
  }

  /**
   * Asks when the receiver cannot know the demand (a loss found by a timeout after all credit was
   * spent) or when no pull has come for {@value #SILENT_RTTS} RTTs (pulls lost on the way): the
   * receiver answers a request with a pull at retransmission priority. A sender holding only
   * unspendable speculative credit, all of whose asked-for pulls have come, would never send
   * again (its credit turns into demand only as packets leave): its speculative credit all
   * becomes demand, which the request announces. (htsim's model has no such rule, and there such
   * a sender, one whose window exceeds what it has left when speculation ends, stops for good.)
   */
  @Override
  public long requestTarget(long pendingPackets, long nowPs) {
    if (pendingPackets <= 0 || spendable() >= 1) {
      return -1;
    }
    if (!speculating && speculative > 0 && highestPull >= lastTargetSent) {
      speculative = 0;
    }
    if (nowPs - lastRequestPs < srttPs) {
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

  /** Credit held: received plus speculative, which only a speculating sender may spend. */
  public long credit() {
    return received + speculative;
  }

  /** Packets this sender may send now. */
  private long spendable() {
    return speculating ? received + speculative : received;
  }

  long speculativeCredit() {
    return speculative;
  }
}
