package org.lbsim.transport;

import java.util.List;
import java.util.function.IntConsumer;
import org.lbsim.workload.FlowSpec;
import org.lbsim.workload.FlowTriggers;

/**
 * Which flows activate each run-time trigger (when sent or received), in id order: one pass over
 * the flows, so that explaining every unfinished flow of a long trigger chain costs one pass, not
 * one per flow.
 */
final class TriggerActivators {
  private static final int[] NONE = new int[0];
  private final int[][] byTrigger;

  private TriggerActivators(int[][] byTrigger) {
    this.byTrigger = byTrigger;
  }

  static TriggerActivators of(List<FlowSpec> flows) {
    int triggers = 0;
    for (FlowSpec a : flows) {
      triggers = Math.max(triggers, 1 + Math.max(a.triggers().whenSent(), a.triggers().whenReceived()));
    }
    int[] count = new int[triggers];
    for (FlowSpec a : flows) {
      each(a.triggers(), u -> count[u]++);
    }
    int[][] index = new int[triggers][];
    for (int u = 0; u < triggers; u++) {
      index[u] = new int[count[u]];
      count[u] = 0;
    }
    for (FlowSpec a : flows) {
      each(a.triggers(), u -> index[u][count[u]++] = a.id());
    }
    return new TriggerActivators(index);
  }

  /** The flows that activate trigger {@code t}, in id order. */
  int[] of(int t) {
    return t >= 0 && t < byTrigger.length ? byTrigger[t] : NONE;
  }

  /** The triggers a flow activates, each once (it may activate one trigger both when sent and when received). */
  private static void each(FlowTriggers l, IntConsumer trigger) {
    if (l.whenSent() != FlowTriggers.NO_TRIGGER) {
      trigger.accept(l.whenSent());
    }
    if (l.whenReceived() != FlowTriggers.NO_TRIGGER && l.whenReceived() != l.whenSent()) {
      trigger.accept(l.whenReceived());
    }
  }
}
