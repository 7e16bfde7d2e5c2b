package org.lbsim.metrics;

/**
 * The three-phase model's host link, packet by packet: the earliest schedule of a host's data
 * packets and ACKs when every host runs the same schedule over idle paths. All times are
 * picoseconds from the synchronized start.
 *
 * <p>The rules, those of a paced sender on a FIFO host NIC:
 * <ul>
 *   <li>data packet k is due at its slot k·s, and enters the NIC at the later of its slot and
 *       the moment data packet k − 1 starts serializing (the NIC holds at most one data packet
 *       besides the one on the wire);
 *   <li>the ACK for the peer's data packet k is ready when that packet has arrived: the
 *       (symmetric) start of data packet k plus {@code lagPs}, its serialization and travel;
 *   <li>the link serves packets in the order they become ready (data first on a tie), each
 *       followed by its gap;
 *   <li>the collective ends when the peer receives the ACK for its last data packet: that
 *       ACK's start plus {@code ackTailPs}.
 * </ul>
 * Every packet but the last is followed by its gap before the next one starts; the last data
 * packet is on its way once its own serialization ends, so its trailing gap delays nothing.
 *
 * <p>On P planes the host has P ports of 1/P its rate (serialization times P times as long) and
 * each packet, in the same order, starts on the port that frees first (the lowest plane on a
 * tie): the earliest any choice of planes can start it.
 */
final class HostLinkSchedule {
  private HostLinkSchedule() {}

  /**
   * The schedule's completion time and phase split.
   *
   * @param packets data packets (and ACKs, one for each) the host link carries
   * @param slotPs the pacing slot s between data packets (d at the full fair share)
   * @param dataPs T_d + T_g: a data packet and its gap on the host link
   * @param ackPs T_a + T_g: an ACK and its gap on the host link
   * @param lagPs from a data packet's start to its full arrival: Σ T_d(h) + p
   * @param ackTailPs from an ACK's start to its full arrival: Σ T_a(h) + p
   */
  static ThreePhaseBound of(long packets, long slotPs, long dataPs, long ackPs, long lagPs, long ackTailPs) {
    return of(packets, slotPs, dataPs, ackPs, lagPs, ackTailPs, 1);
  }

  /**
   * {@link #of(long, long, long, long, long, long)} on {@code planes} ports, one per plane
   * ({@code dataPs} and {@code ackPs} are one port's).
   */
  static ThreePhaseBound of(long packets, long slotPs, long dataPs, long ackPs, long lagPs, long ackTailPs,
      int planes) {
    return of(packets, slotPs, dataPs, ackPs, lagPs, ackTailPs, planes, 1);
  }

  /**
   * {@link #of(long, long, long, long, long, long, int)} when receivers coalesce ACKs: only data
   * packets 0, k, 2k, ... ({@code ackEvery} = k) and the last bring an ACK, the fewest a receiver
   * that ACKs the first packet, every k-th after an ACK and the last one sends.
   */
  static ThreePhaseBound of(long packets, long slotPs, long dataPs, long ackPs, long lagPs, long ackTailPs,
      int planes, int ackEvery) {
    long acks = (packets - 1) / ackEvery + ((packets - 1) % ackEvery == 0 ? 1 : 2);
    long[] ackDue = new long[64]; // ring of ACK ready times, in order
    long firstDue = 0; // index of the next ACK's ready time in the ring
    long[] portFree = new long[planes]; // when each port may start its next packet (the previous one's gap included)
    long lastDataStart = 0;
    long dataSent = 0;
    long acksDue = 0;
    long acksSent = 0;
    long dataOnly = -1;
    long lastAckStart = 0;
    while (acksSent < acks) {
      long dataReady = dataSent < packets ? Math.max(dataSent * slotPs, lastDataStart) : Long.MAX_VALUE;
      long ackReady = acksSent < acksDue ? ackDue[(int) (firstDue & (ackDue.length - 1))] : Long.MAX_VALUE;
      int port = firstFree(portFree);
      if (dataReady <= ackReady) {
        long start = Math.max(dataReady, portFree[port]);
        portFree[port] = start + dataPs;
        lastDataStart = planes == 1 ? start : 0; // on several ports a data packet may overtake the one before
        if (dataSent % ackEvery == 0 || dataSent == packets - 1) {
          if (acksDue - acksSent == ackDue.length) {
            ackDue = grown(ackDue, firstDue);
            firstDue = 0;
          }
          ackDue[(int) ((firstDue + acksDue - acksSent) & (ackDue.length - 1))] = start + lagPs;
          acksDue++;
        }
        dataSent++;
      } else {
        if (dataOnly < 0) {
          dataOnly = dataSent;
        }
        long start = Math.max(ackReady, portFree[port]);
        portFree[port] = start + ackPs;
        lastAckStart = start;
        firstDue++;
        acksSent++;
      }
    }
    return new ThreePhaseBound(packets, dataOnly, Math.addExact(lastAckStart, ackTailPs));
  }

  /** The port that frees first, the lowest on a tie. */
  private static int firstFree(long[] portFree) {
    int best = 0;
    for (int i = 1; i < portFree.length; i++) {
      if (portFree[i] < portFree[best]) {
        best = i;
      }
    }
    return best;
  }

  /** A ring twice as large holding {@code ring}'s entries from {@code first} on, in order from index 0. */
  private static long[] grown(long[] ring, long first) {
    long[] out = new long[ring.length * 2];
    for (int i = 0; i < ring.length; i++) {
      out[i] = ring[(int) ((first + i) & (ring.length - 1))];
    }
    return out;
  }
}
