package org.lbsim.transport;

import org.lbsim.engine.EventTarget;
import org.lbsim.engine.Simulator;
import org.lbsim.lb.FlowInfo;
import org.lbsim.lb.PathPolicy;
import org.lbsim.net.Endpoint;
import org.lbsim.net.Host;
import org.lbsim.net.Packet;
import org.lbsim.net.PacketFormat;

/**
 * The sending end of one flow, composed of a host path policy (which entropy), a congestion
 * control (how fast) and a loss recovery (what to send, when done). It wakes up once per pacing
 * slot; a slot sends at most one data packet. A retransmission timer (one pending event at most,
 * armed lazily from the recovery's deadline and re-read when it fires) drives timeouts. It plays
 * three roles for the objects it is made of: the flow's {@link RttView} for its loss recovery
 * (the estimate lives in the sender's own fields, sampled by every ACK), its {@link FlowInfo} for
 * its path policy, and the {@link Endpoint} its ACKs, NACKs, CNPs and PULLs are delivered to.
 *
 * <p>A sender with nothing to send sleeps instead of ticking through empty slots (see
 * {@link #sleepIfIdle}): its pacing goes on without events, and once an ACK, a timeout or the
 * time its recovery names ({@link LossRecovery#nextSendPs}) may give it a packet, the slot it
 * would have reached by ticking becomes an event again ({@link #resumeSlots}). A sender in a
 * black hole therefore costs events per packet and per timeout, not per slot.
 */
final class Sender implements EventTarget, FlowInfo, RttView, Endpoint {
  private static final int TICK = 0;
  private static final int TIMER = 1;

  /** {@link #pause} bit: the window is closed; feedback restarts the slots at once ({@link #wake}). */
  static final byte WINDOW_BLOCKED = 1;
  /** {@link #pause} bit: nothing to send; no slot events until feedback, a timeout or the recovery's deadline. */
  static final byte IDLE = 2;
  /** {@link #pause} bit: the sender broke the liveness rule ({@link #stall}); it is parked for good. */
  static final byte STALLED = 4;

  private final Transport transport;
  private final Host host;
  private final CongestionControl cc;
  private LossRecovery lr; // set once, right after construction: the recovery reads this sender's RTT estimate
  private PathPolicy path;
  Receiver receiver; // the other end: its data packets carry it, so their delivery needs no lookup
  private final int flow;
  private final int dst;
  private final boolean nicBackpressure;
  private final boolean reactive; // not the ideal constant rate: its pace follows feedback
  private byte pause; // why slots are not ticking: WINDOW_BLOCKED and IDLE bits, 0 = ticking
  private int tickGeneration; // slot events carry it; a wake-up after a stall starts a new chain (compared for equality only)
  private long finishPs = -1;
  private long packetsSent;
  private long lostSeen;
  private long rttSum;
  private long rttSamples;
  // the RTT estimate (RttEstimator's rules): smoothed RTT, mean deviation, timeout, any sample yet
  private long srtt;
  private long mdev;
  private long rto;
  private boolean sampled;

  // What only some runs use lives outside the sender, so that it does not spread every flow's
  // state over more memory (docs/architecture.md, "Memory layout rules"): the nominal gap and the
  // start time in the transport's per-flow arrays, the rest in SenderExtras.
  private SenderExtras extras; // null: no NIC back-pressure, no reactive pace, no retransmission timer

  /** A sender, which also keeps the flow's RTT estimate; its loss recovery follows ({@link #setLossRecovery}). */
  Sender(Transport transport, int flow, Host host, int dst, CongestionControl cc) {
    this.transport = transport;
    this.flow = flow;
    this.host = host;
    this.dst = dst;
    this.cc = cc;
    this.nicBackpressure = transport.settings().nicBackpressure();
    this.reactive = !(cc instanceof ConstantRate);
    this.rto = transport.settings().initialRtoPs();
    if (reactive) {
      extras = new SenderExtras();
      if (cc instanceof PullCredited credited) {
        extras.credit = credited; // a credit-driven control is reactive: its sender has extras
      }
    }
  }

