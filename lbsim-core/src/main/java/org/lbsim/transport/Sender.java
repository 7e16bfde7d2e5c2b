package org.lbsim.transport;

import org.lbsim.engine.EventTarget;
import org.lbsim.engine.Simulator;
import org.lbsim.lb.FlowInfo;
import org.lbsim.lb.PathPolicy;
import org.lbsim.net.Host;
import org.lbsim.net.Packet;
import org.lbsim.net.PacketFormat;

/**
 * The sending end of one flow, composed of a host path policy (which entropy), a congestion
 * control (how fast) and a loss recovery (what to send, when done). It wakes up once per pacing
 * slot; a slot sends at most one data packet. A retransmission timer (one pending event at most,
 * armed lazily from the recovery's deadline and re-read when it fires) drives timeouts. The
 * fields a slot and an ACK use are declared in {@link SenderHotFields}, so that they are laid out
 * together.
 */
final class Sender extends SenderHotFields implements EventTarget, FlowInfo {
  private static final int TICK = 0;
  private static final int TIMER = 1;

  private long timerAtPs;
  // What only some runs use lives elsewhere, so that it does not spread every flow's state over
  // more memory (docs/performance.md, "Session 11"): the nominal gap and the start time in the
  // transport's per-flow arrays, the NIC back-pressure state in its own object.
  private NicPacing nic; // null: no NIC back-pressure

  /** NIC back-pressure: the sender's gate and its nominal slot times (see {@link #tickWithBackpressure}). */
  private static final class NicPacing {
    final NicGate gate;
    // a flow held back by its NIC may catch up at most one gap's worth of slots: a paced flow
    // must not turn into a burst after a long stall. A reactive congestion control sets its own
    // pace from feedback, so it gets no catch-up credit at all.
    final long maxCatchUpPs;
    long nominalPs;
    boolean awaiting;

    NicPacing(NicGate gate, long maxCatchUpPs) {
      this.gate = gate;
      this.maxCatchUpPs = maxCatchUpPs;
    }
  }

  /** A sender, which is also the flow's RTT estimator; its loss recovery follows ({@link #setLossRecovery}). */
  Sender(Transport transport, int flow, Host host, int dst, CongestionControl cc) {
    super(transport, flow, host, dst, cc);
  }

  @Override
  protected long minRtoPs() {
    return transport.settings().minRtoPs();
  }

  /** Attaches the loss recovery (made after the sender, because it reads the sender's RTT estimate). */
  void setLossRecovery(LossRecovery lr) {
    this.lr = lr;
  }

  /** The run's clock, through the transport: one reference fewer in each of 16,000 senders. */
  private Simulator sim() {
    return transport.simulator();
  }

  /** Packets the loss recovery must get across (the message plus erasure overhead): a credit-driven sender's demand. */
  void setTargetPackets(long packets) {
    this.targetPackets = packets;
  }

  CongestionControl congestionControl() {
    return cc;
  }

  /**
   * Packets this flow still has to (re)send: new ones not yet sent plus the ones the recovery
   * declared lost (each is resent, or replaced by a coded one).
   */
  private long pendingPackets() {
    return Math.max(0, targetPackets - packetsSent + lr.packetsDeclaredLost());
  }

  /** Attaches the host path policy (created after the sender, because it may ask the sender about the flow). */
  void setPath(PathPolicy path) {
    this.path = path;
  }

  @Override
  public int flow() {
    return flow;
  }

  @Override
  public int src() {
    return host.id();
  }

  @Override
  public int dst() {
    return dst;
  }

  @Override
  public long pacingGapPs() {
    return transport.nominalGapPs(flow);
  }

  /** Starts pacing at {@code firstSlotPs}; the flow's completion time is measured from {@code originPs}. */
  void start(long originPs, long firstSlotPs) {
    transport.noteStart(flow, originPs);
    if (nic != null) {
      nic.nominalPs = firstSlotPs;
    }
    sim().schedule(firstSlotPs, this, TICK, 0);
  }

  /** The sender's first cache line, which a pacing slot or a timer reads first. */
  @Override
  public long prefetch() {
    return finishPs;
  }

