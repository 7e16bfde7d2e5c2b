package org.lbsim.workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the triggers of a {@code .cm} file into what the transport runs, as htsim's
 * {@code trigger.cpp} fires them.
 *
 * <p>Activators: a connection naming a trigger as {@code send_done_trigger} activates it once its
 * sender has the ACK that completes it, as htsim's sources call {@code activate()} on their last
 * ACK (e.g. {@code RoceSrc::processAck}, {@code EqdsSrc::checkFinished}, uet-htsim's
 * {@code UecSrc::checkFinished}); one naming it as {@code recv_done_trigger} once its receiver
 * holds the whole message. A connection naming one trigger as both activates it once, when done
 * sending.
 *
 * <p>A barrier fires once every activator has activated it, so the connections waiting on it wait
 * for all of them: plain dependencies ({@link FlowSpec#deps()}, {@link FlowSpec#sentDeps()}).
 * Oneshot and multishot triggers fire in the order activations happen during the run, so they stay
 * triggers ({@link FlowTriggers}), numbered in the order the file defines them; one that no
 * connection waits for is left out. {@code stage} and the check that every connection can start
 * are {@link TriggerStages}'.
 */
final class TriggerResolver {

  private TriggerResolver() {}

  static List<FlowSpec> resolve(String file, List<CmConnection> conns, Map<Long, CmTrigger> triggers) {
    int n = conns.size();
    // activators by trigger: connection i as i (fully received) or as ~i (done sending)
    Map<Long, List<Integer>> activators = new HashMap<>();
    for (int i = 0; i < n; i++) {
      CmConnection c = conns.get(i);
      if (c.sendDoneTrigger() != CmConnection.NONE) {
        requireDefined(file, c, c.sendDoneTrigger(), "activates send_done_trigger", triggers);
        activators.computeIfAbsent(c.sendDoneTrigger(), k -> new ArrayList<>()).add(~i);
      }
      if (c.recvDoneTrigger() != CmConnection.NONE && c.recvDoneTrigger() != c.sendDoneTrigger()) {
        requireDefined(file, c, c.recvDoneTrigger(), "activates recv_done_trigger", triggers);
        activators.computeIfAbsent(c.recvDoneTrigger(), k -> new ArrayList<>()).add(i);
      }
    }
    for (CmTrigger t : triggers.values()) {
      requireCountMatches(file, t, activators.getOrDefault(t.id(), List.of()).size());
    }
    Map<Long, Integer> runTimeIds = new HashMap<>(); // oneshot and multishot triggers waited for -> 0..t-1
    Map<Long, Integer> waiting = new HashMap<>(); // connections waiting, by trigger
    int[][] deps = new int[n][]; // barriers: the activators, as in activators
    for (int i = 0; i < n; i++) {
      CmConnection c = conns.get(i);
      deps[i] = new int[0];
      if (!c.waits()) {
        continue;
      }
      requireDefined(file, c, c.trigger(), "waits for trigger", triggers);
      List<Integer> acts = activators.getOrDefault(c.trigger(), List.of());
      if (acts.isEmpty()) {
        throw new WorkloadFileException(file, c.line(), "trigger " + c.trigger()
            + " is never activated, so this connection would never start", String.valueOf(c.trigger()),
            "name it as send_done_trigger or recv_done_trigger of another connection");
      }
      int k = waiting.merge(c.trigger(), 1, Integer::sum);
      CmTrigger.Kind kind = triggers.get(c.trigger()).kind();
      if (kind == CmTrigger.Kind.BARRIER) {
        deps[i] = acts.stream().mapToInt(Integer::intValue).toArray();
      } else if (kind == CmTrigger.Kind.MULTISHOT) {
        requireAnActivation(file, c, acts, k);
      }
    }
    for (CmTrigger t : triggers.values()) { // definition order
      if (t.kind() != CmTrigger.Kind.BARRIER && waiting.containsKey(t.id())) {
        runTimeIds.put(t.id(), runTimeIds.size());
      }
    }
    FlowTriggers[] links = new FlowTriggers[n];
    for (int i = 0; i < n; i++) {
      CmConnection c = conns.get(i);
      int waitsFor = runTimeIds.getOrDefault(c.trigger(), FlowTriggers.NO_TRIGGER);
      boolean multishot = waitsFor != FlowTriggers.NO_TRIGGER && triggers.get(c.trigger()).kind() == CmTrigger.Kind.MULTISHOT;
      int whenSent = runTimeIds.getOrDefault(c.sendDoneTrigger(), FlowTriggers.NO_TRIGGER);
      int whenReceived = c.recvDoneTrigger() == c.sendDoneTrigger() ? FlowTriggers.NO_TRIGGER
          : runTimeIds.getOrDefault(c.recvDoneTrigger(), FlowTriggers.NO_TRIGGER);
      FlowTriggers l = new FlowTriggers(waitsFor, multishot, whenSent, whenReceived, i);
      links[i] = l.linked() ? l : FlowTriggers.NONE;
    }
    int[] stage = TriggerStages.of(file, conns, deps, links, runTimeIds.size());
    List<FlowSpec> flows = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      CmConnection c = conns.get(i);
      int[] received = Arrays.stream(deps[i]).filter(a -> a >= 0).toArray();
      int[] sent = Arrays.stream(deps[i]).filter(a -> a < 0).map(a -> ~a).toArray();
      flows.add(new FlowSpec(i, c.src(), c.dst(), c.bytes(), c.startPs(), received, stage[i], sent, links[i]));
    }
    return Collections.unmodifiableList(flows);
  }

  /**
   * A barrier's {@code count}: htsim's {@code BarrierTrigger::activate} (trigger.cpp) fires at the
   * count-th activation and stops the run at any later one; lbsim fires a barrier once every
   * connection that activates it has. The two agree when count is that number of connections, so
   * only that count is taken.
   */
  private static void requireCountMatches(String file, CmTrigger t, int activators) {
    if (t.count() != CmTrigger.NO_COUNT && t.count() != activators) {
      throw new WorkloadFileException(file, t.line(), "barrier trigger " + t.id() + " has count " + t.count()
          + " but " + activators + " connections activate it (htsim's BarrierTrigger fires at the count-th activation and "
          + "stops at a later one; lbsim fires a barrier once every activator has activated it)",
          "count " + t.count(), "count " + activators + ", or no count");
    }
  }

  /** The k-th connection waiting on a multishot trigger starts at its k-th activation, so it needs k activators. */
  private static void requireAnActivation(String file, CmConnection c, List<Integer> acts, int k) {
    if (k > acts.size()) {
      throw new WorkloadFileException(file, c.line(), "multishot trigger " + c.trigger()
          + " starts one waiting connection per activation, but only " + acts.size()
          + " connections activate it and this is waiting connection " + k, String.valueOf(c.trigger()),
          "at most as many connections waiting on a multishot trigger as activating it");
    }
  }

  private static void requireDefined(String file, CmConnection c, long id, String role,
      Map<Long, CmTrigger> triggers) {
    if (!triggers.containsKey(id)) {
      throw new WorkloadFileException(file, c.line(), "connection " + role + " " + id
          + ", which is not defined", String.valueOf(id),
          "define it with a line 'trigger id " + id + " oneshot|multishot|barrier'");
    }
  }
}
