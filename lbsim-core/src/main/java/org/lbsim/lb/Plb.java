package org.lbsim.lb;

import org.lbsim.engine.SplitMix;
import org.lbsim.net.Packet;

/**
 * Flowlet-style repathing as in PLB (Qureshi et al., "PLB: Congestion Signals are Simple and
 * Effective for Network Load Balancing", SIGCOMM 2022); the study's Flowlet. The flow keeps one
 * entropy and draws a new random one only when its path looks persistently congested or dead,
 * so it reorders only at those moments.
 *
 * <p>Rules, as in the study's simulator (reference-model §4.2, {@code -hostlb plb}):
 * <ul>
 *   <li>Per ACK: clear the idle timer; push the ACK's ECN bit into a window of the last
 *       {@code window} ACKs (slots not yet filled count as unmarked). While fewer than
 *       {@code threshold} of them are marked, set {@code lastGood = now} and redraw
 *       {@code interval = U[0, 2·ipd) + 10·ipd}. Then, if {@code now − lastGood > interval},
 *       repath and set {@code lastGood = now}: the congestion must have held, without one
 *       below-threshold ACK in between, for longer than 10–12 pacing gaps.
 *   <li>Per data packet sent: if the idle timer is unset, start it; otherwise, if nothing was
 *       ACKed for more than one RTO since it started, repath, set {@code lastGood = now} and
 *       restart it. This moves a flow off a path that black-holes its packets.
 * </ul>
 * The interval starts at 1 s, so nothing repaths on the ECN rule before the first ACK.
 *
 * <p>A repath draws a fresh random entropy; numbered, as the study's simulator does it
 * ({@code ConstantErasureCcaSrc::move_path_flow_label}), the flow starts at path id 0 and each
 * repath takes the next one ({@code profile: reference}).
 */
final class Plb implements PathPolicy {
  private static final long INITIAL_INTERVAL_PS = 1_000_000_000_000L;

  private final FlowInfo flow;
  private final SplitMix random;
  private final boolean[] marked;
  private final int threshold;
  private final boolean numbered;
  private int slot;
  private int marks;
  private int entropy;
  private long lastGood;
  private long interval = INITIAL_INTERVAL_PS;
  private boolean timerSet;
  private long timerStart;
  private long repaths;

  /**
   * @param window number of most recent ACKs whose ECN bits are kept
   * @param repathFraction repath when at least this fraction of the window is marked
   * @param numbered path ids 0, 1, 2, ... instead of random entropies
   */
  Plb(FlowInfo flow, SplitMix random, int window, double repathFraction, boolean numbered) {
    if (window < 1) {
      throw new IllegalArgumentException("PLB window must be >= 1, got " + window);
    }
    this.flow = flow;
    this.random = random;
    this.marked = new boolean[window];
    this.threshold = thresholdMarks(window, repathFraction);
    this.numbered = numbered;
    this.entropy = numbered ? 0 : random.nextInt();
  }

  /** Marks out of {@code window} that count as congested: the study's 0.4 of 10 is 4 ({@code -plbecn 4}). */
  static int thresholdMarks(int window, double fraction) {
    return (int) Math.ceil(fraction * window - 1e-9);
  }

  @Override
  public void choose(Packet p, long nowPs) {
    p.entropy = entropy;
  }

  @Override
  public void onSent(int sentEntropy, long nowPs) {
    if (!timerSet) {
      timerSet = true;
      timerStart = nowPs;
    } else if (nowPs - timerStart > flow.rtoPs()) {
      repath();
      lastGood = nowPs;
      timerStart = nowPs;
    }
  }

  @Override
  public void onAck(int ackEntropy, boolean congested, long nowPs) {
    timerSet = false;
    if (marked[slot]) {
      marks--;
    }
    marked[slot] = congested;
    if (congested) {
      marks++;
    }
    slot = slot + 1 == marked.length ? 0 : slot + 1;
    if (marks < threshold) {
      long ipd = flow.pacingGapPs();
      lastGood = nowPs;
      interval = random.nextLong(2 * ipd) + 10 * ipd;
    }
    if (nowPs - lastGood > interval) {
      repath();
      lastGood = nowPs;
    }
  }

  private void repath() {
    entropy = numbered ? entropy + 1 : random.nextInt();
    repaths++;
  }

  int entropy() {
    return entropy;
  }

  long repaths() {
    return repaths;
  }

  int threshold() {
    return threshold;
  }

  /** How long the current congestion must hold before a repath. */
  long interval() {
    return interval;
  }
}