  @Override
  public void onEvent(int kind, long arg) {
    if (finishPs >= 0) {
      return;
    }
    long now = sim().now();
    if (kind == TIMER) {
      if (!timerPending || now != timerAtPs) {
        return; // superseded by an earlier deadline
      }
      timerPending = false;
      long deadline = lr.timerDeadlinePs();
      if (deadline >= 0 && deadline <= now) {
        lr.onTimeout(now);
        lostSeen = lr.packetsDeclaredLost(); // the timeout is the congestion signal, not each loss
        cc.onTimeout(now);
        wake(now);
      }
      armTimer(now);
      return;
    }
    if (arg != tickGeneration) {
      return; // a wake-up after a window stall started a newer chain of slots
    }
    if (nicBackpressure) {
      tickWithBackpressure(now);
      return;
    }
    if (!windowOpen(now)) {
      return;
    }
    long seq = lr.nextToSend(now);
    if (seq >= 0) {
      send(seq, now);
    }
    noteLosses(now);
    lastSlotPs = now;
    nextSlotPs = now + cc.pacingGapPs(now);
    sim().schedule(nextSlotPs, this, TICK, tickGeneration);
  }

  /**
   * Whether the congestion window lets a packet leave now. If not, the sender stops ticking
   * until feedback arrives ({@link #wake}); a fallback slot one RTO later re-checks, because a
   * recovery without a timer (erasure coding) settles its losses only when asked.
   */
  private boolean windowOpen(long now) {
    if (cc.mayTransmit(lr.inFlight(now))) {
      return true;
    }
    noteLosses(now);
    requestToSend(now);
    windowBlocked = true;
    sim().schedule(now + Math.max(rtoPs(), cc.pacingGapPs(now)), this, TICK, tickGeneration);
    return false;
  }

  /** Feedback may have opened the window of a stalled sender: restart its slots now. */
  private void wake(long now) {
    if (windowBlocked && finishPs < 0) {
      windowBlocked = false;
      tickGeneration++;
      sim().schedule(now, this, TICK, tickGeneration);
    }
  }

  /** Tells the congestion control about losses the recovery declared since it last looked. */
  private void noteLosses(long now) {
    long lost = lr.packetsDeclaredLost();
    if (lost > lostSeen) {
      long d = lost - lostSeen;
      lostSeen = lost;
      cc.onLoss(d, now);
    }
  }

  /** The NIC has room again for this sender's slot (see {@link NicGate}). */
  void resume(long now) {
    nic.awaiting = false;
    if (finishPs < 0) {
      sendInSlot(now);
    }
  }

  void setGate(NicGate gate) {
    this.nic = new NicPacing(gate, reactive ? 0 : transport.nominalGapPs(flow));
  }

  /**
   * Pacing against nominal slot times: while the NIC holds a whole data packet besides the one it
   * is serializing, the slot's packet waits in the host's {@link NicGate} without losing the slot, so the flows sharing a host keep their fair share and the link stays busy,
   * while the NIC never piles up data behind the ACKs it also carries.
   */
  private void tickWithBackpressure(long now) {
    if (!nic.gate.admits()) {
      nic.awaiting = true;
      nic.gate.await(this); // resumed, without an event, when the NIC dequeues
      return;
    }
    sendInSlot(now);
  }

  /** Sends this slot's packet (the NIC has room) and schedules the next nominal slot. */
  private void sendInSlot(long now) {
    if (!windowOpen(now)) {
      return;
    }
    long seq = lr.nextToSend(now);
    if (seq >= 0) {
      send(seq, now);
    }
    noteLosses(now);
    NicPacing n = nic;
    n.nominalPs = Math.max(n.nominalPs, now - n.maxCatchUpPs) + cc.pacingGapPs(now);
    lastSlotPs = now;
    nextSlotPs = Math.max(n.nominalPs, now);
    sim().schedule(nextSlotPs, this, TICK, tickGeneration);
  }

  /**
   * A rate-based control may raise its rate on feedback; the slot already scheduled at the old
   * (slower) pace is then moved earlier, to the last slot plus the new gap, so a flow paced
   * slowly after a cut does not wait out a stale gap. Never for the ideal constant rate.
   */
  private void repace(long now) {
    if (!reactive || windowBlocked || (nic != null && nic.awaiting) || finishPs >= 0 || nextSlotPs <= now) {
      return;
    }
    long t = Math.max(now, lastSlotPs + cc.pacingGapPs(now));
    if (t < nextSlotPs) {
      tickGeneration++;
      nextSlotPs = t;
      if (nic != null) {
        nic.nominalPs = t;
      }
      sim().schedule(t, this, TICK, tickGeneration);
    }
  }

