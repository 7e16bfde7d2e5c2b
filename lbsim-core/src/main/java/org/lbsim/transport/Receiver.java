package org.lbsim.transport;

import org.lbsim.lb.PathPolicy;
import org.lbsim.net.FabricCounters;
import org.lbsim.net.Host;
import org.lbsim.net.Packet;
import org.lbsim.net.PacketPool;

/**
 * The receiving end of one flow: its {@link ReceiverLogic} decides what a data packet means;
 * this class answers it at once with an ACK or NACK that echoes its entropy, send time and (by
 * default) CE bit.
 */
final class Receiver {
  private final Transport transport;
  private final int flow;
  private final Host host;
  private final ReceiverLogic logic;
  private final PathPolicy ackPath; // null: the ACK echoes the data packet's entropy
  private long completedAtPs = -1;
  private long packets;
  private long lastCnpPs = -1;

  Receiver(Transport transport, int flow, Host host, ReceiverLogic logic, PathPolicy ackPath) {
    this.transport = transport;
    this.flow = flow;
    this.host = host;
    this.logic = logic;
    this.ackPath = ackPath;
  }

  void onData(Packet p, long nowPs) {
    PacketPool pool = transport.pool();
    FabricCounters counters = transport.counters();
    counters.dataDelivered++;
    packets++;
    long cnpInterval = transport.settings().cnpIntervalPs();
    if (cnpInterval >= 0 && p.ce && (lastCnpPs < 0 || nowPs - lastCnpPs >= cnpInterval)) {
      sendCnp(p, nowPs);
    }
    byte type = logic.onData(p);
    if (type == ReceiverLogic.NO_REPLY) {
      pool.release(p);
    } else {
      Packet ack = pool.acquire();
      ack.type = type;
      ack.flow = flow;
      ack.src = p.dst;
      ack.dst = p.src;
      logic.fill(p, ack);
      ack.sizeBytes = transport.settings().format().ackBytes();
      ack.entropy = p.entropy;
      ack.ceEcho = transport.settings().ackEchoesCe() && p.ce;
      ack.sentAtPs = p.sentAtPs;
      ack.copyIntFrom(p);
      if (ackPath != null) {
        ackPath.choose(ack, nowPs); // the design steers ACKs itself (e.g. Host DR's ACK pointer)
      }
      pool.release(p);
      counters.ackSent++;
      if (type == Packet.NACK) {
        counters.nackSent++;
      }
      host.send(ack);
    }
    if (completedAtPs < 0 && logic.complete()) {
      completedAtPs = nowPs;
      transport.onReceived(flow, nowPs);
    }
  }

  /**
   * DCQCN's notification point: a CE-marked data packet makes the receiver send one congestion
   * notification packet (ACK-sized) to the sender, at most one per interval per flow.
   */
  private void sendCnp(Packet data, long nowPs) {
    lastCnpPs = nowPs;
    Packet cnp = transport.pool().acquire();
    cnp.type = Packet.CNP;
    cnp.flow = flow;
    cnp.src = data.dst;
    cnp.dst = data.src;
    cnp.sizeBytes = transport.settings().format().ackBytes();
    cnp.entropy = data.entropy;
    cnp.sentAtPs = nowPs;
    transport.counters().ackSent++; // CNPs travel and are counted with the ACKs
    transport.counters().cnpSent++;
    host.send(cnp);
  }

  long completedAtPs() {
    return completedAtPs;
  }

  long packets() {
    return packets;
  }

  long duplicates() {
    return logic.duplicates();
  }
}
