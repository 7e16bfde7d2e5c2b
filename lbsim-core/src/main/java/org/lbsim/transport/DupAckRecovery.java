package org.lbsim.transport;

import java.util.BitSet;
import org.lbsim.net.Packet;

/**
 * The study simulator's SACK sender ({@code htsim_constcca}, reference model §3.4), selected by
 * {@code sack.trigger: dupacks} ({@code -sack L -dup d}: L = {@code sack.threshold}, d =
 * {@code sack.dupacks}, by default L) or {@code newreno} ({@code -dup d} without {@code -sack}).
 *
 * <p>ACKs: a new cumulative ack resets the duplicate-ACK count and restarts the timer (or stops
 * it when everything sent is acknowledged). Any other ACK is a duplicate and counts one. The
 * d-th duplicate (exactly the d-th; later ones count on without effect) starts fast recovery,
 * unless the cumulative ack has not yet passed the point a previous recovery or timeout marked,
 * or nothing beyond the cumulative ack has been sent:
 * <ul>
 *   <li>dupacks: if the highest packet this ACK's bitmap SACKs lies more than L packets beyond
 *       the hole at the cumulative ack, every packet below it that the bitmap does not mark (the
 *       hole included, unless a study bitmap marks it) is resent and, if any is, the timer stops
 *       until the next send; otherwise nothing is resent;</li>
 *   <li>newreno: the hole at the cumulative ack is resent.</li>
 * </ul>
 * Either way the sender is then in fast recovery until the cumulative ack reaches what had been
 * sent when it began: duplicates are ignored, and each new cumulative ack short of that
 * ("partial ack") resends the packet at the new cumulative ack.
 *
 * <p>Timeout: the timer is armed by a send when it is not running, moved to now + RTO by a new
 * cumulative ack. When it expires, the RTO doubles (until the next ACK brings a new RTT sample),
 * fast recovery ends, and the sender goes back to the cumulative ack: it resends that packet
 * and then every later one in order, SACKed or not (go-back-N).
 *
 * <p>Resends wait for the flow's next pacing slot and go before new data, lowest first (the
 * study simulator sends one at once if a pacing gap has passed since the last send, and queues
 * the rest the same way). A NACK for a trimmed packet resends it. Queued resends say so
 * ({@link #sendingQueuedResend}), so that the study's host spraying sends them on the flow's
 * current path id ({@code NumberedSpray}); the packets a timeout sends again in order come from
 * the send point and move it, as new ones do.
 *
 * <p>Under a window-based congestion control: the packets in flight are those from the
 * cumulative ack up to the send point, less those queued for a resend, so a timeout's go-back
 * leaves nothing in flight; and the first resend of a timeout, of a fast recovery and of a
 * partial ack leaves whatever the window ({@link #exemptFromWindow}), as TCP's do (RFC 5681,
 * RFC 6582, RFC 6675) and htsim's Swift sender does.
 */
final class DupAckRecovery extends Retransmission {
  private static final long NONE = Long.MIN_VALUE;

  private final int target;
  private final int dupThreshold;
  private final int sackLimit; // < 0: NewReno
  private final boolean fastRetransmit;
  private final boolean studyBitmap; // bit 63 of a SACK bitmap marks the hole itself (StudySackRegister)

  private final BitSet resend = new BitSet(); // sequences queued for a resend
  private final int[] entropyOf;
  private boolean choseResend; // nextToSend returned a queued resend
  private int cum; // the receiver's cumulative ack: the lowest sequence it lacks
  private int next; // next sequence to send in order (a timeout rewinds it)
  private int maxSent = -1;
  private int dupacks;
  private boolean recovering;
  private int recover; // fast recovery ends once cum reaches it; none starts before
  private long deadline = NONE;
  private int backoff;
  private long fastRecoveries;

  /**
   * @param dupThreshold duplicate ACKs that start fast recovery ({@code -dup})
   * @param sackLimit {@code -sack L}: resend the holes below a SACK more than L beyond the first;
   *     negative: NewReno (no {@code -sack}): resend the first hole
   * @param fastRetransmit false: the study's {@code -nofr} (duplicates are counted, nothing else;
   *     only timeouts and NACKs recover)
   * @param studyBitmap whether ACKs carry the study receiver's bitmap ({@link
   *     StudySackRegister#sackBits}), whose bit 63 marks the hole itself as held: then it is not
   *     resent, and the other bits alone say how far beyond it the highest mark lies
   */
  DupAckRecovery(long targetPackets, RttView rtt, int dupThreshold, int sackLimit, boolean fastRetransmit,
      boolean studyBitmap) {
    super(rtt);
    if (targetPackets > Integer.MAX_VALUE - 64) {
      throw new IllegalArgumentException("message too long for SACK: " + targetPackets + " packets");
    }
    if (dupThreshold < 1) {
      throw new IllegalArgumentException("the duplicate-ACK threshold must be >= 1, got " + dupThreshold);
    }
    this.target = (int) targetPackets;
    this.dupThreshold = dupThreshold;
    this.sackLimit = sackLimit;
    this.fastRetransmit = fastRetransmit;
    this.studyBitmap = studyBitmap;
    this.entropyOf = new int[target];
  }

  @Override
  public long nextToSend(long nowPs) {
    choseResend = false;
    if (complete()) {
      return -1;
    }
    int r = resend.nextSetBit(0);
    if (r >= 0 && r < cum) {
      resend.clear(0, cum); // acknowledged meanwhile
      r = resend.nextSetBit(cum);
    }
    if (r >= 0 && r <= next) { // a resend beyond a rewound send point waits for it
      choseResend = true;
      return r;
    }
    return next < target ? next : -1;
  }

