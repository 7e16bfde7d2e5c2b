package org.lbsim.metrics;

import java.util.Arrays;

/**
 * The links a packet crosses from sender to receiver, one entry per hop.
 *
 * <p>Hop 0 is the sender's host link (NIC to ToR); the last hop is the link into the receiver.
 * ACKs are assumed to come back over links of the same speeds and latencies, which holds in the
 * symmetric fabrics we model.
 *
 * @param bitsPerSecond link rate of each hop (never modified)
 * @param latencyPs propagation delay of each hop in picoseconds (never modified)
 */
public record PathProfile(long[] bitsPerSecond, long[] latencyPs) {

  public PathProfile {
    if (bitsPerSecond == null || latencyPs == null || bitsPerSecond.length == 0) {
      throw new IllegalArgumentException("a path needs at least 1 hop with a rate and a latency");
    }
    if (bitsPerSecond.length != latencyPs.length) {
      throw new IllegalArgumentException("a path needs one latency per hop, got "
          + bitsPerSecond.length + " rates and " + latencyPs.length + " latencies");
    }
    for (int h = 0; h < bitsPerSecond.length; h++) {
      if (bitsPerSecond[h] <= 0) {
        throw new IllegalArgumentException("hop " + h + " rate must be positive, got "
            + bitsPerSecond[h] + " bit/s");
      }
      if (latencyPs[h] < 0) {
        throw new IllegalArgumentException("hop " + h + " latency must be >= 0, got " + latencyPs[h] + " ps");
      }
    }
    bitsPerSecond = bitsPerSecond.clone();
    latencyPs = latencyPs.clone();
  }

  /** {@code hops} identical links, as in the study's fat tree (6 hops between pods). */
  public static PathProfile uniform(int hops, long bitsPerSecond, long latencyPs) {
    if (hops < 1) {
      throw new IllegalArgumentException("a path needs at least 1 hop, got " + hops);
    }
    long[] rates = new long[hops];
    long[] latencies = new long[hops];
    Arrays.fill(rates, bitsPerSecond);
    Arrays.fill(latencies, latencyPs);
    return new PathProfile(rates, latencies);
  }

  public int hops() {
    return bitsPerSecond.length;
  }

  public long bitsPerSecond(int hop) {
    return bitsPerSecond[hop];
  }

  public long latencyPs(int hop) {
    return latencyPs[hop];
  }

  /** One-way propagation delay: the sum of the per-hop latencies. */
  public long propagationPs() {
    long p = 0;
    for (long l : latencyPs) {
      p += l;
    }
    return p;
  }

  @Override
  public long[] bitsPerSecond() {
    return bitsPerSecond.clone();
  }

  @Override
  public long[] latencyPs() {
    return latencyPs.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PathProfile p && Arrays.equals(p.bitsPerSecond, bitsPerSecond)
        && Arrays.equals(p.latencyPs, latencyPs);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bitsPerSecond) * 31 + Arrays.hashCode(latencyPs);
  }

  @Override
  public String toString() {
    return "PathProfile[bitsPerSecond=" + Arrays.toString(bitsPerSecond) + ", latencyPs="
        + Arrays.toString(latencyPs) + "]";
  }
}
