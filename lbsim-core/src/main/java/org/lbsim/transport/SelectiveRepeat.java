package org.lbsim.transport;

import org.lbsim.net.Packet;

/**
 * Selective repeat driven by SACKs: the loss recovery of {@code lr: sack} and {@code lr: irn}.
 *
 * <p>A hole (a sequence neither cumulatively nor selectively acknowledged) counts as lost once
 * the highest SACKed sequence is more than {@code threshold} packets beyond it (SACK's
 * reordering threshold x; IRN uses 0: any later SACK). A NACK for a trimmed packet marks that
 * one lost at once. Lost sequences are resent before new data, lowest first.
 *
 * <p>Timer: one deadline, {@code lastProgress + rto}, where progress is a new cumulative ack.
 * SACK takes the RTO from the {@link RttView} and doubles it per expiry until the next new
 * cumulative ack; on expiry it goes back to the cumulative ack and resends every sequence from
 * there that the receiver has not SACKed (go-back-N, made SACK-aware). IRN instead uses two fixed
 * timeouts: RTO_low when at most {@code lowPackets} are in flight, RTO_high otherwise, and caps
 * the packets in flight at {@code inFlightCap} (its BDP-based flow control).
 *
 * <p>With a timer per packet ({@code sack.timer: per-packet}, uet-htsim's UEC and EQDS senders:
 * {@code UecSrc::startRTO}, {@code rtxTimerExpired}) the deadline is one RTO (the estimator's, no
 * backoff) after the oldest outstanding packet was last sent, so a resend restarts its packet's
 * clock; on expiry only the packets that old are declared lost.
 */
final class SelectiveRepeat extends Retransmission {
  static final int MAX_BACKOFF = 10;

  private final int target;
  private final int threshold;
  private final boolean fastRetransmit;
  private final long inFlightCap;
  private final long rtoLowPs; // < 0: estimator with backoff
  private final long rtoHighPs;
  private final int lowPackets;

  private final boolean[] sacked;
  private final boolean[] queued; // declared lost, resend pending
  private final int[] entropyOf;
  private int cum;
  private int nextNew;
  private int highestSacked = -1;
  private int scan; // holes below this were already judged
  private int rtxCursor;
  private int pending;
  private int sackedAbove; // SACKed sequences at or above cum
  private long lastProgressPs;
  private byte backoff; // at most MAX_BACKOFF: a byte keeps the object within its budget (FlowBudgetTest)
  private final SendOrder sendOrder; // null: one timer from the last new cumulative ack

  /** SACK with reordering threshold {@code threshold}; no fast retransmit = timeouts and NACKs only. */
  static SelectiveRepeat sack(long targetPackets, RttView rtt, int threshold, boolean fastRetransmit) {
    return sack(targetPackets, rtt, threshold, fastRetransmit, false);
  }

  /** SACK as above; {@code perPacketTimer}: each outstanding packet times out one RTO after its last send. */
  static SelectiveRepeat sack(long targetPackets, RttView rtt, int threshold, boolean fastRetransmit,
      boolean perPacketTimer) {
    return new SelectiveRepeat(targetPackets, rtt, threshold, fastRetransmit, Long.MAX_VALUE, -1, -1, 0,
        perPacketTimer);
  }

  static SelectiveRepeat irn(long targetPackets, RttView rtt, long bdpCap, long rtoLowPs, long rtoHighPs,
      int lowPackets) {
    return new SelectiveRepeat(targetPackets, rtt, 0, true, bdpCap, rtoLowPs, rtoHighPs, lowPackets, false);
  }

  private SelectiveRepeat(long targetPackets, RttView rtt, int threshold, boolean fastRetransmit,
      long inFlightCap, long rtoLowPs, long rtoHighPs, int lowPackets, boolean perPacketTimer) {
    super(rtt);
    if (targetPackets > Integer.MAX_VALUE - 64) {
      throw new IllegalArgumentException("message too long for selective repeat: " + targetPackets + " packets");
    }
    this.target = (int) targetPackets;
    this.threshold = threshold;
    this.fastRetransmit = fastRetransmit;
    this.inFlightCap = inFlightCap;
    this.rtoLowPs = rtoLowPs;
    this.rtoHighPs = rtoHighPs;
    this.lowPackets = lowPackets;
    this.sacked = new boolean[target];
    this.queued = new boolean[target];
    this.entropyOf = new int[target];
    this.sendOrder = perPacketTimer ? new SendOrder(target, this::outstanding) : null;
  }

  /** Sent, and neither acknowledged nor declared lost. */
  private boolean outstanding(int s) {
    return s >= cum && s < nextNew && !sacked[s] && !queued[s];
  }