  private void send(long seq, long now) {
    PacketFormat f = transport.settings().format();
    Packet p = transport.pool().acquire();
    p.type = Packet.DATA;
    p.flow = flow;
    p.src = host.id();
    p.dst = dst;
    p.seq = seq;
    p.sizeBytes = f.dataBytes();
    p.payloadBytes = f.payloadBytes();
    path.choose(p, now);
    p.sentAtPs = now;
    p.endpoint = receiver;
    lr.onSent(seq, p.entropy, now);
    path.onSent(p.entropy, now);
    cc.onSent(seq, p.sizeBytes, now);
    packetsSent++;
    long pullTarget = cc.pullTarget(pendingPackets()); // after this packet's credit and count
    if (pullTarget >= 0) {
      p.extras().pullTarget = pullTarget;
    }
    transport.counters().dataSent++;
    host.send(p);
    armTimer(now);
  }

  /**
   * Receiver-driven credit: a sender without credit whose receiver cannot know it still has
   * packets to send asks with a header-only request to send (counted with the ACKs).
   */
  private void requestToSend(long now) {
    long target = cc.requestTarget(pendingPackets(), now);
    if (target < 0) {
      return;
    }
    Packet p = transport.pool().acquire();
    p.type = Packet.RTS;
    p.flow = flow;
    p.src = host.id();
    p.dst = dst;
    p.sizeBytes = transport.settings().format().ackBytes();
    path.choose(p, now);
    p.sentAtPs = now;
    p.extras().pullTarget = target;
    p.endpoint = receiver;
    transport.counters().ackSent++;
    host.send(p);
  }

  /**
   * Makes sure a timer event is pending at or before the recovery's deadline. A deadline that
   * moved later is found when the event fires; only one that moved earlier (a shrinking RTO)
   * needs a new event, and the old one is then ignored. Never one event per packet.
   */
  private void armTimer(long now) {
    long deadline = lr.timerDeadlinePs();
    if (deadline < 0 || (timerPending && timerAtPs <= deadline)) {
      return;
    }
    timerPending = true;
    timerAtPs = Math.max(deadline, now);
    sim().schedule(timerAtPs, this, TIMER, 0);
  }

  void onAck(Packet ack, long now) {
    transport.counters().ackDelivered++;
    if (ack.type == Packet.CNP) {
      transport.pool().release(ack);
      if (finishPs < 0) {
        cc.onCnp(now);
        wake(now);
        repace(now);
      }
      return;
    }
    if (ack.type == Packet.PULL) {
      long pullNo = ack.pullNo();
      transport.pool().release(ack);
      if (finishPs < 0) {
        cc.onPull(pullNo, now);
        wake(now);
        repace(now);
      }
      return;
    }
    if (ack.pullNo() > 0) {
      cc.onPull(ack.pullNo(), now); // the receiver's grants so far, echoed by every ACK and NACK
    }
    long sample = now - ack.sentAtPs;
    if (!ack.returned()) { // a header returned by a switch went only part of the way
      sample(sample);
      rttSum += sample;
      rttSamples++;
    }
    boolean congested = transport.settings().ackEchoesCe() ? ack.ceEcho : ack.ce;
    if (ack.type == Packet.NACK) {
      if (!ack.trimmed) {
        path.onAck(ack.entropy, congested, now); // the packet arrived, beyond a hole
      }
      cc.onNack(ack, congested, sample, now);
      lr.onNack(ack, now); // a trimmed packet's NACK reaches the path policy through the recovery
    } else {
      path.onAck(ack.entropy, congested, now);
      cc.onAck(ack, congested, sample, now);
      lr.onAck(ack, now);
    }
    transport.pool().release(ack);
    if (finishPs < 0 && lr.complete()) {
      finishPs = now;
      transport.onSenderDone(flow, now);
    } else if (finishPs < 0) {
      noteLosses(now);
      armTimer(now);
      wake(now);
      repace(now);
    }
  }

  long finishPs() {
    return finishPs;
  }

  long packetsSent() {
    return packetsSent;
  }

  LossRecovery lossRecovery() {
    return lr;
  }

  long meanRttPs() {
    return rttSamples == 0 ? 0 : rttSum / rttSamples;
  }
}
