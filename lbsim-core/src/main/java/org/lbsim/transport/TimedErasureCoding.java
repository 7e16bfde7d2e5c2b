package org.lbsim.transport;

import org.lbsim.net.Packet;

/**
 * Erasure coding with per-packet loss timeouts (the default, physically sound): a packet
 * unacknowledged one RTO after it was sent counts as lost and is replaced by a fresh one;
 * reordering by spraying never triggers a replacement.
 */
final class TimedErasureCoding extends ErasureCoding {
  private long unsettled; // sent, not acknowledged, not declared lost
  private long lost;
  // per-packet send times and ack flags over the window [base, sent): rings of a power of two
  // slots, at first the flow's packets up to WINDOW, doubled when the window outgrows them
  private long base;
  private long[] sentAt;
  private int[] entropyOf;
  private boolean[] acked;

  /** Slots a flow's rings start with at most: a flow of fewer packets starts with its own count. */
  private static final int WINDOW = 64;

  TimedErasureCoding(long targetPackets, int payloadBytes, RttView rtt) {
    super(targetPackets, payloadBytes, rtt);
    int slots = 1;
    while (slots < WINDOW && slots < targetPackets) {
      slots <<= 1;
    }
    sentAt = new long[slots];
    entropyOf = new int[slots];
    acked = new boolean[slots];
  }

  @Override
  public long nextToSend(long nowPs) {
    if (complete()) {
      return -1;
    }
    detectTimeouts(nowPs);
    return sent - lost < target ? sent : -1;
  }

  private void detectTimeouts(long nowPs) {
    int mask = sentAt.length - 1;
    long rto = lossTimeoutPs();
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

  /**
   * How late a packet must be to count as lost. A repair costs a whole coded packet of link
   * time, so a packet counts as lost only when it is late by the RTO and by half an SRTT beyond
   * the SRTT: once the RTT variance has settled, srtt + 4 mdev alone falls inside the queueing
   * swing of a sprayed fabric and would replace packets that were only delayed.
   */
  private long lossTimeoutPs() {
    return Math.max(rtt.rtoPs(), rtt.srttPs() + rtt.srttPs() / 2);
  }

  /**
   * Once every packet it may send is out, a slot finds one again when the oldest unsettled packet
   * is late ({@link #detectTimeouts}): one picosecond after its send time plus the loss timeout.
   * Passing the acknowledged packets at the window's start here changes nothing
   * {@link #detectTimeouts} would not.
   */
  @Override
  public long nextSendPs(long nowPs) {
    if (complete()) {
      return Long.MAX_VALUE;
    }
    if (sent - lost < target) {
      return nowPs;
    }
    int mask = sentAt.length - 1;
    while (base < sent && acked[(int) (base & mask)]) {
      acked[(int) (base & mask)] = false;
      base++;
    }
    return base < sent ? Math.max(nowPs, sentAt[(int) (base & mask)] + lossTimeoutPs() + 1) : Long.MAX_VALUE;
  }

  @Override
  public void onSent(long seq, int entropy, long nowPs) {
    sent = seq + 1;
    if (sent - base > sentAt.length) {
      grow();
    }
    int i = (int) (seq & (sentAt.length - 1));
    sentAt[i] = nowPs;
    entropyOf[i] = entropy;
    acked[i] = false;
    unsettled++;
  }

  @Override
  public void onAck(Packet ack, long nowPs) {
    noteReceived(ack);
    if (ack.seq >= base) {
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
    noteReceived(nack);
    int i = (int) (nack.seq & (sentAt.length - 1));
    if (nack.seq >= base && nack.seq < sent && !acked[i]) {
      acked[i] = true; // settled: the window passes it without counting it again
      lost++;
      unsettled--;
    }
  }

  /** A packet unacknowledged for its loss timeout counts as lost ({@link #detectTimeouts}). */
  @Override
  public boolean settlesLossesByTime() {
    return true;
  }

  @Override
  public long inFlight(long nowPs) {
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
  public long packetsDeclaredLost() {
    return lost;
  }
}