  @Override
  public boolean sendingQueuedResend() {
    return choseResend;
  }

  @Override
  public long unacknowledged() {
    return Math.max(0, (long) maxSent + 1 - cum);
  }

  @Override
  boolean hasPacketToSend() {
    if (complete()) {
      return false;
    }
    int r = resend.nextSetBit(cum);
    return (r >= 0 && r <= next) || next < target;
  }

  @Override
  public void onSent(long seq, int entropy, long nowPs) {
    int s = (int) seq;
    exempt = false;
    if (choseResend) {
      resend.clear(s);
      choseResend = false;
    }
    if (s == next) {
      next = s + 1; // a resend of the send point also moves it (the study simulator would send it twice)
    }
    if (s <= maxSent) {
      retransmissions++;
    } else {
      maxSent = s;
    }
    entropyOf[s] = entropy;
    if (deadline == NONE) {
      deadline = nowPs + rtoPs();
    }
  }

  @Override
  public void onAck(Packet ack, long nowPs) {
    if (ack.trimmed || ack.returned()) {
      onTrimmed(ack, nowPs);
      return;
    }
    int c = (int) Math.min(ack.cumAck(), target);
    if (c < cum) {
      return; // older than what we know
    }
    backoff = 0; // every ACK is a new RTT sample
    if (c > cum) {
      onNewAck(c, nowPs);
    } else {
      onDuplicate(ack);
    }
  }

  @Override
  public void onNack(Packet nack, long nowPs) {
    onAck(nack, nowPs);
  }

  /** A trimmed packet's NACK (or its header returned by a switch): resend it. */
  private void onTrimmed(Packet nack, long nowPs) {
    int s = (int) nack.seq;
    if (s >= cum && s <= maxSent) {
      queueResend(s);
    }
    path.onNack(nack.entropy, nowPs);
  }

  private void onNewAck(int c, long nowPs) {
    deadline = nowPs + rtoPs();
    if (c >= next) {
      next = c;
      deadline = NONE; // everything sent is acknowledged
    }
    cum = c;
    if (!recovering || c >= recover) {
      recovering = false;
      dupacks = 0;
      return;
    }
    queueResend(c); // a partial ack: the next hole is lost too
    exempt = true;
  }

  private void onDuplicate(Packet ack) {
    if (recovering) {
      return;
    }
    dupacks++;
    if (!fastRetransmit || dupacks != dupThreshold || cum < recover || cum >= next) {
      return;
    }
    fastRecoveries++;
    if (sackLimit >= 0) {
      long bits = ack.sackBits(); // bit i = packet cum + 1 + i
      boolean holeMarked = studyBitmap && bits < 0;
      long above = studyBitmap ? bits & Long.MAX_VALUE : bits;
      int beyond = 64 - Long.numberOfLeadingZeros(above); // highest SACKed packet's distance from the hole
      if (bits != 0 && beyond > sackLimit) {
        boolean resent = false;
        for (int i = 0; i < beyond; i++) {
          if (i == 0 ? !holeMarked : (bits & (1L << (i - 1))) == 0) {
            queueResend(cum + i);
            resent = true;
          }
        }
        if (resent) { // a study bitmap may mark every packet below its highest mark
          deadline = NONE; // restarted by the next send, the first resend, which the window lets go
          exempt = true;
        }
      }
    } else {
      queueResend(cum);
      exempt = true;
    }
    recovering = true;
    recover = next;
  }

  private void queueResend(int s) {
    if (s < target && !resend.get(s)) {
      resend.set(s);
      lost++;
    }
  }

  long rtoPs() {
    return rtt.rtoPs() << backoff;
  }

  @Override
  public long targetPackets() {
    return target;
  }

  @Override
  public long timerDeadlinePs() {
    return complete() || deadline == NONE ? -1 : deadline;
  }

  @Override
  public void onTimeout(long nowPs) {
    timeouts++;
    if (backoff < SelectiveRepeat.MAX_BACKOFF) {
      backoff++;
    }
    deadline = nowPs + rtoPs();
    recovering = false;
    dupacks = 0;
    recover = next;
    if (next > cum + 1) {
      lost += next - cum - 1; // sent again in order
    }
    next = cum + 1;
    queueResend(cum);
    exempt = true;
    path.onTimeout(entropyOf[cum], nowPs);
  }

  /**
   * Sent and neither acknowledged nor declared lost: the sequences from the cumulative ack up to
   * the send point, less those queued for a resend. A timeout's go-back declares everything
   * beyond the cumulative ack lost (it is sent again in order), so nothing counts until it is.
   */
  @Override
  public long inFlight(long nowPs) {
    long n = (long) next - cum;
    if (n <= 0) {
      return 0;
    }
    for (int r = resend.nextSetBit(cum); r >= 0 && r < next; r = resend.nextSetBit(r + 1)) {
      n--;
    }
    return n;
  }

  @Override
  public boolean complete() {
    return cum >= target;
  }

  int cumulativeAck() {
    return cum;
  }

  int duplicateAcks() {
    return dupacks;
  }

  boolean inFastRecovery() {
    return recovering;
  }

  long fastRecoveries() {
    return fastRecoveries;
  }

  /** Sequences queued for a resend, lowest first. */
  int[] queuedResends() {
    return resend.stream().filter(s -> s >= cum).toArray();
  }
}
