package org.lbsim.transport;

import org.lbsim.lb.PathPolicy;
import org.lbsim.net.FabricCounters;
import org.lbsim.net.Packet;
import org.lbsim.net.PacketPool;

/**
 * The receiving end of one flow: its loss recovery's half (a subclass, implementing
 * {@link ReceiverLogic}) decides what a data packet means; this class answers it at once with an
 * ACK or NACK that echoes its entropy, send time and (by default) CE bit. One object per flow, so
 * that a data packet reaches the recovery's state without a further dependent memory access
 * (docs/architecture.md, "Memory layout rules"). The fields every data packet uses are declared
 * in {@link ReceiverHotFields}, so that they are laid out together.
 */
abstract class Receiver extends ReceiverHotFields implements ReceiverLogic {
  /** The receiving end of {@code flow} in a run; all null / -1: the recovery's logic alone (tests). */
  Receiver(Transport transport, int flow, PathPolicy ackPath) {
    super(transport, flow, ackPath);
  }

  void onData(Packet p, long nowPs) {
    PacketPool pool = transport.pool();
    FabricCounters counters = transport.counters();
    counters.dataDelivered++;
    if (control != null) {
      long cnpInterval = transport.settings().cnpIntervalPs();
      if (cnpInterval >= 0 && p.ce && (control.lastCnpPs < 0 || nowPs - control.lastCnpPs >= cnpInterval)) {
        sendCnp(p, nowPs);
      }
      if (control.pacer != null) {
        noteDemand(p, p.trimmed);
      }
    }
    byte type = accept(p);
    if (type == ReceiverLogic.NO_REPLY) {
      pool.release(p);
    } else {
      Packet ack = pool.acquire();
      ack.type = type;
      ack.flow = flow;
      ack.src = p.dst;
      ack.dst = p.src;
      fill(p, ack);
      ack.sizeBytes = transport.settings().format().ackBytes();
      ack.entropy = p.entropy;
      ack.ceEcho = transport.settings().ackEchoesCe() && p.ce;
      if (control != null && control.pullNo != 0) {
        ack.extras().pullNo = control.pullNo; // every ACK echoes the grants so far
      }
      ack.sentAtPs = p.sentAtPs;
      ack.endpoint = sender;
      ack.copyIntFrom(p);
      if (ackPath != null) {
        ackPath.choose(ack, nowPs); // the design steers ACKs itself (e.g. Host DR's ACK pointer)
      }
      pool.release(p);
      counters.ackSent++;
      if (type == Packet.NACK) {
        counters.nackSent++;
      }
      transport.host(ack.src).send(ack);
    }
    if (completedAtPs < 0 && complete()) {
      completedAtPs = nowPs;
      transport.onReceived(flow, nowPs);
    }
  }

  /**
   * DCQCN's notification point: a CE-marked data packet makes the receiver send one congestion
   * notification packet (ACK-sized) to the sender, at most one per interval per flow.
   */
  private void sendCnp(Packet data, long nowPs) {
    control.lastCnpPs = nowPs;
    Packet cnp = transport.pool().acquire();
    cnp.type = Packet.CNP;
    cnp.flow = flow;
    cnp.src = data.dst;
    cnp.dst = data.src;
    cnp.sizeBytes = transport.settings().format().ackBytes();
    cnp.entropy = data.entropy;
    cnp.sentAtPs = nowPs;
    cnp.endpoint = sender;
    transport.counters().ackSent++; // CNPs travel and are counted with the ACKs
    transport.counters().cnpSent++;
    transport.host(cnp.src).send(cnp);
  }

  /**
   * Gives this receiver its congestion-control state (CNPs or pull credit); the transport makes
   * it for the runs that need it, after every flow's own objects.
   */
  void setControl(ReceiverControl control) {
    this.control = control;
  }

  ReceiverControl control() {
    return control;
  }

  /**
   * A data packet or request to send announces the sender's pull target; a trimmed packet or a
   * request is owed a pull at retransmission priority.
   */
  private void noteDemand(Packet p, boolean owed) {
    ReceiverControl c = control;
    c.senderHost = p.src;
    c.lastEntropy = p.entropy;
    c.creditTarget = Math.max(c.creditTarget, p.pullTarget());
    if (owed) {
      c.rtxOwed++;
    }
    if ((creditBacklog() > 0 || c.rtxOwed > 0) && !creditDone()) {
      c.pacer.request(this);
    }
  }

  /** A request to send (credit-driven sender without credit): header-only, counted with the ACKs. */
  void onRts(Packet p, long nowPs) {
    transport.counters().ackDelivered++;
    if (control != null && control.pacer != null) {
      noteDemand(p, true);
    }
    transport.pool().release(p);
  }

  /** Pulls the sender has asked for and not yet been granted. */
  long creditBacklog() {
    return control.creditTarget - control.pullNo;
  }

  long creditRtxOwed() {
    return control.rtxOwed;
  }

  boolean creditDone() {
    return completedAtPs >= 0;
  }

  /** The pacer grants this flow one more data packet: a PULL to the sender carrying the cumulative pull number. */
  void sendPull(long nowPs) {
    ReceiverControl c = control;
    c.pullNo++;
    if (c.rtxOwed > 0) {
      c.rtxOwed--;
    }
    Packet pull = transport.pool().acquire();
    pull.type = Packet.PULL;
    pull.flow = flow;
    pull.src = c.receiverHost;
    pull.dst = c.senderHost;
    pull.sizeBytes = transport.settings().format().ackBytes();
    pull.entropy = c.lastEntropy;
    pull.sentAtPs = nowPs;
    pull.extras().pullNo = c.pullNo;
    pull.endpoint = sender;
    if (ackPath != null) {
      ackPath.choose(pull, nowPs);
    }
    transport.counters().ackSent++; // pulls travel and are counted with the ACKs
    transport.counters().pullSent++;
    transport.host(pull.src).send(pull);
  }

  long completedAtPs() {
    return completedAtPs;
  }
}