  private SenderExtras extras() {
    if (extras == null) {
      extras = new SenderExtras();
    }
    return extras;
  }

  /** Takes one RTT sample {@code d} into the estimate ({@link RttEstimator}'s rules, the run's floor). */
  private void sample(long d) {
    if (!sampled) {
      srtt = d;
      mdev = RttEstimator.firstMdev(d);
      sampled = true;
    } else {
      mdev = RttEstimator.nextMdev(srtt, mdev, d);
      srtt = RttEstimator.nextSrtt(srtt, d);
    }
    rto = RttEstimator.rto(srtt, mdev, transport.settings().minRtoPs());
  }

  @Override
  public long srttPs() {
    return srtt;
  }

  @Override
  public long rtoPs() {
    return rto;
  }

  /** The congestion control's receiver-credit role, or null when it is not credit-driven. */
  private PullCredited credit() {
    SenderExtras x = extras;
    return x == null ? null : x.credit;
  }

  /** Attaches the loss recovery (made after the sender, because it reads the sender's RTT estimate). */
  void setLossRecovery(LossRecovery lr) {
    this.lr = lr;
    if (lr.usesTimer()) {
      extras(); // now, next to this flow's other objects
    }
  }

  /** The clock of this flow's host's partition, through the host: one reference fewer in each of 16,000 senders. */
  private Simulator sim() {
    return host.partition().sim();
  }

  CongestionControl congestionControl() {
    return cc;
  }

  /**
   * Packets this flow still has to (re)send: new ones not yet sent plus the ones the recovery
   * declared lost (each is resent, or replaced by a coded one).
   */
  private long pendingPackets() {
    return Math.max(0, lr.targetPackets() - packetsSent + lr.packetsDeclaredLost());
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
    if (extras != null) {
      extras.nominalPs = firstSlotPs;
    }
    sim().schedule(firstSlotPs, this, TICK, 0);
  }

  /** A flow's slots and timers happen at its source host. */
  @Override
  public int tieRank() {
    return host.id();
  }

  /** The sender's first cache line, which a pacing slot or a timer reads first. */
  @Override
  public long prefetch() {
    return finishPs;
  }

  @Override
  public void onEvent(int kind, long arg) {
    if (finishPs >= 0 || pause >= STALLED) {
      return;
    }
    long now = sim().now();
    if (kind == TIMER) {
      if (!extras.timerFires(now)) { // a timer event exists only once armTimer made extras
        return; // superseded by an earlier deadline
      }
      long deadline = lr.timerDeadlinePs();
      if (deadline >= 0 && deadline <= now) {
        if ((pause & IDLE) != 0) {
          resumeSlots(now);
        }
        lr.onTimeout(now);
        lostSeen = lr.packetsDeclaredLost(); // the timeout is the congestion signal, not each loss
        cc.onTimeout(now);
        if (credit() == null) {
          long inFlight = lr.inFlight(now);
          if (lr.nextSendPs(now) > now) {
            stall(now, "its retransmission timer fired and left it nothing to send");
            return;
          }
          if (!cc.mayTransmit(inFlight) && !lr.exemptFromWindow()) {
            stall(now, "its retransmission timer fired and its window lets no resend leave with " + inFlight
                + " packets counted in flight");
            return;
          }
        }
        wake(now);
        resendAtOnce(now);
      }
      armTimer(now);
      if ((pause & IDLE) != 0) {
        resumeIfBusy(now); // an idle sender's wake-up; one set before its deadline moved later sets the next
      }
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
      send(seq, now, now);
    }
    noteLosses(now);
    long next = now + cc.pacingGapPs(now);
    if (extras != null) {
      extras.lastSlotPs = now;
      extras.nextSlotPs = next;
      if (seq < 0 && sleepIfIdle(now, next)) {
        return;
      }
    }
    sim().schedule(next, this, TICK, tickGeneration);
  }

