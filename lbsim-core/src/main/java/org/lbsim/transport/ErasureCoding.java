package org.lbsim.transport;

import org.lbsim.lb.PathPolicy;
import org.lbsim.net.Packet;

/**
 * Ideal rateless erasure coding: every packet is a fresh coded symbol of one payload, so the
 * receiver needs any {@code target} of them ({@code target} = the message's packets + k extra)
 * and nothing is ever retransmitted as such. The sender keeps sending while it expects fewer
 * than {@code target} to arrive.
 *
 * <p>Default mode (physically sound): a packet unacknowledged one RTO after it was sent counts
 * as lost and is replaced by a fresh one; reordering by spraying never triggers a replacement.
 *
 * <p>Reference mode (the study's simulator): "lost" is the number of packets overtaken by a
 * later acknowledged one; when {@code sent - lost} reaches the target the sender pauses once for
 * one smoothed RTT, then sends one more packet per slot until complete.
 */
public final class ErasureCoding implements LossRecovery {
  private final long target;
  private final int payloadBytes;
  private final boolean referenceMode;
  private final RttEstimator rtt;
  private PathPolicy path;

  private long sent;
  private long ackedPackets; // max receiver count echoed by an ACK
  private long lost;
  private long highestAckedSeq = -1;
  private long finalPausePs = -1;
  private long unsettled; // default mode: sent, not acknowledged, not declared lost

  // Default mode: per-packet send times and ack flags over the window [base, sent). The
  // reference mode never looks at them and leaves them null: with one sender per flow of a large
  // all-to-all, 900 B of unused arrays per flow would spread every flow's state over more memory.
  private long base;
  private long[] sentAt;
  private int[] entropyOf;
  private boolean[] acked;

  public ErasureCoding(long targetPackets, int payloadBytes, boolean referenceMode, RttEstimator rtt) {
    this.target = targetPackets;
    this.payloadBytes = payloadBytes;
    this.referenceMode = referenceMode;
    this.rtt = rtt;
    if (!referenceMode) {
      sentAt = new long[64];
      entropyOf = new int[64];
      acked = new boolean[64];
    }
  }

  @Override
  public void setPathPolicy(PathPolicy path) {
    this.path = path;
  }

  @Override
  public long nextToSend(long nowPs) {
    if (complete()) {
      return -1;
    }
    if (referenceMode) {
      if (sent - lost >= target) {
        if (finalPausePs < 0) {
          finalPausePs = nowPs; // pause once, never reset
          return -1;
        }
        return nowPs - finalPausePs > rtt.srttPs() ? sent : -1;
      }
      return sent;
    }
    detectTimeouts(nowPs);
    return sent - lost < target ? sent : -1;
  }

  private void detectTimeouts(long nowPs) {
    int mask = sentAt.length - 1;
    // A repair costs a whole coded packet of link time, so a packet counts as lost only when it
    // is late by the RTO and by half an SRTT beyond the SRTT: once the RTT variance has settled,
    // srtt + 4 mdev alone falls inside the queueing swing of a sprayed fabric and would replace
    // packets that were only delayed.
    long rto = Math.max(rtt.rtoPs(), rtt.srttPs() + rtt.srttPs() / 2);
    while (base < sent) {
      int i = (int) (base & mask);
      if (acked[i]) {
        acked[i] = false;
        base++;
      } else if (nowPs - sentAt[i] > rto) {
        lost++;
        unsettled--;
        path.onTimeout(entropyOf[i], nowPs);
        base++;
      } else {
        break;
      }
    }
  }

  @Override
  public void onSent(long seq, int entropy, long nowPs) {
    sent = seq + 1;
    if (!referenceMode) {
      if (sent - base > sentAt.length) {
        grow();
      }
      int i = (int) (seq & (sentAt.length - 1));
      sentAt[i] = nowPs;
      entropyOf[i] = entropy;
      acked[i] = false;
      unsettled++;
    }
  }

  @Override
  public void onAck(Packet ack, long nowPs) {
    long count = ack.receivedBytes / payloadBytes;
    if (count > ackedPackets) {
      ackedPackets = count;
    }
    if (ack.seq > highestAckedSeq) {
      highestAckedSeq = ack.seq;
    }
    if (referenceMode) {
      lost = Math.max(0, highestAckedSeq + 1 - ackedPackets);
    } else if (ack.seq >= base) {
      int i = (int) (ack.seq & (sentAt.length - 1));
      if (!acked[i]) {
        unsettled--;
      }
      acked[i] = true;
    }
  }

  /** A trimmed packet: one coded packet fewer reached the receiver, so one more must be sent. */
  @Override
  public void onNack(Packet nack, long nowPs) {
    path.onNack(nack.entropy, nowPs);
    long count = nack.receivedBytes / payloadBytes;
    if (count > ackedPackets) {
      ackedPackets = count;
    }
    if (referenceMode) {
      if (nack.seq > highestAckedSeq) {
        highestAckedSeq = nack.seq;
      }
      lost = Math.max(0, highestAckedSeq + 1 - ackedPackets);
      return;
    }
    int i = (int) (nack.seq & (sentAt.length - 1));
    if (nack.seq >= base && nack.seq < sent && !acked[i]) {
      acked[i] = true; // settled: the window passes it without counting it again
      lost++;
      unsettled--;
    }
  }

  @Override
  public long inFlight(long nowPs) {
    if (referenceMode) {
      return Math.max(0, sent - ackedPackets - lost);
    }
    if (!complete()) {
      detectTimeouts(nowPs); // idempotent at one instant: nextToSend finds nothing more
    }
    return unsettled;
  }

  private void grow() {
    int n = sentAt.length;
    long[] ns = new long[n * 2];
    int[] ne = new int[n * 2];
    boolean[] na = new boolean[n * 2];
    for (long s = base; s < sent - 1; s++) {
      int from = (int) (s & (n - 1));
      int to = (int) (s & (2 * n - 1));
      ns[to] = sentAt[from];
      ne[to] = entropyOf[from];
      na[to] = acked[from];
    }
    sentAt = ns;
    entropyOf = ne;
    acked = na;
  }

  @Override
  public boolean complete() {
    return ackedPackets >= target;
  }

  @Override
  public long packetsDeclaredLost() {
    return lost;
  }

  @Override
  public long extraPacketsSent() {
    return Math.max(0, sent - target);
  }

  public long sent() {
    return sent;
  }

  public long target() {
    return target;
  }
}
