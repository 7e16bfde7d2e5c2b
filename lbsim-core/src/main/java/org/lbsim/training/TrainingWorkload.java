package org.lbsim.training;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.IntToLongFunction;
import org.lbsim.workload.CollectiveBound;
import org.lbsim.workload.FlowSpec;
import org.lbsim.workload.LocalStep;

/**
 * Several training jobs on one cluster: placed on servers, each built as one iteration's
 * dependency graph, all compiled into one list of flows and local steps.
 *
 * @param jobEnds per job, the id of the local step that ends with its iteration
 * @param computePs per job, the compute time of one GPU of its busiest stage
 * @param servers per job, its servers
 * @param reporter makes the run's training report ({@link IterationReport} for jobs of job.* keys)
 */
public record TrainingWorkload(List<FlowSpec> flows, List<LocalStep> steps, List<JobSpec> jobs, int[] jobEnds,
    long[] computePs, int[][] servers, Reporter reporter) {

  /** The training report of a run of the workload. */
  @FunctionalInterface
  public interface Reporter {
    /**
     * @param finishPs when a local step finished (-1 if never)
     * @param flowFinishPs when a flow's sender had its last ACK (-1 if never)
     * @param idealPs per job, iteration time on the non-blocking fabric, or null
     */
    Map<String, Object> report(TrainingWorkload w, IntToLongFunction finishPs, IntToLongFunction flowFinishPs,
        long[] idealPs);
  }

  /** The jobs placed and built, their NCCL collectives without lower bounds. */
  public static TrainingWorkload build(List<JobSpec> jobs, Cluster cluster, long nvlinkBitsPerSecond, String placement,
      SplittableRandom rng) {
    return build(jobs, cluster, nvlinkBitsPerSecond, placement, rng, null);
  }

  /** The jobs placed and built; their NCCL collectives get their lower bounds from {@code hostLink} (null: none). */
  public static TrainingWorkload build(List<JobSpec> jobs, Cluster cluster, long nvlinkBitsPerSecond, String placement,
      SplittableRandom rng, CollectiveBound.HostLink hostLink) {
    int[] needs = new int[jobs.size()];
    for (int j = 0; j < needs.length; j++) {
      needs[j] = jobs.get(j).servers();
    }
    int[][] servers = Placement.place(placement, needs, cluster.servers(), rng);
    CommGraph g = new CommGraph(cluster, nvlinkBitsPerSecond, hostLink);
    int[] ends = new int[jobs.size()];
    long[] compute = new long[jobs.size()];
    int[] firstCollective = new int[jobs.size() + 1];
    for (int j = 0; j < jobs.size(); j++) {
      IterationBuilder b = new IterationBuilder(g, jobs.get(j), servers[j]);
      ends[j] = b.build();
      compute[j] = b.computePs();
      firstCollective[j + 1] = g.collectives().size();
    }
    CommGraph.Compiled c = g.compile();
    int[] endIds = new int[ends.length];
    for (int j = 0; j < ends.length; j++) {
      endIds[j] = c.idOf(ends[j]);
    }
    List<CollectiveReport.Timed> timed = CollectiveReport.compile(g.collectives(), c, 0);
    List<List<CollectiveReport.Timed>> perJob = new java.util.ArrayList<>();
    for (int j = 0; j < jobs.size(); j++) {
      perJob.add(timed.subList(firstCollective[j], firstCollective[j + 1]));
    }
    return new TrainingWorkload(c.flows(), c.steps(), List.copyOf(jobs), endIds, compute, servers,
        (w, finishPs, flowFinishPs, idealPs) -> IterationReport.of(w, finishPs, flowFinishPs, idealPs, perJob));
  }

  /** The report of a run in which local step i finished at {@code finishPs(i)} and flow i at {@code flowFinishPs(i)}. */
  public Map<String, Object> report(IntToLongFunction finishPs, IntToLongFunction flowFinishPs, long[] idealPs) {
    return reporter.report(this, finishPs, flowFinishPs, idealPs);
  }

  /** Bytes the workload puts on the fabric (every flow's payload, once). */
  public long fabricBytes() {
    long sum = 0;
    for (FlowSpec f : flows) {
      sum += f.bytes();
    }
    return sum;
  }
}