  /**
   * After an empty slot at {@code now} whose next slot would be {@code next} (already in
   * {@link SenderExtras#nextSlotPs}): if no slot before feedback, a timeout or the recovery's
   * deadline ({@link LossRecovery#nextSendPs}) can find a packet, the sender sleeps instead of
   * scheduling {@code next}, with a wake-up at that deadline if there is one. Only a sender with
   * {@link SenderExtras} sleeps; one without (the reference profile's ideal erasure sender) has
   * no empty slots but its final pause of one SRTT, and ticks through it.
   */
  private boolean sleepIfIdle(long now, long next) {
    long until = lr.nextSendPs(now);
    if (until <= next) {
      return false;
    }
    if (until == Long.MAX_VALUE && lr.timerDeadlinePs() < 0 && credit() == null) {
      stall(now, "it has nothing to send and nothing outstanding that a timer or a loss deadline will resend");
      return true;
    }
    pause |= IDLE;
    if (until != Long.MAX_VALUE) {
      wakeAt(until);
    }
    return true;
  }

  /**
   * An idle sender after something that may have given it a packet: its slots resume if the next
   * one may find one, else it sleeps on (until its recovery's deadline, if it has one).
   */
  private void resumeIfBusy(long now) {
    extras.catchUp(cc, now);
    long until = lr.nextSendPs(now);
    if (until <= extras.nextSlotPs) {
      resumeSlots(now);
    } else if (until != Long.MAX_VALUE) {
      wakeAt(until);
    }
  }

  /**
   * Makes sure the timer event is pending at or before {@code atPs}, an idle sender's deadline
   * (as {@link #armTimer} does for the retransmission timer, whose event it shares). One that
   * fires early finds the later deadline and moves on to it.
   */
  private void wakeAt(long atPs) {
    if (extras.timerNeededBy(atPs)) {
      sim().schedule(atPs, this, TIMER, 0);
    }
  }

  /** An idle sender's slots tick again from the first one at or after {@code now} ({@link SenderExtras#catchUp}). */
  private void resumeSlots(long now) {
    extras.catchUp(cc, now);
    pause &= ~IDLE;
    tickGeneration++;
    sim().schedule(extras.nextSlotPs, this, TICK, tickGeneration);
  }

  /**
   * Whether the congestion window lets a packet leave now. If not, the sender stops ticking
   * until feedback arrives ({@link #wake}); a fallback slot one RTO later re-checks, because a
   * recovery without a timer (erasure coding) settles its losses only when asked.
   */
  private boolean windowOpen(long now) {
    long inFlight = lr.inFlight(now);
    if (cc.mayTransmit(inFlight) || (lr.exemptFromWindow() && credit() == null)) {
      return true; // a credit-driven control's resends wait for credit like any packet
    }
    if (!live(inFlight, now)) {
      return false;
    }
    noteLosses(now);
    requestToSend(now);
    pause |= WINDOW_BLOCKED;
    sim().schedule(now + Math.max(rtoPs(), cc.pacingGapPs(now)), this, TICK, tickGeneration);
    return false;
  }

  /**
   * The liveness rule where a window closes: something already under way must reopen it. A
   * window-based control must admit a packet with nothing in flight (no feedback would come), and
   * a recovery with a retransmission timer must have it armed while packets are in flight (a lost
   * one would never be resent). A credit-driven control reopens on pulls, which its requests to
   * send keep coming (see {@link #requestToSend}). Returns false after parking a sender that
   * breaks it.
   */
  private boolean live(long inFlight, long now) {
    if (credit() != null) {
      return true;
    }
    if (inFlight == 0) {
      return stall(now, "its congestion control lets no packet leave with nothing in flight, so no feedback can "
          + "open its window");
    }
    if (lr.usesTimer() && lr.timerDeadlinePs() < 0) {
      return stall(now, "its window is closed with " + inFlight + " packets in flight and no retransmission timer "
          + "armed, so a lost one would never be resent");
    }
    return true;
  }

