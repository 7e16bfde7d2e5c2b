package org.lbsim.metrics;

import org.lbsim.net.PacketFormat;
import org.lbsim.net.PortConfig;

/**
 * Analytical lower bounds on collective completion time (CCT), the yardstick of the study's
 * "% CCT increase" metric. All times are {@code long} picoseconds.
 *
 * <p>Serialization of b bytes at r bit/s takes floor(b · 8·10¹² / r) ps, computed exactly in
 * integers so that bounds and simulator agree to the picosecond.
 *
 * <h2>The three-phase data/ACK model</h2>
 * A host link carries both the host's own data packets and the ACKs for the data it receives.
 * With synchronized starts and a symmetric workload, data begins to arrive at every host at the
 * same moment, one propagation plus H store-and-forward serializations after t = 0. Until then a
 * host sends only data (phase 1, i₁ packets); afterwards the data packets it sends share the
 * link with the ACKs (phase 2); after the last data packet leaves, the bound adds the time for it
 * to reach its receiver and for its ACK to come back (phase 3). With T_d, T_a, T_g the host-link
 * serialization of a data packet, an ACK and the inter-packet gap, d = T_d + T_g,
 * a = T_a + T_g, p the one-way propagation and T_d(h), T_a(h) per-hop serializations, the study
 * writes it in closed form:
 *
 * <pre>
 *   i₁     = min(m, ceil((p + Σ_{h=1..H-1} T_d(h)) / d) + 1)
 *   CCT    = i₁·d + (m − i₁)(d + a) + Σ_{h=1..H-1} T_d(h) + p + Σ_{h=0..H-1} T_a(h) + p
 * </pre>
 *
 * That form is not quite a lower bound: it counts the last data packet's trailing gap, which
 * delays nothing, and it puts m − i₁ ACKs ahead of the last data packet, while a sender whose
 * packet enters the NIC at its slot sends the ACKs due after that slot behind it. The bound here
 * is the model's host link played packet by packet ({@link HostLinkSchedule}): data packet k due
 * at its slot k·s (s = d at the fair share) and entering the FIFO NIC once packet k − 1 is on
 * the wire, the ACK for the peer's packet k due when that packet has arrived (its start plus
 * Σ_{h=0..H-1} T_d(h) + p), and the CCT the last ACK's start plus Σ_{h=0..H-1} T_a(h) + p. On the
 * study's worked example (800 Gb/s, 0.5 µs links, 6 hops, 4096 + 62 B data, 64 B ACK, 20 B gap,
 * m = 256: i₁ = 78) the closed form gives 17,056,940 ps and the bound 17,056,740 ps, the CCT a
 * perfect schedule (link-disjoint paths) reaches; on a one-leaf fabric (H = 2) with m = 64 the
 * bound has 37 ACKs, not 38, ahead of the last data packet.
 *
 * <h2>Planes</h2>
 * On P planes ({@code planes} > 1) the path given is one plane's (every rate 1/P of the
 * scenario's), the host paces at P times its host link's rate (the slot d is that of the whole
 * host), and its P ports each take a packet P times as long: each packet starts on the port that
 * frees first ({@link HostLinkSchedule}), and its serialization on every hop is that of a plane's
 * link. The throughput terms are those of one plane of P times the rate, so only the per-packet
 * latency grows, by about (P − 1) times the one-plane serializations of the last data packet and
 * its ACK along the path.
 */
public final class LowerBounds {

  private LowerBounds() {}

  /** Time to put {@code bytes} on a link of {@code bitsPerSecond}: floor(bytes·8·10¹²/rate) ps. */
  public static long serializationPs(long bytes, long bitsPerSecond) {
    if (bytes < 0) {
      throw new IllegalArgumentException("bytes to serialize must be >= 0, got " + bytes);
    }
    if (bitsPerSecond <= 0) {
      throw new IllegalArgumentException("link rate must be positive, got " + bitsPerSecond + " bit/s");
    }
    return PortConfig.serializationPs(bytes, bitsPerSecond);
  }

  /** Data packets needed for a message: ceil(bytes / payload). */
  public static long messagePackets(long bytes, PacketFormat format) {
    if (bytes <= 0) {
      throw new IllegalArgumentException("message size must be positive, got " + bytes + " bytes");
    }
    return format.packetsFor(bytes);
  }

  /**
   * One packet of {@code bytes} (as on the wire, gap excluded) crossing an idle path: the sum over
   * hops of serialization plus latency. Each switch stores the whole packet before forwarding it.
   */
  public static long storeAndForwardPs(PathProfile path, int bytes) {
    long t = 0;
    for (int h = 0; h < path.hops(); h++) {
      t += serializationPs(bytes, path.bitsPerSecond(h)) + path.latencyPs(h);
    }
    return t;
  }

  /**
   * Permutation bound: each host sends one flow of {@code packetsPerFlow} data packets over
   * {@code path} and ACKs the one flow it receives.
   */
  public static ThreePhaseBound permutation(PathProfile path, PacketFormat format, long packetsPerFlow) {
    return permutation(path, format, packetsPerFlow, 1);
  }

  /** {@link #permutation(PathProfile, PacketFormat, long)} on {@code planes} planes, {@code path} one plane's. */
  public static ThreePhaseBound permutation(PathProfile path, PacketFormat format, long packetsPerFlow, int planes) {
    return permutation(path, format, packetsPerFlow, planes, 1);
  }

