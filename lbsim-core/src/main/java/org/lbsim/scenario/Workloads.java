package org.lbsim.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.lbsim.engine.RandomStreams;
import org.lbsim.net.PortConfig;
import org.lbsim.training.Cluster;
import org.lbsim.training.JobSpec;
import org.lbsim.training.TrainingWorkload;
import org.lbsim.training.chakra.ChakraJob;
import org.lbsim.workload.ConnectionMatrix;
import org.lbsim.workload.FlowSpec;
import org.lbsim.workload.HostPlacement;

/** Turns a scenario's workload section into flows. */
final class Workloads {
  private Workloads() {}

  /** The flows of the scenario's workload kind, their starts jittered where the kind takes {@code workload.start_jitter}. */
  static List<FlowSpec> generate(Scenario s, RandomStreams random) {
    WorkloadKind kind = s.workload().kind();
    List<FlowSpec> flows = kind.flows().make(s, random);
    return kind.jittered() ? jitterStarts(s, flows, random) : flows;
  }

  /** The training jobs of the scenario, or null when its workload kind makes flows alone. */
  static TrainingWorkload jobs(Scenario s, RandomStreams random) {
    WorkloadKind kind = s.workload().kind();
    return kind.jobs() == null ? null : kind.jobs().build(s, random);
  }

  /**
   * {@code workload.start_jitter}: each flow starts U[0, x slots) later, one slot being the host
   * link's pacing slot (a data packet and its gap, at the scenario's rate coefficient). With
   * x = 1 every flow of a collective gets its own phase within a slot, as the study's simulator
   * gives its flows (start + rnd() % ipd), instead of all flows starting in the same picosecond.
   */
  static List<FlowSpec> jitterStarts(Scenario s, List<FlowSpec> flows, RandomStreams random) {
    double x = s.workload().startJitter();
    if (x <= 0) {
      return flows;
    }
    long slotPs = PortConfig.serializationPs(ScenarioRunner.wireFormat(s).pacingSlotBytes(),
        s.fabric().links().host().bitsPerSecond());
    long spreadPs = Math.max(1, Math.round(x * slotPs / s.transport().rateCoef()));
    SplittableRandom r = random.stream("workload/start-jitter");
    List<FlowSpec> out = new ArrayList<>(flows.size());
    for (FlowSpec f : flows) {
      out.add(new FlowSpec(f.id(), f.src(), f.dst(), f.bytes(), f.startPs() + r.nextLong(spreadPs), f.deps(),
          f.stage(), f.sentDeps(), f.triggers()));
    }
    return out;
  }

  /**
   * The flows of a {@code workload.kind: cm} scenario, each node on its host by
   * {@code workload.placement}; a matrix that fills the fabric with node i on host i keeps the
   * file's flows as read.
   */
  static List<FlowSpec> connectionMatrix(Scenario s, RandomStreams random) {
    WorkloadSpec w = s.workload();
    ConnectionMatrix.Read m = ConnectionMatrix.read(w.file(), s.topology().hosts(), Math.round(w.startUnitPs()));
    int[] hostOf = HostPlacement.place(w.placement(), m.nodes(), s.topology(), w.placementHosts(),
        random.stream(PLACEMENT_STREAM));
    return HostPlacement.isIdentity(hostOf, s.topology().hosts()) ? m.flows() : HostPlacement.onHosts(m.flows(), hostOf);
  }

  /**
   * The hosts a cm scenario's nodes run on, the same as {@link #connectionMatrix} places them; null
   * when the workload runs on every host (any other kind, or a cm matrix that fills the fabric with
   * node i on host i).
   */
  static int[] placedHosts(Scenario s, RandomStreams random) {
    WorkloadSpec w = s.workload();
    if (!"cm".equals(w.kind().name())) {
      return null;
    }
    int[] hostOf = HostPlacement.place(w.placement(), ConnectionMatrix.nodes(w.file()), s.topology(),
        w.placementHosts(), random.stream(PLACEMENT_STREAM));
    return HostPlacement.isIdentity(hostOf, s.topology().hosts()) ? null : hostOf;
  }

  /** The random stream every placement draws from: training jobs', a trace's servers and a matrix's hosts. */
  private static final String PLACEMENT_STREAM = "workload/placement";

  /** The training jobs of a {@code workload.kind: training} scenario, placed on its fabric's servers and built. */
  static TrainingWorkload training(Scenario s, RandomStreams random) {
    List<JobSpec> jobs = s.training().jobs();
    int gps = jobs.get(0).gpusPerServer();
    Cluster cluster = new Cluster(s.topology().hosts() / gps, gps, s.fabric().kind().rails());
    return TrainingWorkload.build(jobs, cluster, jobs.get(0).nvlinkBitsPerSecond(), s.training().placement(),
        random.stream(PLACEMENT_STREAM), ScenarioRunner.collectiveHostLink(s));
  }

  /** The Chakra trace of a {@code workload.kind: chakra} scenario, placed on its fabric's servers and built. */
  static TrainingWorkload chakra(Scenario s, RandomStreams random) {
    ChakraJob job = s.training().trace();
    int gps = job.gpusPerServer();
    Cluster cluster = new Cluster(s.topology().hosts() / gps, gps, s.fabric().kind().rails());
    return job.build(cluster, s.training().placement(), random.stream(PLACEMENT_STREAM),
        ScenarioRunner.collectiveHostLink(s));
  }
}
