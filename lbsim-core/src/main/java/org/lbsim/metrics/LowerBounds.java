package org.lbsim.metrics;

import java.math.BigInteger;
import org.lbsim.net.PacketFormat;

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
 * host sends only data (phase 1, i₁ packets); afterwards every data packet it sends shares the
 * link with one ACK (phase 2); after the last data packet leaves, the bound adds the time for it
 * to reach its receiver and for its ACK to come back (phase 3). With T_d, T_a, T_g the host-link
 * serialization of a data packet, an ACK and the inter-packet gap, d = T_d + T_g,
 * a = T_a + T_g, p the one-way propagation and T_d(h), T_a(h) per-hop serializations:
 *
 * <pre>
 *   i₁     = min(m, ceil((p + Σ_{h=1..H-1} T_d(h)) / d) + 1)
 *   CCT_LB = i₁·d + (m − i₁)(d + a) − T_g + Σ_{h=1..H-1} T_d(h) + p + Σ_{h=0..H-1} T_a(h) + p
 * </pre>
 *
 * Every packet but the last is followed by its gap before the next one starts; the last data
 * packet is on its way once its own T_d is serialized, so its trailing gap (− T_g) delays
 * nothing. This is our reconstruction of the study's bound (study-notes §4) without that gap:
 * on the study's worked example (800 Gb/s, 0.5 µs links, 6 hops, 4096 + 62 B data, 64 B ACK,
 * 20 B gap, m = 256: i₁ = 78) the study's formula gives 17,056,940 ps and this bound
 * 17,056,740 ps, the CCT a perfect schedule (link-disjoint paths) reaches.
 */
public final class LowerBounds {

  private static final long PS_BITS_PER_SECOND = 8_000_000_000_000L; // 8 bits × 10¹² ps/s

  private LowerBounds() {}

  /** Time to put {@code bytes} on a link of {@code bitsPerSecond}: floor(bytes·8·10¹²/rate) ps. */
  public static long serializationPs(long bytes, long bitsPerSecond) {
    if (bytes < 0) {
      throw new IllegalArgumentException("bytes to serialize must be >= 0, got " + bytes);
    }
    if (bitsPerSecond <= 0) {
      throw new IllegalArgumentException("link rate must be positive, got " + bitsPerSecond + " bit/s");
    }
    if (bytes <= Long.MAX_VALUE / PS_BITS_PER_SECOND) {
      return bytes * PS_BITS_PER_SECOND / bitsPerSecond;
    }
    return BigInteger.valueOf(bytes).multiply(BigInteger.valueOf(PS_BITS_PER_SECOND))
        .divide(BigInteger.valueOf(bitsPerSecond)).longValueExact();
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
    if (packetsPerFlow <= 0) {
      throw new IllegalArgumentException("a flow needs at least 1 data packet, got " + packetsPerFlow);
    }
    return threePhase(path, format, packetsPerFlow, fullShareSlotPs(path, format));
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
    return threePhase(longestPath, format, Math.multiplyExact(hosts - 1L, packetsPerFlow), fullShareSlotPs(longestPath, format));
  }

  /**
   * The bound under failures (study-notes §3–4): every flow sends at ρ_max = B/F, a fraction
   * {@code rhoFraction} of its failure-free fair share, so a host starts a data packet every
   * s = floor(d / rhoFraction) instead of every d. The three phases keep their shape with the
   * host slot stretched: i₁ = min(M, ceil((p + Σ T_d(h)) / s) + 1) packets go before the first ACK
   * is due; from then on a slot carries a data packet and, when s < d + a, is stretched to d + a
   * by the ACK that shares the host link; the last packet occupies only its own d (+ a if its
   * ACK cannot fit in the pacing slack) without its trailing gap, and the tail is as in the
   * failure-free bound:
   *
   * <pre>
   *   i₁ = M:  CCT = (M − 1)·s + T_d + tail
   *   i₁ < M:  CCT = i₁·s + (M − i₁ − 1)·max(s, d + a) + (s ≥ d + a ? T_d : T_d + a) + tail
   *   tail    = Σ_{h=1..H-1} T_d(h) + p + Σ_{h=0..H-1} T_a(h) + p
   * </pre>
   *
   * With {@code rhoFraction} = 1 (s = d) this is exactly {@link #permutation}. The tail uses the
   * given path's rates (the intact ones: a degraded hop only lengthens a path, so this stays a
   * lower bound).
   *
   * @param packets data packets per host (F·m)
   * @param rhoFraction ρ_max over the failure-free fair share, in (0, 1]
   */
  public static ThreePhaseBound atRate(PathProfile path, PacketFormat f, long packets, double rhoFraction) {
    if (!(rhoFraction > 0 && rhoFraction <= 1)) {
      throw new IllegalArgumentException("rho_max fraction must be in (0, 1], got " + rhoFraction);
    }
    if (packets <= 0) {
      throw new IllegalArgumentException("a flow needs at least 1 data packet, got " + packets);
    }
    long d = fullShareSlotPs(path, f);
    long s = rhoFraction == 1 ? d : (long) Math.floor(d / rhoFraction);
    return threePhase(path, f, packets, s);
  }

  /** d = T_d + T_g on the host link: the slot of a sender at its full fair share. */
  private static long fullShareSlotPs(PathProfile path, PacketFormat f) {
    return serializationPs(f.dataBytes(), path.bitsPerSecond(0)) + serializationPs(f.gapBytes(), path.bitsPerSecond(0));
  }

  private static ThreePhaseBound threePhase(PathProfile path, PacketFormat f, long m, long slotPs) {
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
    return HostLinkSchedule.of(m, slotPs, dataPs + gap, ackPs + gap, dataPs + dataForwarding + p, ackSerialization + p);
  }
}
