package org.lbsim.training.chakra;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;
import java.util.TreeSet;
import org.lbsim.training.Algorithms;
import org.lbsim.training.Algorithms.Op;
import org.lbsim.training.CommGraph;
import org.lbsim.training.NcclGraph;
import org.lbsim.training.chakra.TraceNode.Collective;
import org.lbsim.training.chakra.TraceNode.Kind;
import org.lbsim.workload.NcclCollective;
import org.lbsim.workload.NcclProtocol;

/**
 * A trace's nodes as {@link CommGraph} nodes, rank by rank in waves, so that the graph comes out in
 * the order a training job's own builder makes it.
 *
 * <p>Each rank runs its nodes in file order, a node after its dependencies (a stable topological
 * order). In a wave every rank runs its local nodes, sends and matched receives up to and
 * including its next local node of positive duration, and stops at a collective or at a receive
 * whose send has not run yet; then every collective that all members of its process group have
 * reached runs, until none is left; a wave in which nothing runs while nodes remain means the
 * ranks wait for each other, and the trace is refused.
 *
 * <p>Node rules: a local node of positive duration is a local step after its dependencies; one of
 * zero duration (and a skipped node) is a join of them. A collective starts on each member at a
 * join of that member's dependencies and runs NCCL's pipeline ({@link NcclGraph}: AllReduce,
 * AllGather, ReduceScatter under {@code job.algorithm} ring, Broadcast and Reduce from or to the
 * group's first rank always), {@code job.algorithm} halving-doubling or direct (AllReduce,
 * AllGather, ReduceScatter), every rank to every rank (AllToAll), or as a join of all members
 * (Barrier). A send is a flow from its
 * rank to its peer after its dependencies; the matching receive (same source, destination and
 * tag, in order) ends when the flow has arrived and the receive's own dependencies have finished.
 *
 * <p>Process groups: the k-th collective of a group on one member is the k-th on every member
 * (NCCL's order on a communicator). Its members are the ranks whose traces hold a collective of
 * that {@code pg_name}; a collective without one belongs to every rank of the trace.
 */
final class TraceGraph {
  /**
   * One trace node as the graph holds it.
   *
   * @param done the graph node that ends when the trace node has
   * @param instance a collective's instance ({@link #instances()}), a receive's matching send (its
   *     step index), -1 otherwise
   */
  record Step(int rank, TraceNode node, int done, int instance) {}

  /**
   * A trace collective that runs NCCL's pipeline.
   *
   * @param collective its index among the graph's collectives ({@link CommGraph#collectives()})
   * @param rank its group's first rank, whose node names it
   */
  record Nccl(int collective, int rank, TraceNode node) {}

  private final ChakraTrace trace;
  private final CommGraph g;
  private final int[] gpu;
  private final String algorithm;
  private final int channels;
  private final NcclProtocol proto;
  private final NcclCollective.Algorithm ncclAlgorithm;
  private final String file;
  private final List<List<TraceNode>> order = new ArrayList<>();
  private final int[] pos;
  private final List<Map<Long, Integer>> doneOf = new ArrayList<>();
  private final Map<String, int[]> members = new TreeMap<>();
  private final List<Map<String, Integer>> seen = new ArrayList<>();
  private final Map<List<Long>, ArrayDeque<Step>> sends = new HashMap<>();
  private final List<Step> steps = new ArrayList<>();
  private final List<int[]> instances = new ArrayList<>(); // per collective instance, its members' step indices
  private final List<Nccl> nccl = new ArrayList<>();
  private final long[] computePs;
  private int collectives;
  private int pointToPoint;

  TraceGraph(ChakraTrace trace, CommGraph g, int[] gpu, String algorithm, int channels, NcclProtocol proto,
      NcclCollective.Algorithm ncclAlgorithm) {
    this.trace = trace;
    this.proto = proto;
    this.ncclAlgorithm = ncclAlgorithm;
    this.g = g;
    this.gpu = gpu.clone();
    this.algorithm = algorithm;
    this.channels = channels;
    this.file = trace.prefix().toString();
    int n = trace.ranks();
    pos = new int[n];
    computePs = new long[n];
    Map<String, TreeSet<Integer>> m = new TreeMap<>();
    for (RankTrace r : trace.rankTraces()) {
      order.add(topological(r));
      doneOf.add(new HashMap<>());
      seen.add(new HashMap<>());
      for (TraceNode t : r.nodes()) {
        if (t.kind() == Kind.COLLECTIVE && !t.group().isEmpty()) {
          m.computeIfAbsent(t.group(), k -> new TreeSet<>()).add(r.rank());
        }
        if (t.kind() == Kind.LOCAL) {
          computePs[r.rank()] += t.durationPs();
        }
      }
    }
    int[] world = new int[n];
    Arrays.setAll(world, i -> i);
    members.put("", world);
    m.forEach((k, v) -> members.put(k, v.stream().mapToInt(Integer::intValue).toArray()));
  }

