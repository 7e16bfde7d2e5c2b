package org.lbsim.transport;

import org.lbsim.net.Packet;

/**
 * DCQCN's notification point at a flow's receiver: a CE-marked data packet makes it send one
 * congestion notification packet (ACK-sized) to the sender, at most one per the run's CNP
 * interval ({@link TransportSettings#cnpIntervalPs()}, the congestion control's parameter).
 */
final class CnpNotifier extends ReceiverControl {
  private long lastCnpPs = -1; // -1: none sent yet

  @Override
  void onData(Receiver r, Packet data, long nowPs) {
    if (data.ce && (lastCnpPs < 0 || nowPs - lastCnpPs >= r.transport.settings().cnpIntervalPs())) {
      lastCnpPs = nowPs;
      Packet cnp = r.toSender(Packet.CNP, data.dst, data.src, data.entropy, nowPs);
      r.transport.counters(cnp.src).ackSent++; // CNPs travel and are counted with the ACKs
      r.transport.counters(cnp.src).cnpSent++;
      r.transport.send(r.transport.host(cnp.src), cnp);
    }
  }
}
