package org.lbsim.transport;

import org.lbsim.net.Packet;

/**
 * The receiver half of a {@link PullCredited} control (EQDS) for one flow: the demand its sender
 * announced, the pulls granted so far, and its place in its host's {@link PullPacer}, which
 * grants it pulls. A data packet or request to send announces the sender's pull target; a
 * trimmed packet or a request is owed a pull at retransmission priority.
 */
final class PullCredit extends ReceiverControl implements PullPacer.Pulled {
  private final Receiver receiver;
  private final PullPacer pacer;
  /** Pulls granted so far; every ACK and NACK echoes it. */
  private long pullNo;
  /** The highest pull target the sender announced. */
  private long creditTarget;
  /** Pulls owed at retransmission priority (trimmed packets, requests to send). */
  private long rtxOwed;
  private int senderHost = -1;
  /** The host this flow is received at, which sends its pulls. */
  private final int receiverHost;
  private int lastEntropy;
  private boolean inRtxQueue;
  private boolean inActiveQueue;
  private boolean inIdleQueue;
  /** Pulls beyond the demand the pacer may grant this flow while it is idle. */
  private final long idlePulls;
  /**
   * A request to send reached the flow after it was received: its sender did not learn that (the
   * last ACK was lost), so it is owed one pull anyway, whose resend the receiver then ACKs.
   */
  private boolean askedWhenDone;

  PullCredit(Receiver receiver, PullPacer pacer, int receiverHost, long idlePulls) {
    this.receiver = receiver;
    this.pacer = pacer;
    this.receiverHost = receiverHost;
    this.idlePulls = idlePulls;
  }

  @Override
  void onData(Receiver r, Packet p, long nowPs) {
    noteDemand(p, p.trimmed);
  }

  @Override
  void onRts(Receiver r, Packet p, long nowPs) {
    if (done()) {
      senderHost = p.src;
      lastEntropy = p.entropy;
      rtxOwed++;
      askedWhenDone = true;
      pacer.request(this);
      return;
    }
    noteDemand(p, true);
  }

  @Override
  long pullNo() {
    return pullNo;
  }

  private void noteDemand(Packet p, boolean owed) {
    senderHost = p.src;
    lastEntropy = p.entropy;
    long before = creditTarget;
    creditTarget = Math.max(creditTarget, p.pullTarget());
    if (owed) {
      rtxOwed++;
    }
    boolean raised = creditTarget > before; // a new target earns a pull even when pulls ran ahead of it
    if ((raised || backlog() > 0 || rtxOwed > 0) && !done()) {
      pacer.request(this);
    }
  }

  @Override
  public boolean askedWhenDone() {
    return askedWhenDone;
  }

  @Override
  public boolean inRtxQueue() {
    return inRtxQueue;
  }

  @Override
  public void inRtxQueue(boolean on) {
    inRtxQueue = on;
  }

  @Override
  public boolean inActiveQueue() {
    return inActiveQueue;
  }

  @Override
  public void inActiveQueue(boolean on) {
    inActiveQueue = on;
  }

  @Override
  public long idlePulls() {
    return idlePulls;
  }

  @Override
  public boolean inIdleQueue() {
    return inIdleQueue;
  }

  @Override
  public void inIdleQueue(boolean on) {
    inIdleQueue = on;
  }

  /** Pulls the sender has asked for and not yet been granted (negative: granted beyond it). */
  @Override
  public long backlog() {
    return creditTarget - pullNo;
  }

  @Override
  public long rtxOwed() {
    return rtxOwed;
  }

  /** The flow is received: it needs no more pulls. */
  @Override
  public boolean done() {
    return receiver.completedAtPs() >= 0;
  }

  /** The pacer grants this flow one more data packet: a PULL to the sender carrying the cumulative pull number. */
  @Override
  public void sendPull(long nowPs) {
    askedWhenDone = false;
    pullNo++;
    if (rtxOwed > 0) {
      rtxOwed--;
    }
    Packet pull = receiver.toSender(Packet.PULL, receiverHost, senderHost, lastEntropy, nowPs);
    pull.extras().pullNo = pullNo;
    if (receiver.ackPath != null) {
      receiver.ackPath.choose(pull, nowPs);
    }
    Transport t = receiver.transport;
    t.counters(receiverHost).ackSent++; // pulls travel and are counted with the ACKs
    t.counters(receiverHost).pullSent++;
    t.send(t.host(pull.src), pull);
  }
}