  /**
   * Parks this sender for good (no slot, timer or feedback moves it again) and tells the
   * transport, which fails the run naming the flow: a sender that can never progress again is a
   * defect in lbsim, never an ordinary unfinished flow. Returns false.
   */
  private boolean stall(long now, String why) {
    pause |= STALLED;
    transport.noteStall(new Stall(flow, host.id(), dst, now, why, packetsSent, lr.packetsDeclaredLost(),
        lr.timeouts(), lr.inFlight(now), lr.unacknowledged()));
    return false;
  }

  /**
   * After a timeout, the recovery's first resend leaves now rather than at the next pacing slot
   * (RFC 6298 §5.4), and the pacing goes on from it; for a window-based control only, whose slots
   * may lie far apart (a window below one packet paces at srtt / cwnd). A rate-based control's
   * rate limiter paces its resends like any packet, and a credit-driven control's resend waits
   * for credit.
   */
  private void resendAtOnce(long now) {
    if (!cc.windowBased() || pause != 0 || credit() != null || !lr.exemptFromWindow()) {
      return;
    }
    SenderExtras x = extras;
    if (x.awaiting || x.nextSlotPs <= now) {
      return;
    }
    tickGeneration++;
    x.nextSlotPs = now;
    x.nominalPs = now;
    sim().schedule(now, this, TICK, tickGeneration);
  }

