package org.lbsim.training.chakra;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntToLongFunction;
import org.lbsim.training.CollectiveReport;
import org.lbsim.training.TrainingWorkload;
import org.lbsim.workload.FlowSpec;

/**
 * The training report of a trace's run, with the fields of a {@code job.*} job
 * ({@code iteration_ps}, {@code compute_ps} of the busiest rank, {@code exposed_ps},
 * {@code ideal_iteration_ps}, {@code over_ideal_pct}) plus when each rank finished and the
 * iteration's critical path: walking back from the rank that finished last, each node's latest
 * dependency (a collective's: the latest of any member's; a receive's: the send, when the data
 * arrived after the receive's own dependencies), the local nodes' durations on it are its compute
 * and the rest of the iteration its communication.
 */
final class ChakraReport {
  /**
   * The graph as the walk reads it, per step (trace node) in build order.
   *
   * @param done compiled id of the local step that ends with it
   * @param kind {@link TraceNode.Kind} ordinal
   * @param link a collective's instance, a receive's send step, -1 otherwise
   * @param deps steps it waits for, on its own rank
   * @param instances per collective instance, its members' steps
   * @param rankEnds per rank, the compiled id of its end
   * @param sinks per rank, the steps nothing on the rank waits for
   */
  record Paths(int[] done, long[] durationPs, byte[] kind, int[] link, int[][] deps, List<int[]> instances,
      int[] rankEnds, int[][] sinks) {}

  private final String prefix;
  private final int ranks;
  private final long nodes;
  private final Map<String, Integer> skippedNodes;
  private final Map<String, Integer> skippedAttributes;
  private final Paths paths;
  private final int collectives;
  private final int pointToPoint;
  private final List<Nccl> nccl;

  /** A collective of the trace that runs NCCL's pipeline: the node that names it on {@code rank}, its time and bound. */
  record Nccl(int rank, TraceNode node, CollectiveReport.Timed timed) {}

  ChakraReport(ChakraTrace trace, Paths paths, int collectives, int pointToPoint, List<Nccl> nccl) {
    this.prefix = String.valueOf(trace.prefix().getFileName());
    this.ranks = trace.ranks();
    this.nodes = trace.nodes();
    this.skippedNodes = trace.skippedNodes();
    this.skippedAttributes = trace.skippedAttributes();
    this.paths = paths;
    this.collectives = collectives;
    this.pointToPoint = pointToPoint;
    this.nccl = List.copyOf(nccl);
  }

  Map<String, Object> report(TrainingWorkload w, IntToLongFunction finishPs, IntToLongFunction flowFinishPs,
      long[] idealPs) {
    long it = finishPs.applyAsLong(w.jobEnds()[0]);
    List<Long> rankEnds = new ArrayList<>(ranks);
    for (int end : paths.rankEnds()) {
      rankEnds.add(finishPs.applyAsLong(end));
    }
    long criticalCompute = it < 0 ? -1 : criticalCompute(finishPs);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("job", 0);
    m.put("model", "chakra");
    m.put("gpus", ranks);
    m.put("parallelism", "trace " + prefix);
    m.put("first_server", w.servers()[0].length > 0 ? w.servers()[0][0] : -1);
    m.put("iteration_ps", it);
    m.put("compute_ps", w.computePs()[0]);
    m.put("exposed_ps", it < 0 ? -1 : Math.max(0, it - w.computePs()[0]));
    long ideal = idealPs == null ? -1 : idealPs[0];
    m.put("ideal_iteration_ps", ideal);
    m.put("over_ideal_pct", it > 0 && ideal > 0 ? Math.round(1e4 * 100.0 * (it - ideal) / ideal) / 1e4 : null);
    m.put("critical_compute_ps", criticalCompute);
    m.put("critical_comm_ps", it < 0 ? -1 : it - criticalCompute);
    m.put("rank_end_ps", rankEnds);
    List<Map<String, Object>> bounded = new ArrayList<>(nccl.size());
    for (Nccl c : nccl) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("rank", c.rank());
      row.put("node", c.node().id());
      row.put("name", c.node().name());
      row.put("pg_name", c.node().group());
      row.putAll(CollectiveReport.row(c.timed(), finishPs, flowFinishPs));
      bounded.add(row);
    }
    m.put("collectives", bounded);
    Map<String, Object> t = new LinkedHashMap<>();
    t.put("ranks", ranks);
    t.put("nodes", nodes);
    t.put("collectives", collectives);
    t.put("point_to_point", pointToPoint);
    t.put("skipped_nodes_by_type", skippedNodes);
    t.put("skipped_attributes", skippedAttributes);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("jobs", List.of(m));
    out.put("fabric_flows", w.flows().size());
    out.put("local_steps", w.steps().size());
    out.put("fabric_bytes", w.flows().stream().mapToLong(FlowSpec::bytes).sum());
    out.put("trace", t);
    return out;
  }

  /** Compute time on the critical path, walked back from the rank that finished last. */
  private long criticalCompute(IntToLongFunction finishPs) {
    int last = 0;
    for (int r = 1; r < paths.rankEnds().length; r++) {
      if (finishPs.applyAsLong(paths.rankEnds()[r]) > finishPs.applyAsLong(paths.rankEnds()[last])) {
        last = r;
      }
    }
    int step = latest(paths.sinks()[last], finishPs);
    long compute = 0;
    int recv = TraceNode.Kind.RECV.ordinal();
    int coll = TraceNode.Kind.COLLECTIVE.ordinal();
    while (step >= 0) {
      compute += paths.durationPs()[step];
      int[] next = paths.deps()[step];
      if (paths.kind()[step] == coll) {
        List<Integer> all = new ArrayList<>();
        for (int member : paths.instances().get(paths.link()[step])) {
          for (int d : paths.deps()[member]) {
            all.add(d);
          }
        }
        next = all.stream().mapToInt(Integer::intValue).toArray();
      } else if (paths.kind()[step] == recv) {
        int own = latest(next, finishPs);
        long ownFinish = own < 0 ? 0 : finishPs.applyAsLong(paths.done()[own]);
        if (ownFinish < finishPs.applyAsLong(paths.done()[step])) {
          next = paths.deps()[paths.link()[step]];
        }
      }
      step = latest(next, finishPs);
    }
    return compute;
  }

  /** The step of {@code candidates} that finished last (the first of equals), or -1 if there is none. */
  private int latest(int[] candidates, IntToLongFunction finishPs) {
    int best = -1;
    long at = Long.MIN_VALUE;
    for (int s : candidates) {
      long f = finishPs.applyAsLong(paths.done()[s]);
      if (f > at) {
        best = s;
        at = f;
      }
    }
    return best;
  }
}