  /**
   * {@link #permutation(PathProfile, PacketFormat, long, int)} with receivers that coalesce ACKs:
   * only every {@code ackEvery}-th data packet from the first, and the last, brings an ACK
   * ({@link HostLinkSchedule}); 1 = every packet.
   */
  public static ThreePhaseBound permutation(PathProfile path, PacketFormat format, long packetsPerFlow, int planes,
      int ackEvery) {
    if (packetsPerFlow <= 0) {
      throw new IllegalArgumentException("a flow needs at least 1 data packet, got " + packetsPerFlow);
    }
    return threePhase(path, format, packetsPerFlow, fullShareSlotPs(path, format, planes), planes, ackEvery);
  }

  /**
   * All-to-all bound, following the study's "host serialization time + propagation": each host
   * sends M = (n−1)·m data packets and, over the same time, ACKs the M packets it receives, so its
   * host link carries the three-phase pattern with m replaced by M; the tail uses the longest
   * (inter-pod) path.
   *
   * <p>Why no load balancer can beat it when all hosts start together: every byte a host sends
   * and every ACK it returns must cross its own host link, which no path choice can bypass, and
   * ACKs cannot be sent before data has first arrived. The tail assumes the host's last packet
   * goes to a farthest destination, which holds for senders that advance all n−1 flows together
   * (fair share); a sender that deliberately finished its far flows first could shave at most the
   * propagation difference between the longest and the shortest path.
   *
   * @param longestPath the inter-pod path (6 hops in a 3-tier fat tree)
   */
  public static ThreePhaseBound allToAll(PathProfile longestPath, PacketFormat format, int hosts,
      long packetsPerFlow) {
    if (hosts < 2) {
      throw new IllegalArgumentException("all-to-all needs at least 2 hosts, got " + hosts);
    }
    if (packetsPerFlow <= 0) {
      throw new IllegalArgumentException("a flow needs at least 1 data packet, got " + packetsPerFlow);
    }
    return threePhase(longestPath, format, Math.multiplyExact(hosts - 1L, packetsPerFlow),
        fullShareSlotPs(longestPath, format, 1), 1, 1);
  }

  /**
   * The bound under failures (study-notes §3–4): every flow sends at ρ_max = B/F, a fraction
   * {@code rhoFraction} of its failure-free fair share, so a host's data packets are due every
   * s = floor(d / rhoFraction) instead of every d; the host link's schedule is otherwise that of
   * {@link #permutation} (ACKs that fit in the pacing slack delay no data packet). With
   * {@code rhoFraction} = 1 (s = d) this is exactly {@link #permutation}. The tail uses the
   * given path's rates (the intact ones: a degraded hop only lengthens a path, so this stays a
   * lower bound).
   *
   * @param packets data packets per host (F·m)
   * @param rhoFraction ρ_max over the failure-free fair share, in (0, 1]
   */
  public static ThreePhaseBound atRate(PathProfile path, PacketFormat f, long packets, double rhoFraction) {
    return atRate(path, f, packets, rhoFraction, 1);
  }

  /** {@link #atRate(PathProfile, PacketFormat, long, double)} on {@code planes} planes, {@code path} one plane's. */
  public static ThreePhaseBound atRate(PathProfile path, PacketFormat f, long packets, double rhoFraction, int planes) {
    return atRate(path, f, packets, rhoFraction, planes, 1);
  }

  /** {@link #atRate(PathProfile, PacketFormat, long, double, int)} with an ACK for every {@code ackEvery}-th data packet. */
  public static ThreePhaseBound atRate(PathProfile path, PacketFormat f, long packets, double rhoFraction, int planes,
      int ackEvery) {
    if (!(rhoFraction > 0 && rhoFraction <= 1)) {
      throw new IllegalArgumentException("rho_max fraction must be in (0, 1], got " + rhoFraction);
    }
    if (packets <= 0) {
      throw new IllegalArgumentException("a flow needs at least 1 data packet, got " + packets);
    }
    long d = fullShareSlotPs(path, f, planes);
    long s = rhoFraction == 1 ? d : (long) Math.floor(d / rhoFraction);
    return threePhase(path, f, packets, s, planes, ackEvery);
  }

  /** d = T_d + T_g at the host's whole rate (its planes' together): the slot of a sender at its full fair share. */
  private static long fullShareSlotPs(PathProfile path, PacketFormat f, int planes) {
    long host = Math.multiplyExact(path.bitsPerSecond(0), planes);
    return serializationPs(f.dataBytes(), host) + serializationPs(f.gapBytes(), host);
  }

  private static ThreePhaseBound threePhase(PathProfile path, PacketFormat f, long m, long slotPs, int planes,
      int ackEvery) {
    if (planes < 1) {
      throw new IllegalArgumentException("planes must be >= 1, got " + planes);
    }
    if (ackEvery < 1) {
      throw new IllegalArgumentException("ACKs come every 1 or more data packets, got " + ackEvery);
    }
    long hostRate = path.bitsPerSecond(0);
    long gap = serializationPs(f.gapBytes(), hostRate);
    long dataPs = serializationPs(f.dataBytes(), hostRate);
    long ackPs = serializationPs(f.ackBytes(), hostRate);
    long p = path.propagationPs();
    long dataForwarding = 0; // Σ_{h=1..H-1} T_d(h): store-and-forward after the host link
    for (int h = 1; h < path.hops(); h++) {
      dataForwarding += serializationPs(f.dataBytes(), path.bitsPerSecond(h));
    }
    long ackSerialization = 0; // Σ_{h=0..H-1} T_a(h)
    for (int h = 0; h < path.hops(); h++) {
      ackSerialization += serializationPs(f.ackBytes(), path.bitsPerSecond(h));
    }
    return HostLinkSchedule.of(m, slotPs, dataPs + gap, ackPs + gap, dataPs + dataForwarding + p, ackSerialization + p,
        planes, ackEvery);
  }
}