  /** Feedback may have opened the window of a stalled sender: restart its slots now. */
  private void wake(long now) {
    if ((pause & WINDOW_BLOCKED) != 0 && finishPs < 0) {
      pause = 0; // a new chain of slots starts now
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

  /**
   * The NIC has room again for this sender's slot, which came at {@code slotPs} (see {@link
   * NicGate}); with {@code transport.rtt_from: slot} the packet's RTT samples start there, so the
   * wait counts as delay.
   */
  void resume(long now, long slotPs) {
    extras.awaiting = false;
    if (finishPs < 0) {
      sendInSlot(now, transport.settings().rttFromSlot() ? slotPs : now);
    }
  }

  void setGate(NicGate gate) {
    SenderExtras x = extras();
    x.gate = gate;
    x.maxCatchUpPs = reactive ? 0 : transport.nominalGapPs(flow);
  }

  /**
   * Pacing against nominal slot times: while the NIC holds a whole data packet besides the one it
   * is serializing, the slot's packet waits in the host's {@link NicGate} without losing the slot,
   * so the flows sharing a host keep their fair share and the link stays busy, while the NIC never
   * piles up data behind the ACKs it also carries.
   */
  private void tickWithBackpressure(long now) {
    SenderExtras x = extras;
    if (!x.gate.admits()) {
      if (transport.settings().rttFromSlot() && !windowOpen(now)) {
        return; // a closed window does not queue for the NIC: its packet is not due yet
      }
      x.awaiting = true;
      x.gate.await(this, now); // resumed, without an event, when the NIC dequeues
      return;
    }
    sendInSlot(now, now);
  }

  /**
   * Sends this slot's packet (the NIC has room) and schedules the next nominal slot; the packet's
   * RTT samples start at {@code stampPs}.
   */
  private void sendInSlot(long now, long stampPs) {
    if (!windowOpen(now)) {
      return;
    }
    long seq = lr.nextToSend(now);
    if (seq >= 0) {
      send(seq, now, stampPs);
    }
    noteLosses(now);
    long next = extras.nominalSlot(now, cc.pacingGapPs(now));
    if (seq < 0 && sleepIfIdle(now, next)) {
      return;
    }
    sim().schedule(next, this, TICK, tickGeneration);
  }

  /**
   * A rate-based control may raise its rate on feedback; the slot already scheduled at the old
   * (slower) pace is then moved earlier, to the last slot plus the new gap, so a flow paced
   * slowly after a cut does not wait out a stale gap. Never for the ideal constant rate.
   */
  private void repace(long now) {
    if (!reactive) {
      return;
    }
    SenderExtras x = extras; // a reactive sender always has them
    if (pause != 0 || x.awaiting || finishPs >= 0 || x.nextSlotPs <= now) {
      return;
    }
    long t = Math.max(now, x.lastSlotPs + cc.pacingGapPs(now));
    if (t < x.nextSlotPs) {
      tickGeneration++;
      x.nextSlotPs = t;
      x.nominalPs = t;
      sim().schedule(t, this, TICK, tickGeneration);
    }
  }

  /** Sends packet {@code seq} now; its RTT samples start at {@code stampPs} (at or before now). */
  private void send(long seq, long now, long stampPs) {
    PacketFormat f = transport.settings().format();
    Packet p = host.partition().pool().data(flow, host.id(), dst, seq, f.dataBytes(), f.payloadBytes(), stampPs, receiver);
    if (lr.sendingQueuedResend()) {
      path.chooseResend(p, now);
    } else {
      path.choose(p, now);
    }
    boolean coalescing = transport.settings().ackCoalesceBytes() > 0;
    long resends = coalescing ? lr.retransmissions() : 0;
    lr.onSent(seq, p.entropy, now);
    path.onSent(p.entropy, now);
    cc.onSent(seq, p.sizeBytes, now);
    cc.stamp(p, now);
    packetsSent++;
    PullCredited credit = credit();
    if (credit != null) {
      long pullTarget = credit.pullTarget(pendingPackets()); // after this packet's credit and count
      if (pullTarget >= 0) {
        p.extras().pullTarget = pullTarget;
      }
    }
    if (coalescing && (lr.retransmissions() > resends || pendingPackets() == 0
        || !cc.mayTransmit(lr.inFlight(now)))) {
      p.extras().ackRequest = true; // a resend, the last packet, or the one that fills the window or spends the credit
    }
    host.partition().counters().dataSent++;
    transport.send(host, p);
    armTimer(now);
  }

  /**
   * Receiver-driven credit: a sender without credit whose receiver cannot know it still has
   * packets to send asks with a header-only request to send (counted with the ACKs).
   */
  private void requestToSend(long now) {
    PullCredited credit = credit();
    if (credit == null) {
      return;
    }
    long target = credit.requestTarget(pendingPackets(), now);
    if (target < 0) {
      return;
    }
    Packet p = host.partition().pool().header(Packet.RTS, flow, host.id(), dst, transport.settings().format().ackBytes(), 0,
        now, receiver);
    path.choose(p, now);
    p.extras().pullTarget = target;
    host.partition().counters().ackSent++;
    transport.send(host, p);
  }

  /**
   * Makes sure a timer event is pending at or before the recovery's deadline. A deadline that
   * moved later is found when the event fires; only one that moved earlier (a shrinking RTO)
   * needs a new event, and the old one is then ignored. Never one event per packet.
   */
  private void armTimer(long now) {
    long deadline = lr.timerDeadlinePs();
    if (deadline < 0) {
      return;
    }
    long at = Math.max(deadline, now);
    if (extras().timerNeededBy(at)) { // extras are made with the loss recovery when it says it uses a timer
      sim().schedule(at, this, TIMER, 0);
    }
  }

  /** An ACK, NACK, CNP, PULL or control packet of this flow reached its host. */
  @Override
  public void deliver(Packet ack, long now) {
    // An idle sender's skipped slots are caught up before the feedback changes its pace. One
    // whose pace and window follow feedback resumes its slots, so that the next one looks again;
    // the ideal constant rate resumes only if the feedback gave it a packet to send.
    boolean idle = (pause & IDLE) != 0;
    if (idle && reactive) {
      resumeSlots(now);
      idle = false;
    } else if (idle) {
      extras.catchUp(cc, now);
    }
    host.partition().counters().ackDelivered++;
    if (ack.type == Packet.CNP) {
      host.partition().pool().release(ack);
      if (finishPs < 0) {
        if (cc instanceof CnpReactor r) { // a CNP comes only for a run whose control asked for CNPs
          r.onCnp(now);
        }
        wake(now);
        repace(now);
      }
      return;
    }
    if (ack.type == Packet.PULL) {
      long pullNo = ack.pullNo();
      host.partition().pool().release(ack);
      if (finishPs < 0) {
        PullCredited credit = credit(); // a PULL comes only from the receiver half of a PullCredited control
        if (credit != null) {
          credit.onPull(pullNo, now);
        }
        wake(now);
        repace(now);
      }
      return;
    }
    if (ack.type == Packet.CONTROL) {
      host.partition().counters().controlDelivered++;
      if (finishPs < 0) {
        cc.onControl(ack, now); // from the control's own receiver part (CcReceiver)
        wake(now);
        repace(now);
      }
      host.partition().pool().release(ack);
      return;
    }
    PullCredited credit = credit();
    if (credit != null && ack.pullNo() > 0) {
      credit.onPull(ack.pullNo(), now); // the receiver's grants so far, echoed by every ACK and NACK
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
    } else if (transport.settings().ackCoalesceBytes() > 0) {
      path.onAck(ack.entropy, congested, now);
      long unacked = lr.unacknowledged();
      lr.onAck(ack, now);
      cc.onCoalescedAck(ack, congested, sample, Math.max(0, unacked - lr.unacknowledged()), now);
    } else {
      path.onAck(ack.entropy, congested, now);
      cc.onAck(ack, congested, sample, now);
      lr.onAck(ack, now);
    }
    host.partition().pool().release(ack);
    if (finishPs < 0 && lr.complete()) {
      finishPs = now;
      transport.onSenderDone(flow, now);
    } else if (finishPs < 0) {
      noteLosses(now);
      armTimer(now);
      if (idle) {
        resumeIfBusy(now);
      }
      wake(now);
      repace(now);
    }
  }

  long finishPs() {
    return finishPs;
  }

  /**
   * The liveness rule at the end of the run, for a sender whose window was closed then: it must
   * have been waiting for something under way — a packet of its flow (data or ACK) still in the
   * network ({@code packetsUnderWay}), an armed retransmission timer, a recovery that declares
   * late packets lost by itself, or credit. Else it could never have sent again: the stall is
   * returned (null when the rule holds).
   */
  Stall stallAtEnd(long endPs, boolean packetsUnderWay) {
    if (finishPs >= 0 || (pause & WINDOW_BLOCKED) == 0 || pause >= STALLED || packetsUnderWay || credit() != null
        || lr.timerDeadlinePs() >= 0 || lr.settlesLossesByTime()) {
      return null;
    }
    return new Stall(flow, host.id(), dst, endPs, "its window is closed with " + lr.inFlight(endPs)
        + " packets counted in flight, but no packet of its flow is in the network, no retransmission timer is armed "
        + "and its recovery declares no loss by itself", packetsSent, lr.packetsDeclaredLost(), lr.timeouts(),
        lr.inFlight(endPs), lr.unacknowledged());
  }

  /** What this unfinished sender is doing at {@code endPs}, the end of the run (changes nothing a slot would not). */
  SenderEnd end(long endPs) {
    SenderExtras x = extras;
    long unacked = lr.unacknowledged();
    long toSend = pendingPackets();
    if ((pause & WINDOW_BLOCKED) != 0) {
      return new SenderEnd(SenderEnd.Waiting.WINDOW, -1, unacked, toSend);
    }
    if (x != null && x.awaiting) {
      return new SenderEnd(SenderEnd.Waiting.NIC, -1, unacked, toSend);
    }
    long next = lr.nextSendPs(endPs);
    if (next <= endPs) {
      return new SenderEnd(packetsSent == 0 ? SenderEnd.Waiting.START : SenderEnd.Waiting.SENDING, -1, unacked, toSend);
    }
    long timer = lr.timerDeadlinePs();
    if (timer >= 0) {
      return new SenderEnd(SenderEnd.Waiting.TIMEOUT, timer, unacked, toSend);
    }
    return next != Long.MAX_VALUE ? new SenderEnd(SenderEnd.Waiting.LOSS_TIMEOUT, next, unacked, toSend)
        : new SenderEnd(SenderEnd.Waiting.ACKS, -1, unacked, toSend);
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
