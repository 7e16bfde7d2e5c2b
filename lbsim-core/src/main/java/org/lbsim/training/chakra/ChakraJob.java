package org.lbsim.training.chakra;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.lbsim.training.Cluster;
import org.lbsim.training.CollectiveReport;
import org.lbsim.training.CommGraph;
import org.lbsim.training.Placement;
import org.lbsim.training.TrainingWorkload;
import org.lbsim.workload.CollectiveBound;
import org.lbsim.workload.FlowSpec;
import org.lbsim.workload.NcclCollective;
import org.lbsim.workload.NcclProtocol;

/**
 * A Chakra trace as one training job: its ranks placed on the fabric's servers like a job of
 * {@code job.*} keys (rank r on GPU r mod g of the job's server r / g, g = GPUs per server; ranks
 * of one server talk over NVLink, off the fabric), its nodes built by {@link TraceGraph} into the
 * same flows and local steps, and a report of its iteration ({@link ChakraReport}).
 *
 * @param prefix the rank files are {@code <prefix>.<rank>.et}
 * @param gpusPerServer {@code job.gpus_per_server}
 * @param nvlinkBitsPerSecond {@code job.nvlink_gbps}, for copies between GPUs of one server
 * @param algorithm {@code job.algorithm}, for AllReduce, AllGather and ReduceScatter
 * @param channels {@code job.channels}
 * @param proto {@code workload.nccl_buffsize} and {@code workload.nccl_steps}
 * @param ncclAlgorithm {@code workload.nccl_algo}
 */
public record ChakraJob(Path prefix, int gpusPerServer, long nvlinkBitsPerSecond, String algorithm, int channels,
    NcclProtocol proto, NcclCollective.Algorithm ncclAlgorithm) {

  /**
   * Reads the trace and builds it with packed placement, so that every problem of the trace and
   * of its fit to the fabric shows before a run; returns its flows, for the reader's limits.
   */
  public List<FlowSpec> check(Cluster cluster) {
    ChakraTrace trace = ChakraTrace.read(prefix);
    return assemble(trace, cluster, new int[][] {consecutive(servers(trace, cluster))}, null).flows();
  }

  /**
   * Reads the trace and builds it on {@code cluster}'s servers, given by {@code job.placement}; its
   * NCCL collectives get their lower bounds from {@code hostLink}.
   */
  public TrainingWorkload build(Cluster cluster, String placement, SplittableRandom rng,
      CollectiveBound.HostLink hostLink) {
    ChakraTrace trace = ChakraTrace.read(prefix);
    int[][] servers = Placement.place(placement, new int[] {servers(trace, cluster)}, cluster.servers(), rng);
    return assemble(trace, cluster, servers, hostLink);
  }

  /** The servers the trace's ranks fill; refuses a trace that does not fit the fabric. */
  private int servers(ChakraTrace trace, Cluster cluster) {
    int n = trace.ranks();
    int g = cluster.gpusPerServer();
    if (n > g && n % g != 0) {
      throw new TraceException(prefix.toString(), "the trace's " + n + " ranks do not fill whole servers of " + g
          + " GPUs (job.gpus_per_server)", n + " ranks", "a multiple of " + g + " ranks, or fewer than " + g);
    }
    int need = Math.max(1, n / g);
    if (need > cluster.servers()) {
      throw new TraceException(prefix.toString(), "the trace's " + n + " ranks need more hosts than the fabric has",
          n + " ranks", "at most " + cluster.hosts() + " ranks, " + cluster.servers() + " servers of " + g
          + " GPUs (job.gpus_per_server)");
    }
    return need;
  }

  private static int[] consecutive(int n) {
    int[] out = new int[n];
    java.util.Arrays.setAll(out, i -> i);
    return out;
  }

  private TrainingWorkload assemble(ChakraTrace trace, Cluster cluster, int[][] servers,
      CollectiveBound.HostLink hostLink) {
    int g = cluster.gpusPerServer();
    int[] gpu = new int[trace.ranks()];
    for (int r = 0; r < gpu.length; r++) {
      gpu[r] = servers[0][r / g] * g + r % g;
    }
    CommGraph graph = new CommGraph(cluster, nvlinkBitsPerSecond, hostLink);
    TraceGraph tg = new TraceGraph(trace, graph, gpu, algorithm, channels, proto, ncclAlgorithm);
    int[] rankEnds = tg.build();
    int end = graph.join(rankEnds);
    CommGraph.Compiled c = graph.compile();
    long[] compute = tg.computePs();
    long busiest = 0;
    for (long x : compute) {
      busiest = Math.max(busiest, x);
    }
    List<CollectiveReport.Timed> timed = CollectiveReport.compile(graph.collectives(), c, 0);
    List<ChakraReport.Nccl> nccl = new ArrayList<>();
    for (TraceGraph.Nccl n : tg.ncclCollectives()) {
      nccl.add(new ChakraReport.Nccl(n.rank(), n.node(), timed.get(n.collective())));
    }
    ChakraReport report = new ChakraReport(trace, paths(tg, c, rankEnds), tg.collectives(), tg.pointToPoint(), nccl);
    return new TrainingWorkload(c.flows(), c.steps(), List.of(), new int[] {c.idOf(end)}, new long[] {busiest},
        servers, report::report);
  }

  /** What the critical-path walk needs of the graph, in compiled ids. */
  private static ChakraReport.Paths paths(TraceGraph tg, CommGraph.Compiled c, int[] rankEnds) {
    List<TraceGraph.Step> steps = tg.steps();
    int n = steps.size();
    Map<List<Long>, Integer> index = new HashMap<>();
    for (int i = 0; i < n; i++) {
      index.put(List.of((long) steps.get(i).rank(), steps.get(i).node().id()), i);
    }
    int[] done = new int[n];
    long[] durationPs = new long[n];
    byte[] kind = new byte[n];
    int[] link = new int[n];
    int[][] deps = new int[n][];
    List<Set<Long>> waitedFor = new ArrayList<>();
    for (int r = 0; r < rankEnds.length; r++) {
      waitedFor.add(new HashSet<>());
    }
    for (int i = 0; i < n; i++) {
      TraceGraph.Step s = steps.get(i);
      done[i] = c.idOf(s.done());
      durationPs[i] = s.node().kind() == TraceNode.Kind.LOCAL ? s.node().durationPs() : 0;
      kind[i] = (byte) s.node().kind().ordinal();
      link[i] = s.instance();
      long[] ids = s.node().deps();
      deps[i] = new int[ids.length];
      for (int j = 0; j < ids.length; j++) {
        deps[i][j] = index.get(List.of((long) s.rank(), ids[j]));
        waitedFor.get(s.rank()).add(ids[j]);
      }
    }
    List<List<Integer>> sinks = new ArrayList<>();
    for (int r = 0; r < rankEnds.length; r++) {
      sinks.add(new ArrayList<>());
    }
    for (int i = 0; i < n; i++) {
      TraceGraph.Step s = steps.get(i);
      if (!waitedFor.get(s.rank()).contains(s.node().id())) {
        sinks.get(s.rank()).add(i);
      }
    }
    int[] ends = new int[rankEnds.length];
    int[][] sinkSteps = new int[rankEnds.length][];
    for (int r = 0; r < ends.length; r++) {
      ends[r] = c.idOf(rankEnds[r]);
      sinkSteps[r] = sinks.get(r).stream().mapToInt(Integer::intValue).toArray();
    }
    return new ChakraReport.Paths(done, durationPs, kind, link, deps, tg.instances(), ends, sinkSteps);
  }
}
