package org.lbsim.scenario;

/**
 * The {@code packet.*} keys: packet sizes as the scenario writes them (the profile decides what
 * the wire sees, {@link Profile#wireFormat}).
 *
 * @param payloadBytes payload bytes per data packet
 * @param headerBytes header bytes per data packet
 * @param ackBytes ACK size
 * @param gapBytes inter-packet gap after every packet on the wire
 */
public record PacketSection(int payloadBytes, int headerBytes, int ackBytes, int gapBytes) {}
