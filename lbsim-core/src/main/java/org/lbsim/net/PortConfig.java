package org.lbsim.net;

import java.math.BigInteger;

/**
 * How an egress port behaves.
 *
 * @param bitsPerSecond line rate
 * @param capacityBytes buffer; a packet that would make the queued bytes (the one being
 *     serialized included) exceed it is dropped on arrival; {@link Long#MAX_VALUE} = unbounded
 * @param ecnThresholdBytes a departing packet is CE-marked when the queued bytes, itself
 *     included, exceed this; negative disables marking
 * @param gapBytes idle line time after every packet (preamble + inter-packet gap)
 */
public record PortConfig(long bitsPerSecond, long capacityBytes, long ecnThresholdBytes, int gapBytes) {

  public PortConfig {
    if (bitsPerSecond <= 0) {
      throw new IllegalArgumentException("port rate must be positive, got " + bitsPerSecond + " bit/s");
    }
    if (capacityBytes <= 0) {
      throw new IllegalArgumentException("port buffer must be positive, got " + capacityBytes + " B");
    }
    if (gapBytes < 0) {
      throw new IllegalArgumentException("inter-packet gap must be >= 0, got " + gapBytes + " B");
    }
  }

  /** Time to serialize {@code bytes} at this rate, truncated to whole picoseconds. */
  public long serializationPs(long bytes) {
    return serializationPs(bytes, bitsPerSecond);
  }

  /**
   * Time to serialize {@code bytes} (>= 0) at {@code bitsPerSecond}, truncated to whole
   * picoseconds: exact for every size, in long arithmetic while bytes x 8e12 fits a long
   * (up to {@link #LONG_EXACT_BYTES} bytes) and in BigInteger beyond.
   *
   * @throws ArithmeticException if the time exceeds {@link Long#MAX_VALUE} ps (about 107 days)
   */
  public static long serializationPs(long bytes, long bitsPerSecond) {
    if (bytes <= LONG_EXACT_BYTES) {
      return bytes * PS_BITS_PER_BYTE / bitsPerSecond;
    }
    return BigInteger.valueOf(bytes).multiply(BigInteger.valueOf(PS_BITS_PER_BYTE))
        .divide(BigInteger.valueOf(bitsPerSecond)).longValueExact();
  }

  /** Picoseconds per second x bits per byte. */
  private static final long PS_BITS_PER_BYTE = 8_000_000_000_000L;
  /** The largest byte count whose bytes x 8e12 fits a signed long. */
  public static final long LONG_EXACT_BYTES = Long.MAX_VALUE / PS_BITS_PER_BYTE;
}
