package org.lbsim.workload;

import java.math.BigInteger;
import java.util.List;
import org.lbsim.net.PacketFormat;
import org.lbsim.net.PortConfig;

/**
 * Lower bounds on a collective's time as {@link NcclCollective} plans it, the ones
 * {@code bench-collective} prints and a trace's or job's collectives report: the larger of the
 * host links' bound and the longest chain of the plan's pieces that wait for one another. Both
 * hold on any fabric and with any design, since they use the host links alone.
 */
public final class CollectiveBound {
  private CollectiveBound() {}

  /**
   * A host's link to the fabric, as the bounds see it.
   *
   * @param bitsPerSecond the rate at which the host's NIC can send, all its ports together
   */
  public record HostLink(PacketFormat format, long bitsPerSecond, long latencyPs) {
    public HostLink {
      if (bitsPerSecond <= 0) {
        throw new IllegalArgumentException("link rate must be positive, got " + bitsPerSecond + " bit/s");
      }
    }

    long serializationPs(long bytes) {
      return PortConfig.serializationPs(bytes, bitsPerSecond);
    }
  }

  /**
   * The bound of {@code op} over {@code ranks} ranks, each of its {@code channels} channels the
   * plan of {@code channelBytes} bytes, when every piece crosses the fabric from its sender's host
   * to its receiver's.
   */
  public static long ps(NcclCollective.Op op, NcclCollective.Algorithm algorithm, NcclProtocol proto, HostLink link,
      int ranks, long channelBytes, int channels) {
    List<PipelinedSend> plan = NcclCollective.plan(op, algorithm, ranks, channelBytes, proto);
    return Math.max(linksPs(op, algorithm, link, ranks, channelBytes, channels),
        NcclCollective.criticalPathPs(plan, s -> pieceOnTheFabricPs(link, s.bytes())));
  }

  /**
   * The host links' bound when every piece crosses the fabric from its sender's own host: for the
   * rings, each rank's link carries its chunks ({@link #hostLinkPs}); for Broadcast and Reduce, the
   * root's link the whole buffer ({@link #rootStreamPs}); for the tree AllReduce, every rank's link
   * its share of the payload ({@link #allReducePayloadPs}).
   */
  public static long linksPs(NcclCollective.Op op, NcclCollective.Algorithm algorithm, HostLink link, int ranks,
      long channelBytes, int channels) {
    long buffer = channels * channelBytes;
    return switch (op) {
      case BROADCAST, REDUCE -> rootStreamPs(link, buffer);
      case ALL_REDUCE -> algorithm == NcclCollective.Algorithm.TREE
          ? allReducePayloadPs(link.bitsPerSecond(), ranks, buffer)
          : hostLinkPs(link, channels * 2L * (ranks - 1), ceilDiv(channelBytes, ranks));
      case ALL_GATHER, REDUCE_SCATTER -> hostLinkPs(link, channels * (ranks - 1L), ceilDiv(channelBytes, ranks));
    };
  }

  /**
   * A lower bound on a collective's time from its ranks' host links alone: each rank's link
   * carries the data packets of every message it sends (payload, header and gap each) and one
   * ACK (and gap) for every data packet it receives, which in these collectives are as many as
   * it sends; its last packet's trailing gap delays nothing.
   */
  public static long hostLinkPs(HostLink link, long messages, long messageBytes) {
    PacketFormat f = link.format();
    long packets = messages * f.packetsFor(messageBytes);
    long bytes = messages * messageBytes + packets * ((long) f.headerBytes() + f.ackBytes() + 2L * f.gapBytes())
        - f.gapBytes();
    return link.serializationPs(bytes);
  }

  /**
   * A lower bound on one piece's time from its start to its arrival when it crosses the fabric: a
   * piece of m data packets is on its way no sooner than m-1 packets and their gaps after its
   * first packet starts, and its last packet then crosses at least two host links (up to a switch,
   * down to the receiver), each its serialization and latency.
   */
  public static long pieceOnTheFabricPs(HostLink link, long bytes) {
    PacketFormat f = link.format();
    long m = f.packetsFor(bytes);
    long lastPacket = bytes - (m - 1) * f.payloadBytes() + f.headerBytes();
    return link.serializationPs((m - 1) * ((long) f.dataBytes() + f.gapBytes()))
        + 2 * (link.serializationPs(lastPacket) + link.latencyPs());
  }

  /**
   * A lower bound on a Broadcast's or Reduce's time from its root's host link: the whole buffer
   * leaves (or reaches) the root in at least as many data packets as one message of it needs, with
   * headers and gaps, and its last (first) packet also crosses another host link, at least a header
   * and a byte, with both links' latency.
   */
  public static long rootStreamPs(HostLink link, long bufferBytes) {
    PacketFormat f = link.format();
    long m = f.packetsFor(bufferBytes);
    long wire = bufferBytes + m * f.headerBytes() + (m - 1) * f.gapBytes();
    return link.serializationPs(wire) + link.serializationPs(f.headerBytes() + 1L) + 2 * link.latencyPs();
  }

  /**
   * A lower bound on any AllReduce's time from payload alone: without reduction in the network,
   * every rank sends at least 2(n-1)/n of the buffer (Patarasuk and Yuan 2009).
   */
  public static long allReducePayloadPs(long hostBitsPerSecond, int ranks, long bufferBytes) {
    long bytes = BigInteger.valueOf(bufferBytes).multiply(BigInteger.valueOf(2L * (ranks - 1)))
        .divide(BigInteger.valueOf(ranks)).longValueExact();
    return PortConfig.serializationPs(bytes, hostBitsPerSecond);
  }

  private static long ceilDiv(long a, long b) {
    return (a + b - 1) / b;
  }
}
