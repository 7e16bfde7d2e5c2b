package org.lbsim.transport;

import org.lbsim.engine.EventTarget;
import org.lbsim.engine.Simulator;

/**
 * The receiver half of EQDS (Olteanu et al., NSDI 2022): one pacer per receiving host grants
 * pulls — one data packet each — at most once per {@code intervalPs} (the host link's data-packet
 * slot over the pull rate), so what the senders send into the last hop never exceeds what that
 * hop drains. Flows whose packets were trimmed or who sent a request to send are served first
 * (retransmission priority); the others take turns round-robin while their pull target (the
 * demand their last data packet announced) exceeds the pulls already granted. A flow stands at
 * most once in each queue: one owed a retransmission while it waits its turn stands in both, and
 * after its retransmission pull keeps its one place in the round-robin (as htsim's
 * {@code EqdsPullPacer::doNextEvent} re-adds a sink to its active list only when it is not
 * already in it). A flow whose demand a round-robin pull met becomes idle: when no flow has
 * demand, the pacer keeps pulling the idle ones in turn, each until it holds
 * {@link Pulled#idlePulls} pulls beyond its demand, so that a sender about to announce more
 * demand already has credit (the same function's idle senders). A received flow needs no pulls.
 */
final class PullPacer implements EventTarget {
  /**
   * What the pacer needs of a flow it pulls for ({@link PullCredit}); the two queue marks are the
   * pacer's own, so that a flow stands at most once in each of its queues.
   */
  interface Pulled {
    long rtxOwed();

    long backlog();

    boolean done();

    /** A request to send reached the flow after it was received (see {@link PullCredit}). */
    boolean askedWhenDone();

    void sendPull(long nowPs);

    boolean inRtxQueue();

    void inRtxQueue(boolean on);

    boolean inActiveQueue();

    void inActiveQueue(boolean on);

    /** Pulls this flow may be granted beyond its demand once it is idle. */
    long idlePulls();

    boolean inIdleQueue();

    void inIdleQueue(boolean on);
  }

  private final Simulator sim;
  private final long intervalPs;
  private final CreditQueue rtx = new CreditQueue();
  private final CreditQueue active = new CreditQueue();
  private final CreditQueue idle = new CreditQueue();
  private boolean running;
  private long nextFreePs;

  private int tieRank;

  /** The pacer's grants happen at its receiving host {@code host}. */
  void setTieRank(int host) {
    this.tieRank = host;
  }

  @Override
  public int tieRank() {
    return tieRank;
  }

  PullPacer(Simulator sim, long intervalPs) {
    this.sim = sim;
    this.intervalPs = Math.max(1, intervalPs);
  }

  /**
   * The flow announced a higher pull target (or is owed a retransmission): it takes a turn in the
   * round-robin, and gets a pull there even if idle pulls already ran ahead of the new target (as
   * htsim's {@code EqdsSink::handlePullTarget} queues a sink on every raise).
   */
  void request(Pulled r) {
    if (r.rtxOwed() > 0) {
      if (!r.inRtxQueue()) {
        r.inRtxQueue(true);
        rtx.add(r);
      }
    } else if (!r.inActiveQueue() && !r.inRtxQueue()) {
      r.inActiveQueue(true);
      active.add(r);
    }
    if (!running) {
      running = true;
      sim.schedule(Math.max(sim.now(), nextFreePs), this, 0, 0);
    }
  }

  @Override
  public void onEvent(int kind, long arg) {
    Pulled r = next();
    if (r == null) {
      running = false;
      return;
    }
    long now = sim.now();
    r.sendPull(now);
    requeue(r, servedFrom);
    nextFreePs = now + intervalPs;
    sim.schedule(nextFreePs, this, 0, 0);
  }

  /** The queue the flow {@link #next} returned came from. */
  private int servedFrom;

  private static final int RTX = 0;
  private static final int ACTIVE = 1;
  private static final int IDLE = 2;

  /**
   * The next flow to pull for: retransmissions first, then round-robin, then the idle flows;
   * finished flows leave, except one whose sender asked after it finished
   * ({@link Pulled#askedWhenDone}).
   */
  private Pulled next() {
    while (!rtx.isEmpty()) {
      Pulled r = rtx.poll();
      r.inRtxQueue(false);
      if (!r.done() || r.askedWhenDone()) {
        servedFrom = RTX;
        return r;
      }
    }
    while (!active.isEmpty()) {
      Pulled r = active.poll();
      r.inActiveQueue(false);
      if (!r.done()) {
        servedFrom = ACTIVE;
        return r;
      }
    }
    while (!idle.isEmpty()) {
      Pulled r = idle.poll();
      r.inIdleQueue(false);
      if (!r.done()) {
        servedFrom = IDLE;
        return r;
      }
    }
    return null;
  }

  /**
   * After a pull: a flow still owed a retransmission waits in that queue, one with demand left
   * in the round-robin; one whose demand a round-robin pull met becomes idle, and an idle one
   * stays idle until it holds its idle pulls beyond its demand.
   */
  private void requeue(Pulled r, int from) {
    if (r.done()) {
      return;
    }
    if (r.rtxOwed() > 0) {
      if (!r.inRtxQueue()) {
        r.inRtxQueue(true);
        rtx.add(r);
      }
    } else if (r.backlog() > 0 && !r.inActiveQueue()) {
      r.inActiveQueue(true);
      active.add(r);
    }
    boolean idleNext = from == ACTIVE ? r.backlog() <= 0 : from == IDLE && r.backlog() <= 0 && -r.backlog() < r.idlePulls();
    if (idleNext && !r.inIdleQueue() && r.idlePulls() > 0) {
      r.inIdleQueue(true);
      idle.add(r);
    }
  }

  /** A FIFO of flows on a growable ring (no allocation once grown). */
  private static final class CreditQueue {
    private Pulled[] ring = new Pulled[16];
    private int head;
    private int size;

    boolean isEmpty() {
      return size == 0;
    }

    void add(Pulled r) {
      if (size == ring.length) {
        Pulled[] bigger = new Pulled[ring.length * 2];
        for (int i = 0; i < size; i++) {
          bigger[i] = ring[(head + i) & (ring.length - 1)];
        }
        ring = bigger;
        head = 0;
      }
      ring[(head + size) & (ring.length - 1)] = r;
      size++;
    }

    Pulled poll() {
      Pulled r = ring[head];
      ring[head] = null;
      head = (head + 1) & (ring.length - 1);
      size--;
      return r;
    }
  }
}
