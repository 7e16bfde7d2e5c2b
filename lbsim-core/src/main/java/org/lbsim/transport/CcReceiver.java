package org.lbsim.transport;

import org.lbsim.net.Packet;

/**
 * The receiver part of a congestion control whose feedback the receiver computes: one per flow,
 * made by its design's receiver factory ({@code CcDesign.withReceiver}) only in the runs of that
 * design. It sees every data packet of its flow as it arrives, before the loss recovery records
 * it (duplicates and trimmed headers included), and answers through the {@link ControlChannel}
 * with control packets ({@link Packet#CONTROL}) that the flow's {@link CongestionControl}
 * receives in {@link CongestionControl#onControl}. What the two parts tell each other beyond the
 * packet's own fields travels in the design's word ({@link Packet#designWord()}): the sender
 * writes it on data packets ({@link CongestionControl#stamp}), the receiver part on its control
 * packets.
 *
 * <p>It is called for every data packet: it allocates at set-up, not per packet, and draws no
 * randomness (docs/extending.md, "The contract").
 */
@FunctionalInterface
public interface CcReceiver {
  /**
   * Data packet {@code data} of this flow reached the receiver at {@code nowPs}; {@code toSender}
   * sends control packets back, answering it.
   */
  void onData(Packet data, ControlChannel toSender, long nowPs);
}
