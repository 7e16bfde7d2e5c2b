package org.lbsim.transport;

import org.lbsim.lb.PathPolicy;
import org.lbsim.net.FabricCounters;
import org.lbsim.net.Host;
import org.lbsim.net.Packet;
import org.lbsim.net.PacketPool;

/**
 * The receiving end of one flow: counts coded payload and answers every data packet with one
 * ACK that echoes its sequence, entropy, send time and (by default) CE bit.
 */
final class Receiver {
  private final Transport transport;
  private final int flow;
  private final Host host;
  private final long neededBytes;
  private final PathPolicy ackPath; // null: the ACK echoes the data packet's entropy
  private long receivedBytes;
  private long completedAtPs = -1;
  private long packets;

  Receiver(Transport transport, int flow, Host host, long neededBytes, PathPolicy ackPath) {
    this.transport = transport;
    this.flow = flow;
    this.host = host;
    this.neededBytes = neededBytes;
    this.ackPath = ackPath;
  }

  void onData(Packet p, long nowPs) {
    PacketPool pool = transport.pool();
    FabricCounters counters = transport.counters();
    counters.dataDelivered++;
    packets++;
    receivedBytes += p.payloadBytes;
    Packet ack = pool.acquire();
    ack.type = Packet.ACK;
    ack.flow = flow;
    ack.src = p.dst;
    ack.dst = p.src;
    ack.seq = p.seq;
    ack.sizeBytes = transport.settings().format().ackBytes();
    ack.entropy = p.entropy;
    ack.ceEcho = transport.settings().ackEchoesCe() && p.ce;
    ack.receivedBytes = receivedBytes;
    ack.sentAtPs = p.sentAtPs;
    if (ackPath != null) {
      ackPath.choose(ack, nowPs); // the design steers ACKs itself (e.g. Host DR's ACK pointer)
    }
    pool.release(p);
    counters.ackSent++;
    host.send(ack);
    if (completedAtPs < 0 && receivedBytes >= neededBytes) {
      completedAtPs = nowPs;
      transport.onReceived(flow, nowPs);
    }
  }

  long receivedBytes() {
    return receivedBytes;
  }

  long completedAtPs() {
    return completedAtPs;
  }

  long packets() {
    return packets;
  }
}