  /** The rank's nodes, each after its dependencies, otherwise in file order. */
  private List<TraceNode> topological(RankTrace r) {
    List<TraceNode> nodes = r.nodes();
    Map<Long, Integer> index = new HashMap<>();
    for (int i = 0; i < nodes.size(); i++) {
      index.put(nodes.get(i).id(), i);
    }
    int[] pending = new int[nodes.size()];
    List<List<Integer>> dependents = new ArrayList<>();
    for (int i = 0; i < nodes.size(); i++) {
      dependents.add(new ArrayList<>());
    }
    for (int i = 0; i < nodes.size(); i++) {
      for (long d : nodes.get(i).deps()) {
        pending[i]++;
        dependents.get(index.get(d)).add(i);
      }
    }
    PriorityQueue<Integer> ready = new PriorityQueue<>();
    for (int i = 0; i < nodes.size(); i++) {
      if (pending[i] == 0) {
        ready.add(i);
      }
    }
    List<TraceNode> out = new ArrayList<>(nodes.size());
    while (!ready.isEmpty()) {
      int i = ready.poll();
      out.add(nodes.get(i));
      for (int d : dependents.get(i)) {
        if (--pending[d] == 0) {
          ready.add(d);
        }
      }
    }
    if (out.size() < nodes.size()) {
      for (int i = 0; i < nodes.size(); i++) {
        if (pending[i] > 0) {
          throw new TraceException(r.file().toString(), nodes.get(i).label(r.rank()) + ": its dependencies form a cycle",
              Arrays.toString(nodes.get(i).deps()), "dependencies without cycles");
        }
      }
    }
    return out;
  }

  /** Builds every node; returns per rank the node that ends when all of the rank's nodes have. */
  int[] build() {
    int n = trace.ranks();
    long remaining = trace.nodes();
    while (remaining > 0) {
      long before = remaining;
      for (int r = 0; r < n; r++) {
        remaining -= runLocal(r);
      }
      boolean again = true;
      while (again) {
        again = false;
        for (int r = 0; r < n; r++) {
          int ran = runCollective(r);
          remaining -= ran;
          again |= ran > 0;
        }
      }
      if (remaining == before) {
        throw deadlock();
      }
    }
    for (Map.Entry<List<Long>, ArrayDeque<Step>> e : sends.entrySet()) {
      if (!e.getValue().isEmpty()) {
        Step s = e.getValue().peek();
        throw new TraceException(trace.rankTraces().get(s.rank()).file().toString(), s.node().label(s.rank())
            + ": sends to rank " + s.node().peer() + " with tag " + s.node().tag() + ", which never receives it",
            e.getValue().size() + " unmatched", "a receive on rank " + s.node().peer() + " with comm_src " + s.rank()
            + " and the same tag");
      }
    }
    return rankEnds();
  }

  /** Runs rank r's local nodes, sends and matched receives up to its next local node of positive duration. */
  private int runLocal(int r) {
    List<TraceNode> seq = order.get(r);
    int ran = 0;
    while (pos[r] < seq.size()) {
      TraceNode t = seq.get(pos[r]);
      if (!runOne(r, t)) {
        break;
      }
      pos[r]++;
      ran++;
      if (t.kind() == Kind.LOCAL && t.durationPs() > 0) {
        break;
      }
    }
    return ran;
  }

  /** Runs rank r's next node {@code t} unless it waits for other ranks (a collective, an unmatched receive). */
  private boolean runOne(int r, TraceNode t) {
    switch (t.kind()) {
      case LOCAL, SKIPPED -> {
        int[] deps = deps(r, t);
        record(r, t, t.durationPs() > 0 ? g.local(t.durationPs(), 0, deps) : g.join(deps), -1);
      }
      case SEND -> {
        int flow = g.send(gpu[r], gpu[t.peer()], t.bytes(), deps(r, t), 0, g.newGroup());
        int index = steps.size();
        record(r, t, g.join(flow), -1);
        sends.computeIfAbsent(List.of((long) r, (long) t.peer(), t.tag()), k -> new ArrayDeque<>())
            .add(new Step(r, t, flow, index));
        pointToPoint++;
      }
      case RECV -> {
        ArrayDeque<Step> q = sends.get(List.of((long) t.peer(), (long) r, t.tag()));
        if (q == null || q.isEmpty()) {
          return false;
        }
        Step s = q.poll();
        if (s.node().bytes() != t.bytes()) {
          throw new TraceException(trace.rankTraces().get(r).file().toString(), t.label(r) + ": receives "
              + t.bytes() + " B but rank " + s.rank() + " node " + s.node().id() + " sends " + s.node().bytes() + " B",
              Long.toString(t.bytes()), "the comm_size of the matching send, " + s.node().bytes());
        }
        int[] deps = deps(r, t);
        int[] preds = Arrays.copyOf(deps, deps.length + 1);
        preds[deps.length] = s.done();
        record(r, t, g.join(preds), s.instance());
      }
      default -> {
        return false;
      }
    }
    return true;
  }

