package org.lbsim.transport;

import org.lbsim.lb.PathPolicy;
import org.lbsim.net.Endpoint;
import org.lbsim.net.FabricCounters;
import org.lbsim.net.Packet;
import org.lbsim.net.PacketPool;

/**
 * The receiving end of one flow: its loss recovery's receiver (a subclass, implementing
 * {@link ReceiverLogic}) decides what a data packet means; this class answers it at once with an
 * ACK or NACK that echoes its entropy, send time and (by default) CE bit. One object per flow, so
 * that a data packet reaches the recovery's state without a further dependent memory access
 * (docs/architecture.md, "Memory layout rules"). A congestion control that needs the receiver's
 * help (CNPs, pull credit) has it from the flow's {@link ReceiverControl}, which sees every data
 * packet before the recovery does.
 */
abstract class Receiver implements ReceiverLogic, Endpoint {
  final Transport transport; // also the way to this flow's host: no Host field per flow
  final PathPolicy ackPath; // null: the ACK echoes the data packet's entropy
  Sender sender; // the other end: its ACKs carry it, so their delivery needs no lookup
  private ReceiverControl control; // null = the run's congestion control needs no receiver part
  final int flow;
  private long completedAtPs = -1;

  /** The receiving end of {@code flow} in a run; all null / -1: the recovery's logic alone (tests). */
  Receiver(Transport transport, int flow, PathPolicy ackPath) {
    this.transport = transport;
    this.flow = flow;
    this.ackPath = ackPath;
  }

  /** A data packet, or a request to send (credit-driven sender without credit). */
  @Override
  public final void deliver(Packet p, long nowPs) {
    if (p.type == Packet.RTS) {
      onRts(p, nowPs);
    } else {
      onData(p, nowPs);
    }
  }

  private void onData(Packet p, long nowPs) {
    PacketPool pool = transport.pool(p.dst); // p.dst: this receiver's host
    FabricCounters counters = transport.counters(p.dst);
    counters.dataDelivered++;
    ReceiverControl c = control;
    if (c != null) {
      c.onData(this, p, nowPs);
    }
    byte type = accept(p);
    if (type == Packet.ACK && transport.settings().ackCoalesceBytes() > 0 && !acksAtOnce(p)) {
      type = ReceiverLogic.NO_REPLY; // a later ACK covers it
    }
    if (type == ReceiverLogic.NO_REPLY) {
      pool.release(p);
    } else {
      Packet ack = pool.header(type, flow, p.dst, p.src, transport.settings().format().ackBytes(), p.entropy,
          p.sentAtPs, sender);
      fill(p, ack);
      ack.ceEcho = transport.settings().ackEchoesCe() && p.ce;
      if (c != null) {
        long grants = c.pullNo();
        if (grants != 0) {
          ack.extras().pullNo = grants; // every ACK echoes the grants so far
        }
      }
      ack.copyIntFrom(p);
      if (ackPath != null) {
        ackPath.choose(ack, nowPs); // the design steers ACKs itself (e.g. Host DR's ACK pointer)
      }
      pool.release(p);
      counters.ackSent++;
      if (type == Packet.NACK) {
        counters.nackSent++;
      }
      transport.send(transport.host(ack.src), ack);
    }
    if (completedAtPs < 0 && complete()) {
      completedAtPs = nowPs;
      transport.onReceived(flow, nowPs);
    }
  }

  /** A request to send: header-only, counted with the ACKs; only a receiver with pull credit acts on it. */
  private void onRts(Packet p, long nowPs) {
    transport.counters(p.dst).ackDelivered++;
    if (control != null) {
      control.onRts(this, p, nowPs);
    }
    transport.pool(p.dst).release(p);
  }

  /**
   * Gives this receiver its part in congestion control; the transport makes it for the runs that
   * need it, after every flow's own objects.
   */
  void setControl(ReceiverControl control) {
    this.control = control;
  }

  /**
   * A header-only control packet of this flow ({@link Packet#CNP}, {@link Packet#PULL}, {@link Packet#CONTROL}) from
   * {@code srcHost} to its sender at {@code dstHost}, sent at {@code nowPs}; the caller sends it.
   */
  Packet toSender(byte type, int srcHost, int dstHost, int entropy, long nowPs) {
    return transport.pool(srcHost).header(type, flow, srcHost, dstHost, transport.settings().format().ackBytes(), entropy,
        nowPs, sender);
  }

  long completedAtPs() {
    return completedAtPs;
  }
}
