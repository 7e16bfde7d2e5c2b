package org.lbsim.scenario;

import java.util.Map;

/**
 * The {@code packet.*} keys: packet sizes as the scenario writes them (the profile decides what
 * the wire sees, {@link Profile#wireFormat}).
 *
 * @param payloadBytes payload bytes per data packet
 * @param headerBytes header bytes per data packet
 * @param ackBytes ACK size
 * @param gapBytes inter-packet gap after every packet on the wire
 * @param ackCe which CE mark an ACK brings its sender ({@code packet.ack_ce})
 */
public record PacketSection(int payloadBytes, int headerBytes, int ackBytes, int gapBytes, AckCe ackCe) {
  /** Payload bytes a packet may carry. */
  static final int MAX_PAYLOAD = 1 << 20;
  /** Header, ACK and gap bytes a packet may have. */
  static final int MAX_HEADER = 65_535;

  /** Reads the section from the scenario's settings {@code v}; problems go to {@code r}. */
  static PacketSection read(ValueReader r, Map<String, String> v) {
    int payload = r.intValue(v, "packet.payload", 1, MAX_PAYLOAD);
    int header = r.intValue(v, "packet.header", 0, MAX_HEADER);
    int ack = r.intValue(v, "packet.ack", 1, MAX_HEADER);
    int gap = r.intValue(v, "packet.gap", 0, MAX_HEADER);
    String ackCe = r.choice(v, "packet.ack_ce");
    return new PacketSection(payload, header, ack, gap, ackCe == null ? AckCe.PROFILE : AckCe.parse(ackCe));
  }
}
