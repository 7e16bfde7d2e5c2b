package org.lbsim.transport;

import org.lbsim.net.Packet;

/**
 * A plug-in's receiver part ({@link CcReceiver}) in its flow's receiver: the transport's
 * {@link ReceiverControl} that hands it each data packet, and the {@link ControlChannel} its
 * control packets leave through, addressed, routed and counted as {@link ControlChannel} says.
 */
final class PartControl extends ReceiverControl implements ControlChannel {
  private final CcReceiver part;
  private final Receiver receiver;

  PartControl(CcReceiver part, Receiver receiver) {
    this.part = part;
    this.receiver = receiver;
  }

  @Override
  void onData(Receiver r, Packet p, long nowPs) {
    part.onData(p, this, nowPs);
  }

  @Override
  public void send(Packet data, long word, long nowPs) {
    Packet control = receiver.toSender(Packet.CONTROL, data.dst, data.src, data.entropy, nowPs);
    control.setDesignWord(word);
    if (receiver.ackPath != null) {
      receiver.ackPath.choose(control, nowPs); // the design steers ACKs: its control packets go the same way
    }
    Transport t = receiver.transport;
    t.counters(control.src).ackSent++; // control packets travel and are counted with the ACKs
    t.counters(control.src).controlSent++;
    t.send(t.host(control.src), control);
  }
}
