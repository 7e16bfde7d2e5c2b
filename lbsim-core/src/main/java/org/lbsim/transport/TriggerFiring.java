package org.lbsim.transport;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.lbsim.workload.FlowSpec;
import org.lbsim.workload.FlowTriggers;

/**
 * The run-time triggers of a run ({@link FlowTriggers}), fired as htsim's {@code trigger.cpp} fires
 * them: a oneshot trigger ({@code SingleShotTrigger::activate}) starts all its waiting connections
 * at its first activation and nothing after; a multishot trigger ({@code MultiShotTrigger::activate})
 * starts its k-th waiting flow at its k-th activation, the flows in id order, and nothing once they
 * have all started. A waiting flow starts at the activation's picosecond plus its own start.
 *
 * <p>The connections of one workload flow (its subflows) activate as one activator, when the last
 * of them is done; a multishot activation starts every connection of the flow it starts.
 */
final class TriggerFiring {
  private static final int NOBODY = -1;

  private final Transport transport;
  private final int[] sentActivator; // by connection: its activator for a trigger it activates when sent, or NOBODY
  private final int[] receivedActivator; // the same, when received
  private final int[] left; // by activator: its connections not yet done
  private final int[] activates; // by activator: the trigger
  private final boolean[] multishot; // by trigger
  private final int[][] waiting; // by trigger: waiting connections, in id order
  private final int[][] flowStarts; // by multishot trigger: where each waiting flow's connections begin in waiting, then the end
  private final int[] shots; // by trigger: activations so far

  private TriggerFiring(Transport transport, List<FlowSpec> connections, int triggers) {
    this.transport = transport;
    int n = connections.size();
    sentActivator = new int[n];
    receivedActivator = new int[n];
    Map<Long, Integer> activatorIds = new HashMap<>(); // (workload flow, sent or received) -> activator
    List<Integer> activatorTrigger = new ArrayList<>();
    List<Integer> activatorSize = new ArrayList<>();
    List<List<Integer>> waits = new ArrayList<>(triggers);
    for (int t = 0; t < triggers; t++) {
      waits.add(new ArrayList<>());
    }
    multishot = new boolean[triggers];
    for (FlowSpec c : connections) {
      FlowTriggers l = c.triggers();
      sentActivator[c.id()] = activator(l.whenSent(), 2L * l.flow(), activatorIds, activatorTrigger, activatorSize);
      receivedActivator[c.id()] = activator(l.whenReceived(), 2L * l.flow() + 1, activatorIds, activatorTrigger,
          activatorSize);
      if (l.waits()) {
        List<Integer> w = waits.get(l.waitsFor());
        if (!w.isEmpty() && multishot[l.waitsFor()] != l.multishot()) {
          throw new IllegalArgumentException("connection " + c.id() + " waits on trigger " + l.waitsFor()
              + " as " + (l.multishot() ? "multishot" : "oneshot") + ", other connections as the other kind");
        }
        multishot[l.waitsFor()] = l.multishot();
        w.add(c.id());
      }
    }
    left = activatorSize.stream().mapToInt(Integer::intValue).toArray();
    activates = activatorTrigger.stream().mapToInt(Integer::intValue).toArray();
    waiting = new int[triggers][];
    flowStarts = new int[triggers][];
    for (int t = 0; t < triggers; t++) {
      waiting[t] = waits.get(t).stream().mapToInt(Integer::intValue).toArray();
      flowStarts[t] = multishot[t] ? flowStarts(waiting[t], connections) : null;
    }
    shots = new int[triggers];
  }

  /** The firing of the run-time triggers of {@code connections}; null when no connection is linked to one. */
  static TriggerFiring of(Transport transport, List<FlowSpec> connections) {
    int triggers = 0;
    for (FlowSpec c : connections) {
      FlowTriggers l = c.triggers();
      triggers = Math.max(triggers, 1 + Math.max(l.waitsFor(), Math.max(l.whenSent(), l.whenReceived())));
    }
    return triggers == 0 ? null : new TriggerFiring(transport, connections, triggers);
  }

  /** The activator a connection belongs to for trigger {@code t}, made on first use; NOBODY without a trigger. */
  private static int activator(int t, long key, Map<Long, Integer> ids, List<Integer> trigger, List<Integer> size) {
    if (t == FlowTriggers.NO_TRIGGER) {
      return NOBODY;
    }
    int a = ids.computeIfAbsent(key, k -> trigger.size());
    if (a == trigger.size()) {
      trigger.add(t);
      size.add(0);
    }
    size.set(a, size.get(a) + 1);
    return a;
  }

  /** Where in {@code waiting} each workload flow's connections begin, then its length. */
  private static int[] flowStarts(int[] waiting, List<FlowSpec> connections) {
    List<Integer> starts = new ArrayList<>();
    for (int j = 0; j < waiting.length; j++) {
      if (j == 0 || connections.get(waiting[j]).triggers().flow() != connections.get(waiting[j - 1]).triggers().flow()) {
        starts.add(j);
      }
    }
    starts.add(waiting.length);
    return starts.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Connection {@code c}'s sender has the ACK that completes it. */
  void onSent(int c, long nowPs) {
    done(sentActivator[c], nowPs);
  }

  /** Connection {@code c}'s receiver holds the whole message. */
  void onReceived(int c, long nowPs) {
    done(receivedActivator[c], nowPs);
  }

  private void done(int a, long nowPs) {
    if (a != NOBODY && --left[a] == 0) {
      fire(activates[a], nowPs);
    }
  }

  private void fire(int t, long nowPs) {
    int shot = shots[t]++;
    if (!multishot[t]) {
      if (shot == 0) {
        transport.dependencies().release(waiting[t], 0, waiting[t].length, nowPs);
      }
    } else if (shot + 1 < flowStarts[t].length) {
      transport.dependencies().release(waiting[t], flowStarts[t][shot], flowStarts[t][shot + 1], nowPs);
    }
  }
}
