package org.lbsim.net;

/**
 * The fields of a {@link Packet} that the end hosts read and write (sending, receiving,
 * acknowledging), laid out by the JVM after {@link PacketHopFields} and before the rest: a data
 * packet or ACK arriving at its host touches the packet's first two cache lines and no more.
 */
public abstract class PacketHostFields extends PacketHopFields {
  /** Sequence number of a data packet, or of the data packet an ACK acknowledges. */
  public long seq;
  /** Application payload carried (0 for ACKs). */
  public int payloadBytes;
  /** On an ACK: the CE bit of the data packet it acknowledges. */
  public boolean ceEcho;
  /** On an ACK: payload bytes the receiver has received so far. */
  public long receivedBytes;
  /** Send time of the data packet (echoed by the ACK for RTT samples). */
  public long sentAtPs;
  /**
   * The transport's state for the end this packet travels to, set by the transport when it makes
   * the packet, so that delivery needs no lookup by flow id; null = look it up (a header that a
   * switch returned to its sender).
   */
  public Object endpoint;

  PacketHostFields() {}
}
