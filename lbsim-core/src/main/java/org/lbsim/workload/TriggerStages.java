package org.lbsim.workload;

import java.util.ArrayList;
import java.util.List;

/**
 * The stage of every connection of a {@code .cm} file, and the check that every one of them can
 * start.
 *
 * <p>A connection's stage is the fewest dependency rounds after which it can start: 0 without a
 * trigger; one past the highest stage among the connections it waits for all of (a barrier's
 * activators); one past the lowest stage among the activators of its oneshot trigger; for the k-th
 * connection waiting on a multishot trigger, one past the k-th lowest stage among its activators.
 * Found breadth first, so that a chain of thousands of ring steps needs no call stack. A
 * connection that no order of activations can start waits, through its activators, on itself:
 * that loop is reported by lines.
 */
final class TriggerStages {
  private final int[] need; // by connection: waits not yet over
  private final int[] stage; // -1: not reached
  private final int[] queue; // connections in the order they are reached, so by stage
  private int tail;
  private final List<List<Integer>> after = new ArrayList<>(); // by connection: who waits for all of a set with it
  private final List<List<Integer>> targets = new ArrayList<>(); // by run-time trigger: who waits on it, file order
  private final boolean[] multishot;
  private final int[] shots; // by run-time trigger: activations so far

  private TriggerStages(int n, int triggers) {
    need = new int[n];
    stage = new int[n];
    queue = new int[n];
    multishot = new boolean[triggers];
    shots = new int[triggers];
    java.util.Arrays.fill(stage, -1);
    for (int i = 0; i < n; i++) {
      after.add(new ArrayList<>(0));
    }
    for (int t = 0; t < triggers; t++) {
      targets.add(new ArrayList<>());
    }
  }

  /**
   * @param deps by connection, the connections it waits for all of: i fully received, ~i done sending
   * @param links by connection, its run-time triggers
   * @param triggers how many run-time triggers the links number
   */
  static int[] of(String file, List<CmConnection> conns, int[][] deps, FlowTriggers[] links, int triggers) {
    int n = conns.size();
    TriggerStages s = new TriggerStages(n, triggers);
    for (int i = 0; i < n; i++) {
      for (int a : deps[i]) {
        s.after.get(a < 0 ? ~a : a).add(i);
      }
      s.need[i] = deps[i].length;
      if (links[i].waits()) {
        s.need[i]++;
        s.targets.get(links[i].waitsFor()).add(i);
        s.multishot[links[i].waitsFor()] = links[i].multishot();
      }
    }
    for (int i = 0; i < n; i++) {
      if (s.need[i] == 0) {
        s.stage[i] = 0;
        s.queue[s.tail++] = i;
      }
    }
    for (int head = 0; head < s.tail; head++) {
      int v = s.queue[head];
      int next = s.stage[v] + 1;
      for (int w : s.after.get(v)) {
        s.reach(w, next);
      }
      s.activate(links[v].whenSent(), next);
      s.activate(links[v].whenReceived(), next);
    }
    if (s.tail < n) {
      throw cycle(file, conns, deps, links, s.stage);
    }
    return s.stage;
  }

  /** Run-time trigger {@code t} is activated: it starts its first or next waiting connections at stage {@code next}. */
  private void activate(int t, int next) {
    if (t == FlowTriggers.NO_TRIGGER) {
      return;
    }
    int k = shots[t]++;
    List<Integer> waiting = targets.get(t);
    if (multishot[t] && k < waiting.size()) {
      reach(waiting.get(k), next);
    } else if (!multishot[t] && k == 0) {
      for (int w : waiting) {
        reach(w, next);
      }
    }
  }

  /** One wait of {@code w} is over: once none is left, it starts at stage {@code next}. */
  private void reach(int w, int next) {
    if (--need[w] == 0) {
      stage[w] = next;
      queue[tail++] = w;
    }
  }

  /**
   * Every connection that cannot start waits on another that cannot (a dependency, or an activator
   * of its trigger), so following those waits from one of them runs into a loop.
   */
  private static WorkloadFileException cycle(String file, List<CmConnection> conns, int[][] deps, FlowTriggers[] links,
      int[] stage) {
    int n = conns.size();
    List<List<Integer>> activators = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      addActivator(activators, links[i].whenSent(), i);
      addActivator(activators, links[i].whenReceived(), i);
    }
    int[][] waitsOn = new int[n][];
    for (int i = 0; i < n; i++) {
      List<Integer> on = new ArrayList<>();
      for (int a : deps[i]) {
        on.add(a < 0 ? ~a : a);
      }
      if (links[i].waits()) {
        on.addAll(activators.get(links[i].waitsFor()));
      }
      waitsOn[i] = on.stream().mapToInt(Integer::intValue).filter(a -> stage[a] < 0).toArray();
    }
    byte[] state = new byte[n]; // 0 unvisited, 1 on the path
    int[] path = new int[n];
    int root = 0;
    while (stage[root] >= 0) {
      root++;
    }
    int v = root;
    int len = 0;
    while (state[v] == 0) { // each connection that cannot start waits on one that cannot: follow the first
      state[v] = 1;
      path[len++] = v;
      v = waitsOn[v][0];
    }
    int from = 0;
    while (path[from] != v) {
      from++;
    }
    StringBuilder loop = new StringBuilder();
    for (int j = from; j < len; j++) {
      loop.append("line ").append(conns.get(path[j]).line()).append(" -> ");
    }
    loop.append("line ").append(conns.get(v).line());
    return new WorkloadFileException(file, conns.get(v).line(),
        "connections wait for each other in a cycle, so none of them can start", loop.toString(),
        "'a -> b' reads 'a waits for b'; triggers must not form a loop");
  }

  private static void addActivator(List<List<Integer>> activators, int t, int i) {
    if (t != FlowTriggers.NO_TRIGGER) {
      while (activators.size() <= t) {
        activators.add(new ArrayList<>());
      }
      activators.get(t).add(i);
    }
  }
}
