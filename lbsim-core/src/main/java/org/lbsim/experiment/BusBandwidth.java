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
   * A lower bound on a Broadcast's or Reduce's time from its root's host link: the whole buffer
   * leaves (or reaches) the root in at least as many data packets as one message of it needs, with
   * headers and gaps, and its last (first) packet also crosses another host link, at least a header
   * and a byte, with both links' latency.
   */
  public static long rootStreamBoundPs(PacketFormat f, long hostBitsPerSecond, long hostLatencyPs, long bufferBytes) {
    long m = f.packetsFor(bufferBytes);
    long wire = bufferBytes + m * f.headerBytes() + (m - 1) * f.gapBytes();
    return LowerBounds.serializationPs(wire, hostBitsPerSecond)
        + LowerBounds.serializationPs(f.headerBytes() + 1L, hostBitsPerSecond) + 2 * hostLatencyPs;
  }

  /**
   * A lower bound on any AllReduce's time from payload alone: without reduction in the network,
   * every rank sends at least 2(n-1)/n of the buffer (Patarasuk and Yuan 2009).
   */
  public static long allReducePayloadBoundPs(long hostBitsPerSecond, int ranks, long bufferBytes) {
    long bytes = java.math.BigInteger.valueOf(bufferBytes).multiply(java.math.BigInteger.valueOf(2L * (ranks - 1)))
        .divide(java.math.BigInteger.valueOf(ranks)).longValueExact();
    return LowerBounds.serializationPs(bytes, hostBitsPerSecond);
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
