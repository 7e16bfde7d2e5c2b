package org.lbsim.transport;

/**
 * What happened to one flow.
 *
 * @param startPs when its sender started (the origin of its FCT); -1 if it never started
 * @param finishPs when the ACK that completed it reached the sender; -1 if unfinished
 * @param receivedPs when the receiver held everything it needed; -1 if never
 * @param packetsSent data packets sent, repairs included
 * @param packetsLost packets the sender declared lost
 * @param meanRttPs mean RTT sample over its ACKs
 * @param retransmissions data packets sent again (a sequence sent before)
 * @param spuriousRetransmissions packets the receiver got twice: retransmissions whose original had arrived
 * @param timeouts retransmission timeouts that expired
 */
public record FlowOutcome(int id, int src, int dst, long bytes, long startPs, long finishPs, long receivedPs,
    long packetsSent, long packetsLost, long meanRttPs, long retransmissions, long spuriousRetransmissions,
    long timeouts) {

  public boolean finished() {
    return finishPs >= 0;
  }

  /** Flow completion time, or -1 if unfinished. */
  public long fctPs() {
    return finishPs < 0 ? -1 : finishPs - startPs;
  }
}