  /** Runs the collective rank r waits at if every member of its group has reached it; returns the nodes run. */
  private int runCollective(int r) {
    TraceNode t = current(r);
    if (t == null || t.kind() != Kind.COLLECTIVE) {
      return 0;
    }
    int[] m = members.get(t.group());
    int k = seen.get(r).getOrDefault(t.group(), 0);
    for (int q : m) {
      TraceNode o = current(q);
      if (o == null || o.kind() != Kind.COLLECTIVE || !o.group().equals(t.group())
          || seen.get(q).getOrDefault(t.group(), 0) != k) {
        return 0;
      }
      if (o.collective() != t.collective() || o.bytes() != t.bytes()) {
        throw new TraceException(trace.rankTraces().get(q).file().toString(), "collective " + (k + 1) + " of "
            + groupName(t.group()) + " differs between ranks: rank " + m[0] + " has " + describe(current(m[0]))
            + ", rank " + q + " has " + describe(o), describe(o), "the same collective and comm_size on every member");
      }
    }
    int[] entry = new int[m.length];
    int[] gpus = new int[m.length];
    for (int i = 0; i < m.length; i++) {
      entry[i] = g.join(deps(m[i], current(m[i])));
      gpus[i] = gpu[m[i]];
    }
    int recorded = g.collectives().size();
    int[] done = collective(t, gpus, entry);
    if (g.collectives().size() > recorded) {
      nccl.add(new Nccl(recorded, m[0], t));
    }
    int[] stepIndex = new int[m.length];
    int instance = instances.size();
    for (int i = 0; i < m.length; i++) {
      stepIndex[i] = steps.size();
      record(m[i], current(m[i]), done[i], instance);
      seen.get(m[i]).merge(t.group(), 1, Integer::sum);
      pos[m[i]]++;
    }
    instances.add(stepIndex);
    collectives++;
    return m.length;
  }

  private int[] collective(TraceNode t, int[] gpus, int[] entry) {
    int n = gpus.length;
    if (algorithm.equals("halving-doubling") && Integer.bitCount(n) != 1 && n > 1
        && (t.collective() == Collective.ALL_REDUCE || t.collective() == Collective.ALL_GATHER
        || t.collective() == Collective.REDUCE_SCATTER || t.collective() == Collective.REDUCE_SCATTER_BLOCK)) {
      throw new TraceException(file, groupName(t.group()) + " has " + n + " ranks, and job.algorithm "
          + "halving-doubling needs a power-of-two group", Integer.toString(n), "job.algorithm ring or direct for this trace");
    }
    return switch (t.collective()) {
      case ALL_REDUCE -> symmetric(NcclCollective.Op.ALL_REDUCE, Op.ALL_REDUCE, gpus, t.bytes(), entry);
      case ALL_GATHER -> symmetric(NcclCollective.Op.ALL_GATHER, Op.ALL_GATHER, gpus, t.bytes(), entry);
      case REDUCE_SCATTER, REDUCE_SCATTER_BLOCK ->
          symmetric(NcclCollective.Op.REDUCE_SCATTER, Op.REDUCE_SCATTER, gpus, t.bytes(), entry);
      case ALL_TO_ALL -> n == 1 ? entry.clone()
          : Algorithms.allToAll(g, gpus, Algorithms.ceilDiv(Algorithms.ceilDiv(t.bytes(), n), channels),
              channels, entry, 0);
      case BROADCAST -> NcclGraph.run(g, NcclCollective.Op.BROADCAST, ncclAlgorithm, gpus, t.bytes(), channels, entry, proto);
      case REDUCE -> NcclGraph.run(g, NcclCollective.Op.REDUCE, ncclAlgorithm, gpus, t.bytes(), channels, entry, proto);
      case BARRIER -> barrier(entry);
    };
  }

