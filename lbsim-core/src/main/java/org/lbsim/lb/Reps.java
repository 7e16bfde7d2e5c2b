package org.lbsim.lb;

import org.lbsim.engine.SplitMix;
import org.lbsim.net.Packet;

/**
 * REPS, Recycled Entropy Packet Spraying (Bonato et al., 2024/2025; UEC htsim's
 * {@code UecMpReps} as the study runs it, its Host Pkt AR). The host sprays over {@code evs}
 * entropy values and recycles the ones that just proved good: an EV whose ACK came back
 * without ECN goes into a small ring and is reused; an ECN-marked one is simply not reused;
 * when nothing fresh is cached the host explores a random EV.
 *
 * <p>The rules follow reference-model §4.2 step by step:
 * <pre>
 * next():  explore &gt; 0           → explore--, random EV
 *          frozen, ring empty     → random EV
 *          frozen                 → replay ring[frozenHead] (cyclic over the cached entries, fresh or not)
 *          no fresh entry         → random EV
 *          otherwise              → the oldest fresh entry, which stops being fresh
 * feedback(ev, f):
 *          f = TIMEOUT, not frozen, not exploring → freeze until now + freeze time
 *          frozen and now &gt; exit time          → unfreeze, clear the ring, explore the next {@code explore} sends
 *          f = GOOD                              → ev into the ring (fresh)
 * send:    ev = next(); while ev has a timer older than one RTO: feedback(ev, TIMEOUT), drop the timer, ev = next()
 *          after sending, start ev's timer unless it has one
 * ACK:     drop ev's timer; feedback(ev, ECN if marked else GOOD)
 * </pre>
 * Freezing is the REPS answer to failures: after a timeout the flow stops exploring (new EVs
 * may hit the failed link) and keeps replaying EVs known to have worked.
 *
 * <p>Timeouts come only from the per-EV timers, as in the reference; the loss recovery's own
 * {@link #onTimeout} is ignored so that a lost packet is not counted twice. A NACK (trimmed
 * packet) recycles nothing and drops the EV's timer, since the packet's fate is known.
 */
final class Reps implements PathPolicy {
  static final int GOOD = 0;
  static final int ECN = 1;
  static final int NACK = 2;
  static final int TIMEOUT = 3;

  private final FlowInfo flow;
  private final SplitMix random;
  private final int evs;
  private final long freezePs;
  private final int exploreDraws;
  private final boolean freezing;

  private final int[] ringEv;
  private final boolean[] ringFresh;
  private int head;
  private int count;
  private int fresh;
  private int frozenHead;

  private boolean frozen;
  private long exitFrozenAt;
  private int explore;
  private final EvTimers timers = new EvTimers();

  /**
   * @param evs number of entropy values sprayed over (EVs are 0 .. evs−1)
   * @param buffer ring size of recycled EVs
   * @param exploreDraws random draws after leaving the frozen mode
   * @param freezing whether a timeout freezes the flow onto its cached EVs
   * @param freezePs how long a freeze lasts at least
   */
  Reps(FlowInfo flow, SplitMix random, int evs, int buffer, int exploreDraws, boolean freezing,
      long freezePs) {
    if (evs < 1 || buffer < 1) {
      throw new IllegalArgumentException("REPS needs evs >= 1 and buffer >= 1, got " + evs + ", " + buffer);
    }
    this.flow = flow;
    this.random = random;
    this.evs = evs;
    this.freezePs = freezePs;
    this.exploreDraws = exploreDraws;
    this.freezing = freezing;
    this.ringEv = new int[buffer];
    this.ringFresh = new boolean[buffer];
  }

  @Override
  public void choose(Packet p, long nowPs) {
    int ev = next();
    long rto = flow.rtoPs();
    long t;
    while ((t = timers.get(ev)) != EvTimers.NONE && nowPs - t > rto) {
      feedback(ev, TIMEOUT, nowPs);
      timers.remove(ev);
      ev = next();
    }
    p.entropy = ev;
  }

  @Override
  public void onSent(int entropy, long nowPs) {
    timers.putIfAbsent(entropy, nowPs);
  }

  @Override
  public void onAck(int entropy, boolean congested, long nowPs) {
    timers.remove(entropy);
    feedback(entropy, congested ? ECN : GOOD, nowPs);
  }

  @Override
  public void onNack(int entropy, long nowPs) {
    timers.remove(entropy);
    feedback(entropy, NACK, nowPs);
  }

  private int next() {
    if (explore > 0) {
      explore--;
      return random.nextInt(evs);
    }
    if (frozen) {
      if (count == 0) {
        return random.nextInt(evs);
      }
      int i = frozenHead;
      if (ringFresh[i]) {
        ringFresh[i] = false;
        fresh--;
      }
      frozenHead = (frozenHead + 1) % count;
      return ringEv[i];
    }
    if (count == 0 || fresh == 0) {
      return random.nextInt(evs);
    }
    int i = Math.floorMod(head - fresh, ringEv.length); // the oldest fresh entry
    ringFresh[i] = false;
    fresh--;
    return ringEv[i];
  }

  /** One piece of path feedback for {@code ev}: {@link #GOOD}, {@link #ECN}, {@link #NACK} or {@link #TIMEOUT}. */
  void feedback(int ev, int kind, long nowPs) {
    if (kind == TIMEOUT && freezing && !frozen && explore == 0) {
      frozen = true;
      exitFrozenAt = nowPs + freezePs;
    }
    if (frozen && nowPs > exitFrozenAt) {
      frozen = false;
      clearRing();
      explore = exploreDraws;
    }
    if (kind == GOOD) {
      if (!ringFresh[head]) {
        fresh++;
      }
      ringEv[head] = ev;
      ringFresh[head] = true;
      head = (head + 1) % ringEv.length;
      fresh = Math.min(fresh, ringEv.length);
      count = Math.min(count + 1, ringEv.length);
    }
  }

  private void clearRing() {
    for (int i = 0; i < ringEv.length; i++) {
      ringEv[i] = 0;
      ringFresh[i] = false;
    }
    head = 0;
    count = 0;
    fresh = 0;
    frozenHead = 0;
  }

  boolean frozen() {
    return frozen;
  }

  int freshCount() {
    return fresh;
  }

  int cachedCount() {
    return count;
  }

  int exploring() {
    return explore;
  }

  /** EVs with a running timer (memory grows with this, not with {@code evs}). */
  int timersRunning() {
    return timers.size();
  }
}