  @Override
  public long nextToSend(long nowPs) {
    if (complete()) {
      return -1;
    }
    if (pending > 0) {
      int c = Math.max(rtxCursor, cum);
      while (!queued[c]) {
        c++;
      }
      queued[c] = false;
      pending--;
      rtxCursor = c + 1;
      return c;
    }
    if (nextNew < target && inFlight() < inFlightCap) {
      return nextNew;
    }
    return -1;
  }

  @Override
  public long unacknowledged() {
    return (long) nextNew - cum - sackedAbove;
  }

  @Override
  boolean hasPacketToSend() {
    return !complete() && (pending > 0 || (nextNew < target && inFlight() < inFlightCap));
  }

  @Override
  public long inFlight(long nowPs) {
    return inFlight();
  }

  /** Sent and neither acknowledged nor declared lost. */
  long inFlight() {
    return (long) nextNew - cum - sackedAbove - pending;
  }

  @Override
  public void onSent(long seq, int entropy, long nowPs) {
    exempt = false;
    int s = (int) seq;
    if (cum == nextNew && pending == 0) {
      lastProgressPs = nowPs; // the timer starts with the first outstanding packet
    }
    entropyOf[s] = entropy;
    if (sendOrder != null) {
      sendOrder.sent(s, nowPs);
    }
    if (s == nextNew) {
      nextNew++;
    } else {
      retransmissions++;
    }
  }

  @Override
  public void onAck(Packet ack, long nowPs) {
    int c = (int) Math.min(ack.cumAck(), target);
    if (c > cum) {
      for (int s = cum; s < c; s++) {
        if (sacked[s]) {
          sackedAbove--;
        }
        if (queued[s]) {
          queued[s] = false;
          pending--;
        }
      }
      cum = c;
      lastProgressPs = nowPs;
      backoff = 0;
    }
    if (!ack.trimmed) {
      markSacked(ack.seq);
    }
    long bits = ack.sackBits();
    while (bits != 0) {
      markSacked(ack.cumAck() + 1 + Long.numberOfTrailingZeros(bits));
      bits &= bits - 1;
    }
    if (ack.trimmed) {
      declareLost((int) ack.seq);
      path.onNack(ack.entropy, nowPs);
    }
    if (fastRetransmit) {
      int limit = highestSacked - threshold; // holes below it are lost
      for (int h = Math.max(scan, cum); h < limit; h++) {
        if (!sacked[h]) {
          declareLost(h);
        }
      }
      scan = Math.max(scan, limit);
    }
  }

  private void markSacked(long seq) {
    if (seq < cum || seq >= target || sacked[(int) seq]) {
      return;
    }
    int s = (int) seq;
    sacked[s] = true;
    sackedAbove++;
    if (queued[s]) {
      queued[s] = false;
      pending--;
    }
    if (s > highestSacked) {
      highestSacked = s;
    }
  }

  private void declareLost(int s) {
    if (s < cum || s >= nextNew || sacked[s] || queued[s]) {
      return;
    }
    queued[s] = true;
    pending++;
    lost++;
    if (s < rtxCursor) {
      rtxCursor = s;
    }
  }

  @Override
  public long targetPackets() {
    return target;
  }

  @Override
  public long timerDeadlinePs() {
    if (complete() || (cum >= nextNew && pending == 0)) {
      return -1;
    }
    if (sendOrder != null) {
      long oldest = sendOrder.oldestPs();
      return oldest < 0 ? -1 : oldest + rtt.rtoPs();
    }
    return lastProgressPs + rtoPs();
  }

  long rtoPs() {
    if (rtoLowPs >= 0) {
      return inFlight() <= lowPackets ? rtoLowPs : rtoHighPs;
    }
    return rtt.rtoPs() << backoff;
  }

  @Override
  public void onTimeout(long nowPs) {
    if (sendOrder != null) {
      timeOutOldest(nowPs);
      return;
    }
    timeouts++;
    exempt = true;
    if (rtoLowPs < 0 && backoff < MAX_BACKOFF) {
      backoff++;
    }
    lastProgressPs = nowPs;
    path.onTimeout(entropyOf[cum], nowPs);
    for (int s = cum; s < nextNew; s++) {
      if (!sacked[s]) {
        declareLost(s);
      }
    }
  }

  /** A timer per packet expired: every packet last sent one RTO ago or earlier is lost. */
  private void timeOutOldest(long nowPs) {
    long sentBy = nowPs - rtt.rtoPs();
    int s = sendOrder.takeSentBy(sentBy);
    if (s < 0) {
      return; // the deadline moved (an ACK came first)
    }
    timeouts++;
    exempt = true;
    path.onTimeout(entropyOf[s], nowPs);
    while (s >= 0) {
      declareLost(s);
      s = sendOrder.takeSentBy(sentBy);
    }
  }

  @Override
  public boolean complete() {
    return cum >= target;
  }

  int cumulativeAck() {
    return cum;
  }

  int pendingRetransmissions() {
    return pending;
  }
}
