package org.lbsim.transport;

import java.util.List;
import org.lbsim.engine.EventTarget;
import org.lbsim.workload.LocalStep;

/**
 * The fabric-free steps of a run (compute, NVLink copies): each ends its fixed duration after its
 * last dependency finished, then releases its dependents through the transport like a received
 * flow. The event argument is the step's id.
 */
final class LocalSteps implements EventTarget {
  private final Transport transport;
  private final List<LocalStep> steps;
  private final int firstId;
  private final long[] finishPs;
  private int done;

  LocalSteps(Transport transport, List<LocalStep> steps, int firstId) {
    this.transport = transport;
    this.steps = List.copyOf(steps);
    this.firstId = firstId;
    this.finishPs = new long[steps.size()];
    java.util.Arrays.fill(finishPs, -1);
  }

  /** Begins every step that waits for nothing. */
  void start(Dependencies dependencies) {
    for (LocalStep s : steps) {
      if (dependencies.free(s.id())) {
        begin(s.id(), 0);
      }
    }
  }

  void begin(int id, long nowPs) {
    transport.simulator().schedule(nowPs + steps.get(id - firstId).durationPs(), this, 0, id);
  }

  @Override
  public int tieRank() {
    return org.lbsim.engine.EventQueue.MAX_RANK - 1; // a run-wide target (EventQueue.RUN_WIDE_RANKS)
  }

  @Override
  public void onEvent(int kind, long arg) {
    int id = (int) arg;
    long now = transport.simulator().now();
    finishPs[id - firstId] = now;
    done++;
    transport.noteFinish(now, true);
    transport.onReceived(id, now);
    transport.stopIfAllDone(transport.simulator());
  }

  boolean allDone() {
    return done == steps.size();
  }

  long finishPs(int id) {
    int i = id - firstId;
    return i >= 0 && i < finishPs.length ? finishPs[i] : -1;
  }
}
