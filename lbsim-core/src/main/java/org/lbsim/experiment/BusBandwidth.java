package org.lbsim.experiment;

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
   * The fabric's ideal busbw, GB/s: the limit of the host-link bound's busbw as the size grows,
   * the host link's rate times the share of its bytes that are payload when every data packet
   * it sends is matched by an ACK it returns.
   */
  public static double ideal(PacketFormat f, long hostBitsPerSecond) {
    double perPacket = f.dataBytes() + f.ackBytes() + 2.0 * f.gapBytes();
    return hostBitsPerSecond / 8.0 / 1e9 * f.payloadBytes() / perPacket;
  }
}
