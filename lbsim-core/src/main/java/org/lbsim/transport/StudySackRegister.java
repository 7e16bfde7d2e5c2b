package org.lbsim.transport;

/**
 * The SACK bitmap that the study simulator's receiver keeps and its SACK sender reads
 * ({@code ConstantCcaSubflowSink::receivePacket}, {@code ConstantCcaSubflowSrc::handle_ack}): one
 * 64-bit word, bit 63 − k for the packet k beyond the cumulative ack (k = 0: the packet the
 * receiver lacks first). The cumulative ack moving on by n packets shifts the word left by n; a
 * packet arriving beyond it, new or again, sets its bit by shifting bit 63 right by its distance,
 * which the C++ shift takes mod 64 on x86. So a packet 64 or more beyond the cumulative ack marks
 * one much nearer, possibly the lacking packet itself, and the mark moves with the word: the
 * sender then takes packets the receiver lacks for held. This word, not what the receiver holds,
 * is what the ACKs carry under {@link TransportProfile#studySackBitmap()}.
 */
final class StudySackRegister {
  private long word;

  /** A packet {@code distance} (at least 1) beyond the cumulative ack arrived, new or again. */
  void arrivedBeyond(long distance) {
    word |= Long.MIN_VALUE >>> distance; // a long shift uses the count's six low bits, as x86 does
  }

  /** The cumulative ack moved on by {@code packets}. */
  void advanced(long packets) {
    word = packets >= Long.SIZE ? 0 : word << packets;
  }

  /**
   * The word in the layout of SACK's ACKs: bit i = the packet i + 1 beyond the cumulative ack
   * marked, for i up to 62; bit 63 = the lacking packet itself marked (which the study's sender
   * then does not resend).
   */
  long sackBits() {
    long byDistance = Long.reverse(word); // bit k = the packet k beyond
    return (byDistance >>> 1) | (byDistance << 63);
  }
}
