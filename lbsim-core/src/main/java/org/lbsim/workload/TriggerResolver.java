package org.lbsim.workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the triggers of a {@code .cm} file into {@link FlowSpec} dependencies and stages.
 *
 * <p>A trigger waited on by a connection becomes the set of connections it waits for: the
 * first-listed activator for a oneshot trigger, every activator for a barrier, and the k-th
 * activator (file order) for the k-th waiting connection of a multishot trigger. An activator
 * named by {@code recv_done_trigger} counts once the connection is fully received; one named by
 * {@code send_done_trigger} once its sender has the ACK that completes it, as htsim fires it
 * (its sources' {@code activate()} on their last ACK, e.g. {@code ConstantErasureCcaSrc::receivePacket}
 * and {@code UecSrc}'s completion). htsim fires triggers in the order activations happen at run
 * time; a static dependency graph has to fix that order, and file order is the one the author
 * wrote.
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
    int[][] deps = new int[n][];
    Map<Long, Integer> multishotUses = new HashMap<>();
    for (int i = 0; i < n; i++) {
      CmConnection c = conns.get(i);
      if (!c.waits()) {
        deps[i] = new int[0];
        continue;
      }
      requireDefined(file, c, c.trigger(), "waits for trigger", triggers);
      List<Integer> acts = activators.getOrDefault(c.trigger(), List.of());
      if (acts.isEmpty()) {
        throw new WorkloadFileException(file, c.line(), "trigger " + c.trigger()
            + " is never activated, so this connection would never start", String.valueOf(c.trigger()),
            "name it as send_done_trigger or recv_done_trigger of another connection");
      }
      deps[i] = switch (triggers.get(c.trigger()).kind()) {
        case ONESHOT -> new int[] {acts.get(0)};
        case BARRIER -> acts.stream().mapToInt(Integer::intValue).toArray();
        case MULTISHOT -> new int[] {nthActivator(file, c, acts, multishotUses)};
      };
    }
    int[][] waits = new int[n][]; // the connections each waits for, whatever the event
    for (int i = 0; i < n; i++) {
      waits[i] = Arrays.stream(deps[i]).map(a -> a < 0 ? ~a : a).toArray();
    }
    int[] stage = stagesOrCycle(file, conns, waits);
    List<FlowSpec> flows = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      CmConnection c = conns.get(i);
      int[] received = Arrays.stream(deps[i]).filter(a -> a >= 0).toArray();
      int[] sent = Arrays.stream(deps[i]).filter(a -> a < 0).map(a -> ~a).toArray();
      flows.add(new FlowSpec(i, c.src(), c.dst(), c.bytes(), c.startPs(), received, stage[i], sent));
    }
    return Collections.unmodifiableList(flows);
  }

  private static int nthActivator(String file, CmConnection c, List<Integer> acts, Map<Long, Integer> uses) {
    int k = uses.merge(c.trigger(), 1, Integer::sum) - 1;
    if (k >= acts.size()) {
      throw new WorkloadFileException(file, c.line(), "multishot trigger " + c.trigger()
          + " starts one waiting connection per activation, but only " + acts.size()
          + " connections activate it and this is waiting connection " + (k + 1), String.valueOf(c.trigger()),
          "at most as many connections waiting on a multishot trigger as activating it");
    }
    return acts.get(k);
  }

  private static void requireDefined(String file, CmConnection c, long id, String role,
      Map<Long, CmTrigger> triggers) {
    if (!triggers.containsKey(id)) {
      throw new WorkloadFileException(file, c.line(), "connection " + role + " " + id
          + ", which is not defined", String.valueOf(id),
          "define it with a line 'trigger id " + id + " oneshot|multishot|barrier'");
    }
  }

  /**
   * Dependency depth of every flow, by an iterative depth-first search (a chain of thousands of
   * ring steps must not overflow the call stack); a back edge means a cycle, reported by lines.
   */
  private static int[] stagesOrCycle(String file, List<CmConnection> conns, int[][] deps) {
    int n = deps.length;
    int[] stage = new int[n];
    byte[] state = new byte[n]; // 0 unvisited, 1 on the stack, 2 done
    int[] stack = new int[n];
    int[] next = new int[n];
    for (int root = 0; root < n; root++) {
      if (state[root] != 0) {
        continue;
      }
      int sp = 0;
      stack[sp] = root;
      next[sp++] = 0;
      state[root] = 1;
      while (sp > 0) {
        int v = stack[sp - 1];
        if (next[sp - 1] < deps[v].length) {
          int w = deps[v][next[sp - 1]++];
          if (state[w] == 1) {
            throw cycle(file, conns, stack, sp, w);
          }
          if (state[w] == 0) {
            state[w] = 1;
            stack[sp] = w;
            next[sp++] = 0;
          }
        } else {
          int depth = 0;
          for (int d : deps[v]) {
            depth = Math.max(depth, stage[d] + 1);
          }
          stage[v] = depth;
          state[v] = 2;
          sp--;
        }
      }
    }
    return stage;
  }

  private static WorkloadFileException cycle(String file, List<CmConnection> conns, int[] stack, int sp, int w) {
    int from = sp - 1;
    while (stack[from] != w) {
      from--;
    }
    StringBuilder loop = new StringBuilder();
    for (int j = from; j < sp; j++) {
      loop.append("line ").append(conns.get(stack[j]).line()).append(" -> ");
    }
    loop.append("line ").append(conns.get(w).line());
    return new WorkloadFileException(file, conns.get(w).line(),
        "connections wait for each other in a cycle, so none of them can start", loop.toString(),
        "'a -> b' reads 'a waits for b'; triggers must not form a loop");
  }
}
