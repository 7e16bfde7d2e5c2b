package org.lbsim.transport;

import java.util.List;
import java.util.function.Consumer;
import org.lbsim.workload.FlowSpec;
import org.lbsim.workload.LocalStep;

/**
 * Who waits for whom in a run. Flows have ids 0..n-1 and local steps n and up; each keeps a count
 * of the waits it still has: the flows and steps it waits to be received (or to finish), the flows
 * whose sender it waits to complete, and its run-time trigger. Each completion releases one wait
 * of those waiting for it, in the order their specs list them, and a count that reaches zero
 * begins its flow or step.
 */
final class Dependencies {
  /** Begins flow or local step {@code id}, whose last wait ended at {@code nowPs}. */
  @FunctionalInterface
  interface Begin {
    void begin(int id, long nowPs);
  }

  private final int[][] dependents; // by flow or step: who waits for it to be received (or to finish)
  private final int[][] sentDependents; // by flow: who waits for its sender to complete; null: nobody does
  private final int[] pending; // by flow or step: its waits not yet over
  private final Begin begin;

  /** Checks that every wait names a flow or step of the run; throws IllegalArgumentException naming one that does not. */
  Dependencies(List<FlowSpec> flows, List<LocalStep> steps, Begin begin) {
    this.dependents = dependents(flows, steps);
    this.sentDependents = sentDependents(flows);
    this.pending = new int[flows.size() + steps.size()];
    for (FlowSpec f : flows) {
      pending[f.id()] = f.waitCount();
    }
    for (LocalStep s : steps) {
      pending[s.id()] = s.deps().length;
    }
    this.begin = begin;
  }

  /** Whether flow or step {@code id} waits for nothing at the start. */
  boolean free(int id) {
    return pending[id] == 0;
  }

  /** Flow or local step {@code id} was received (or finished). */
  void received(int id, long nowPs) {
    int[] waiting = dependents[id];
    release(waiting, 0, waiting.length, nowPs);
  }

  /** Flow {@code flow}'s sender has the ACK that completes it. */
  void senderDone(int flow, long nowPs) {
    if (sentDependents != null) {
      int[] waiting = sentDependents[flow];
      release(waiting, 0, waiting.length, nowPs);
    }
  }

  /** One wait of each of {@code waiting[from..to)} is over: begin those that waited for nothing else. */
  void release(int[] waiting, int from, int to, long nowPs) {
    for (int j = from; j < to; j++) {
      int d = waiting[j];
      if (--pending[d] == 0) {
        begin.begin(d, nowPs);
      }
    }
  }

  /**
   * By flow: the flows that wait for its sender to complete ({@link FlowSpec#sentDeps}); null
   * when no flow waits for a sender, so that a run without such waits carries no array per flow.
   */
  private static int[][] sentDependents(List<FlowSpec> flows) {
    if (flows.stream().allMatch(f -> f.sentDepCount() == 0)) {
      return null;
    }
    int n = flows.size();
    for (FlowSpec f : flows) {
      for (int d : f.sentDeps()) {
        if (d < 0 || d >= n) {
          throw new IllegalArgumentException("flow " + f.id() + " waits for the sender of unknown flow " + d);
        }
      }
    }
    return waiters(n, edge -> {
      for (FlowSpec f : flows) {
        for (int d : f.sentDeps()) {
          edge.add(d, f.id());
        }
      }
    });
  }

  /** By flow or local step: the flows and steps that wait for it to be received (or to finish). */
  private static int[][] dependents(List<FlowSpec> flows, List<LocalStep> steps) {
    int n = flows.size() + steps.size();
    for (FlowSpec f : flows) {
      for (int j = 0; j < f.depCount(); j++) {
        int d = f.dep(j);
        if (d < 0 || d >= n) {
          throw new IllegalArgumentException("flow " + f.id() + " depends on unknown flow " + d);
        }
      }
    }
    for (int i = 0; i < steps.size(); i++) {
      LocalStep s = steps.get(i);
      if (s.id() != flows.size() + i) {
        throw new IllegalArgumentException("local step ids must follow the flows in order; step " + i + " has id " + s.id());
      }
      for (int d : s.deps()) {
        if (d < 0 || d >= n) {
          throw new IllegalArgumentException("local step " + s.id() + " depends on unknown id " + d);
        }
      }
    }
    return waiters(n, edge -> {
      for (FlowSpec f : flows) {
        for (int j = 0; j < f.depCount(); j++) {
          edge.add(f.dep(j), f.id());
        }
      }
      for (LocalStep s : steps) {
        for (int d : s.deps()) {
          edge.add(d, s.id());
        }
      }
    });
  }

  /** A wait: {@code waiter} waits for {@code waitedFor}. */
  @FunctionalInterface
  private interface Wait {
    void add(int waitedFor, int waiter);
  }

  /**
   * By id 0..n-1, the ids that wait for it, in the order {@code waits} lists them; {@code waits}
   * lists every wait, the same each time it is called (twice: to count, then to fill).
   */
  private static int[][] waiters(int n, Consumer<Wait> waits) {
    int[] count = new int[n];
    waits.accept((d, w) -> count[d]++);
    int[][] out = new int[n][];
    for (int i = 0; i < n; i++) {
      out[i] = new int[count[i]];
      count[i] = 0;
    }
    waits.accept((d, w) -> out[d][count[d]++] = w);
    return out;
  }
}
