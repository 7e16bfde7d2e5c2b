package org.lbsim.transport;

/**
 * The state of the sender features that not every flow has, in one object made only for a
 * {@link Sender} that has at least one: its pacing slot clock when that clock can pause (nominal
 * slot times under NIC back-pressure, the last and next slot of a reactive pace or an idle
 * sender), receiver credit (its congestion control's {@link PullCredited} role) and its one timer
 * event (the retransmission timer's, or an idle sender's wake-up at its recovery's deadline, see
 * {@link #timerNeededBy}). The study's ideal sender (constant rate, erasure coding) has none, so
 * its flows carry none of these fields (docs/architecture.md, "Memory layout rules").
 */
final class SenderExtras {
  PullCredited credit; // the congestion control, when it is credit-driven; null otherwise
  NicGate gate; // null: no NIC back-pressure
  // a flow held back by its NIC may catch up at most one gap's worth of slots: a paced flow
  // must not turn into a burst after a long stall. A reactive congestion control sets its own
  // pace from feedback, so it gets no catch-up credit at all.
  long maxCatchUpPs;
  long nominalPs;
  boolean awaiting; // the slot's packet waits in the NIC gate
  long lastSlotPs;
  long nextSlotPs;
  private boolean timerPending;
  private long timerAtPs;

  /**
   * Moves an idle sender's next slot to the first one at or after {@code now}: the slot it would
   * have reached had it ticked through the empty ones, whose gaps are computed here at their own
   * times (a jittered gap draws its jitter, a rate with lazy timers advances them), as those
   * slots would have. Called before feedback or a timeout is applied, so the skipped slots get
   * the pace they would have had.
   */
  void catchUp(CongestionControl cc, long now) {
    long t = nextSlotPs;
    long last = lastSlotPs;
    if (t < now) {
      if (cc.steadyGap()) {
        long gap = cc.pacingGapPs(t);
        long skipped = (now - t + gap - 1) / gap;
        last = t + (skipped - 1) * gap;
        t += skipped * gap;
      } else {
        while (t < now) {
          last = t;
          t += cc.pacingGapPs(t);
        }
      }
    }
    lastSlotPs = last;
    nextSlotPs = t;
    nominalPs = t; // with NIC back-pressure an empty slot leaves its nominal time at the slot
  }

  /**
   * After a slot at {@code now} under NIC back-pressure: the next nominal slot, one {@code gapPs}
   * after this one's nominal time, which may lag {@code now} by at most the catch-up credit.
   * Returns the next slot (never before now).
   */
  long nominalSlot(long now, long gapPs) {
    nominalPs = Math.max(nominalPs, now - maxCatchUpPs) + gapPs;
    lastSlotPs = now;
    nextSlotPs = Math.max(nominalPs, now);
    return nextSlotPs;
  }

  /**
   * Whether a new timer event is needed so that one is pending at or before {@code atPs}; if so,
   * it is now recorded as pending at {@code atPs}, and the caller schedules it. A deadline that
   * moved later is found when the earlier event fires; never one event per packet.
   */
  boolean timerNeededBy(long atPs) {
    if (timerPending && timerAtPs <= atPs) {
      return false;
    }
    timerPending = true;
    timerAtPs = atPs;
    return true;
  }

  /** A timer event at {@code now} fired: whether it is the pending one (else a later one superseded it). */
  boolean timerFires(long now) {
    if (!timerPending || now != timerAtPs) {
      return false;
    }
    timerPending = false;
    return true;
  }
}
