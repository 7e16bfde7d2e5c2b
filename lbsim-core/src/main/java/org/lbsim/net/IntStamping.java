package org.lbsim.net;

/**
 * In-band telemetry (HPCC) on a port (attached only when a scenario stamps): each departing data
 * packet gets this hop's record, naming the port {@code portId}, while its record has room.
 */
final class IntStamping {
  private final int portId;

  IntStamping(int portId) {
    this.portId = portId;
  }

  /**
   * Stamps the data packet {@code p}, which starts serializing at {@code now} and leaves
   * {@code queueBytes} behind, after {@code txBytes} sent by the port at {@code bitsPerSecond}.
   */
  void stamp(Packet p, long queueBytes, long txBytes, long now, long bitsPerSecond) {
    PacketExtras x = p.intRecord();
    int h = x.intHops++;
    x.intPort[h] = portId;
    x.intQueueBytes[h] = queueBytes;
    x.intTxBytes[h] = txBytes;
    x.intTimePs[h] = now;
    x.intBitsPerSecond[h] = bitsPerSecond;
  }
}