  /** NCCL's pipeline under job.algorithm ring; halving-doubling and direct as a job's collectives run them. */
  private int[] symmetric(NcclCollective.Op op, Op jobOp, int[] gpus, long bytes, int[] entry) {
    return algorithm.equals("ring") ? NcclGraph.run(g, op, ncclAlgorithm, gpus, bytes, channels, entry, proto)
        : Algorithms.run(g, algorithm, jobOp, gpus, bytes, channels, entry, 0);
  }

  /** Every member waits for every member's entry. */
  private int[] barrier(int[] entry) {
    int all = g.join(entry);
    int[] out = new int[entry.length];
    Arrays.fill(out, all);
    return out;
  }

  private TraceNode current(int r) {
    List<TraceNode> seq = order.get(r);
    return pos[r] < seq.size() ? seq.get(pos[r]) : null;
  }

  private int[] deps(int r, TraceNode t) {
    long[] ids = t.deps();
    int[] out = new int[ids.length];
    Map<Long, Integer> done = doneOf.get(r);
    for (int i = 0; i < ids.length; i++) {
      out[i] = done.get(ids[i]);
    }
    return out;
  }

  private void record(int r, TraceNode t, int done, int instance) {
    steps.add(new Step(r, t, done, instance));
    doneOf.get(r).put(t.id(), done);
  }

  /**
   * Per rank, a join of its last local node of positive duration and of every node no node of the
   * rank waits for (as a training job's rank ends with its last compute and its last gradient
   * collective).
   */
  private int[] rankEnds() {
    int n = trace.ranks();
    int[] ends = new int[n];
    for (int r = 0; r < n; r++) {
      java.util.Set<Long> waitedFor = new java.util.HashSet<>();
      for (TraceNode t : order.get(r)) {
        for (long d : t.deps()) {
          waitedFor.add(d);
        }
      }
      List<Integer> sinks = new ArrayList<>();
      TraceNode lastLocal = null;
      for (TraceNode t : order.get(r)) {
        if (t.kind() == Kind.LOCAL && t.durationPs() > 0) {
          lastLocal = t;
        }
      }
      if (lastLocal != null && waitedFor.contains(lastLocal.id())) {
        sinks.add(doneOf.get(r).get(lastLocal.id()));
      }
      for (TraceNode t : order.get(r)) {
        if (!waitedFor.contains(t.id())) {
          sinks.add(doneOf.get(r).get(t.id()));
        }
      }
      ends[r] = g.join(sinks.stream().mapToInt(Integer::intValue).toArray());
    }
    return ends;
  }

  private TraceException deadlock() {
    Map<Integer, String> waiting = new LinkedHashMap<>();
    for (int r = 0; r < trace.ranks() && waiting.size() < 2; r++) {
      TraceNode t = current(r);
      if (t != null) {
        String why = t.kind() == Kind.RECV ? "a receive from rank " + t.peer() + " (tag " + t.tag() + ") that no send matches"
            : describe(t) + " of " + groupName(t.group()) + ", its " + ordinal(seen.get(r).getOrDefault(t.group(), 0) + 1);
        waiting.put(r, t.label(r) + ", " + why);
      }
    }
    StringBuilder sb = new StringBuilder();
    waiting.forEach((r, w) -> sb.append(sb.length() == 0 ? "" : "; ").append(w));
    return new TraceException(file, "the ranks wait for each other forever", sb.toString(),
        "collectives in the same order on every member of a process group, and a send for every receive");
  }

  private static String describe(TraceNode t) {
    return t.kind() == Kind.COLLECTIVE ? t.collective() + (t.collective() == Collective.BARRIER ? "" : " of " + t.bytes() + " B")
        : t.kind().name().toLowerCase(java.util.Locale.ROOT);
  }

  private static String groupName(String group) {
    return group.isEmpty() ? "the default process group (every rank)" : "process group '" + group + "'";
  }

  private static String ordinal(int k) {
    return k + (k % 100 >= 11 && k % 100 <= 13 ? "th" : k % 10 == 1 ? "st" : k % 10 == 2 ? "nd" : k % 10 == 3 ? "rd" : "th");
  }

  List<Step> steps() {
    return steps;
  }

  List<int[]> instances() {
    return instances;
  }

  /** The collectives that run NCCL's pipeline, in the order they were built. */
  List<Nccl> ncclCollectives() {
    return nccl;
  }

  /** Per rank, the duration of its local nodes. */
  long[] computePs() {
    return computePs.clone();
  }

  int collectives() {
    return collectives;
  }

  int pointToPoint() {
    return pointToPoint;
  }
}
