package org.lbsim.net;

/**
 * Sizes of what goes on the wire, in bytes.
 *
 * <p>The study's RoCEv2-like format: 4096 B payload + 62 B header per data packet, 64 B ACKs,
 * and a 20 B inter-packet gap (preamble + IPG) after every packet on every link. The gap takes
 * link time but no buffer space.
 *
 * @param payloadBytes application bytes per data packet (MSS)
 * @param headerBytes bytes of headers on every data packet
 * @param ackBytes size of an ACK / NACK on the wire
 * @param gapBytes idle bytes the link spends after every packet
 * @param pacingSlotBytes the bytes one paced data packet "costs" its host link when a sender
 *     computes its fair-share rate; by default one data packet and its gap, so that a lone flow
 *     sends at line rate (the study's ideal sender). ACKs of the flows a host receives then share
 *     its FIFO NIC with its data, which reproduces the study's three-phase data/ACK schedule
 */
public record PacketFormat(int payloadBytes, int headerBytes, int ackBytes, int gapBytes, int pacingSlotBytes) {

  /** The study's default format. */
  public static PacketFormat study() {
    return of(4096, 62, 64, 20);
  }

  public static PacketFormat of(int payloadBytes, int headerBytes, int ackBytes, int gapBytes) {
    return new PacketFormat(payloadBytes, headerBytes, ackBytes, gapBytes, payloadBytes + headerBytes + gapBytes);
  }

  /** Bytes of a data packet on the wire (serialized, buffered), gap excluded. */
  public int dataBytes() {
    return payloadBytes + headerBytes;
  }

  /** Number of data packets for a message of {@code bytes}. */
  public long packetsFor(long bytes) {
    return (bytes + payloadBytes - 1) / payloadBytes;
  }
}
