package org.lbsim.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.lbsim.engine.RandomStreams;
import org.lbsim.workload.Collectives;
import org.lbsim.workload.ConnectionMatrix;
import org.lbsim.training.Cluster;
import org.lbsim.training.JobKeys;
import org.lbsim.training.JobSpec;
import org.lbsim.training.TrainingWorkload;
import org.lbsim.workload.FlowSpec;

/** Turns a scenario's workload section into flows. */
final class Workloads {
  private Workloads() {}

  static List<FlowSpec> generate(Scenario s, RandomStreams random) {
    WorkloadSpec w = s.workload();
    int hosts = s.topology().hosts();
    return switch (w.kind()) {
      case "permutation" -> Collectives.permutation(hosts, w.sizeBytes(), random.stream("workload/permutation"));
      case "all-to-all" -> Collectives.allToAll(hosts, w.sizeBytes());
      case "ring-allreduce" -> Collectives.ringAllReduce(hosts, w.sizeBytes());
      case "ring-allgather" -> Collectives.ringAllGather(hosts, w.sizeBytes());
      case "ring-reducescatter" -> Collectives.ringReduceScatter(hosts, w.sizeBytes());
      case "incast" -> Collectives.incast(incastSenders(w, hosts), w.receiver(), w.sizeBytes());
      case "cm" -> ConnectionMatrix.parse(w.file(), hosts, Math.round(w.startUnitPs()));
      case "training" -> training(s, random).flows();
      default -> throw new IllegalStateException("unvalidated workload kind " + w.kind());
    };
  }

  /** The training jobs of a {@code workload.kind: training} scenario (validated by the reader). */
  static TrainingWorkload training(Scenario s, RandomStreams random) {
    Map<String, String> v = s.values();
    List<JobKeys.Problem> problems = new ArrayList<>();
    List<JobSpec> jobs = JobKeys.parse(v, s.topology().hosts(), problems);
    if (jobs == null) {
      throw new IllegalStateException("unvalidated job keys: " + problems);
    }
    int gps = jobs.get(0).gpusPerServer();
    Cluster cluster = new Cluster(s.topology().hosts() / gps, gps, "rail-optimized".equals(v.get("topology.kind")));
    return TrainingWorkload.build(jobs, cluster, jobs.get(0).nvlinkBitsPerSecond(), v.get("job.placement"),
        random.stream("workload/placement"));
  }

  /** The {@code senders} hosts after the receiver, wrapping around. */
  private static int[] incastSenders(WorkloadSpec w, int hosts) {
    int[] out = new int[w.senders()];
    for (int i = 0; i < out.length; i++) {
      out[i] = (w.receiver() + 1 + i) % hosts;
    }
    return out;
  }
}
