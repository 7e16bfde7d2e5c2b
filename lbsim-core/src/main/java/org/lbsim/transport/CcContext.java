package org.lbsim.transport;

import org.lbsim.engine.SplitMix;

/**
 * What a congestion control learns about its flow when it is created.
 *
 * @param idealGapPs the ideal constant-rate gap: rate_coef x the flow's fair share of its host link
 * @param lineSlotPs one data packet plus the inter-packet gap at the host link rate (line rate)
 * @param hostBitsPerSecond the host link rate
 * @param dataBytes bytes of a data packet on the wire (the gap excluded)
 * @param baseRttPs round trip of the unloaded path: a data packet out, its ACK back
 * @param hops switches on the flow's path
 * @param jitter positive pacing jitter stream (reference profile) or null
 */
public record CcContext(long idealGapPs, long lineSlotPs, long hostBitsPerSecond, int dataBytes,
    long baseRttPs, int hops, SplitMix jitter) {

  /** Bandwidth-delay product of the unloaded path at the host link rate, in data packets (>= 1). */
  public double bdpPackets() {
    return Math.max(1.0, (double) baseRttPs / lineSlotPs);
  }

  /** Bytes per second of the host link. */
  public double hostBytesPerPs() {
    return hostBitsPerSecond / 8e12;
  }
}
