package org.lbsim.experiment;

import org.lbsim.metrics.LowerBounds;
import org.lbsim.net.PacketFormat;

/**
 * nccl-tests' bandwidths (doc/PERFORMANCE.md) and the best a fabric allows. GB/s are 10^9 bytes
 * per second, as nccl-tests prints them.
 */
public final class BusBandwidth {
  private BusBandwidth() {}

  /** algbw = size / time, GB/s. */
  public static double algbw(long sizeBytes, long timePs) {
    return sizeBytes * 1e3 / timePs; // bytes per ps x 10^12 ps/s / 10^9
  }

  /** busbw = algbw x the op's factor on n ranks, GB/s. */
  public static double busbw(CollectiveOp op, int ranks, long sizeBytes, long timePs) {
    return algbw(sizeBytes, timePs) * op.busFactor(ranks);
  }

  /**
   * A lower bound on a collective's time from its ranks' host links alone: each rank's link
   * carries the data packets of every message it sends (payload, header and gap each) and one
   * ACK (and gap) for every data packet it receives, which in these collectives are as many as
   * it sends; its last packet's trailing gap delays nothing.
   */
  public static long hostLinkBoundPs(PacketFormat f, long hostBitsPerSecond, long messages, long messageBytes) {
    long packets = messages * f.packetsFor(messageBytes);
    long bytes = messages * messageBytes + packets * ((long) f.headerBytes() + f.ackBytes() + 2L * f.gapBytes())
        - f.gapBytes();
    return LowerBounds.serializationPs(bytes, hostBitsPerSecond);
  }

  /**
   * A lower bound on a ring collective's time from its chain of steps: a rank sends step s only
   * once step s-1's chunk has fully arrived, so the steps follow one another. A chunk of m data
   * packets is on its way no sooner than m-1 packets and their gaps after its first packet
   * starts, and its last packet then crosses at least two host links (up to a switch, down to
   * the next rank), each its serialization and latency.
   */
  public static long chainBoundPs(PacketFormat f, long hostBitsPerSecond, long hostLatencyPs, long steps, long chunkBytes) {
    long m = f.packetsFor(chunkBytes);
    long lastPacket = chunkBytes - (m - 1) * f.payloadBytes() + f.headerBytes();
    long step = LowerBounds.serializationPs((m - 1) * ((long) f.dataBytes() + f.gapBytes()), hostBitsPerSecond)
        + 2 * (LowerBounds.serializationPs(lastPacket, hostBitsPerSecond) + hostLatencyPs);
    return steps * step;
  }

  /**
   * The fabric's ideal busbw, GB/s: the limit of the host-link bound's busbw as the size grows,
   * the host link's rate times the share of its bytes that are payload when every data packet
   * it sends is matched by an ACK it returns.
   */
  public static double ideal(PacketFormat f, long hostBitsPerSecond) {
    double perPacket = f.dataBytes() + f.ackBytes() + 2.0 * f.gapBytes();
    return hostBitsPerSecond / 8.0 / 1e9 * f.payloadBytes() / perPacket;
  }
}
