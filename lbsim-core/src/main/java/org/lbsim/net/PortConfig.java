package org.lbsim.net;

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

  public static long serializationPs(long bytes, long bitsPerSecond) {
    return Math.multiplyHigh(bytes, 8_000_000_000_000L) == 0
        ? bytes * 8_000_000_000_000L / bitsPerSecond
        : (long) ((double) bytes * 8e12 / bitsPerSecond);
  }
}
