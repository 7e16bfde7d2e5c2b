package org.lbsim.scenario;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.lbsim.scenario.WorkloadKind.Checked;
import org.lbsim.topo.Topology;
import org.lbsim.topo.TopologyKind;
import org.lbsim.training.Algorithms;
import org.lbsim.training.Cluster;
import org.lbsim.training.JobKeys;
import org.lbsim.training.JobSpec;
import org.lbsim.training.chakra.ChakraJob;
import org.lbsim.training.chakra.TraceException;
import org.lbsim.workload.Collectives;
import org.lbsim.workload.ConnectionMatrix;
import org.lbsim.workload.FlowSpec;
import org.lbsim.workload.HostPlacement;
import org.lbsim.workload.NcclCollective;
import org.lbsim.workload.WorkloadFileException;

/**
 * The registry of workloads, by name, in the order {@code lbsim list} and the schema show them.
 * It lives in {@code scenario} because a kind's flows come from the whole scenario (its fabric,
 * its keys) and training jobs come from {@code training}, which sits above {@code workload}.
 */
public final class WorkloadKinds {
  /** The keys of {@code workload.kind: chakra}: the trace and the job keys that place and run it. */
  private static final List<String> CHAKRA_KEYS = List.of("workload.trace", "job.gpus_per_server", "job.algorithm",
      "job.channels", "job.nvlink_gbps", "job.placement", "job.ideal", NcclKeys.ALGO, NcclKeys.BUFFSIZE, NcclKeys.STEPS);

  /** A cm file larger than this is refused before it is read. */
  static final long MAX_CM_BYTES = 1L << 30;

  private static final List<WorkloadKind> ALL = List.of(
      new WorkloadKind("permutation",
          "Random derangement: every host sends one flow to another host and receives one (seeded)",
          "the study's permutation (arXiv 2507.21372 v2)", List.of("workload.locality"), true, true,
          WorkloadKinds::checkPermutation, (hosts, w, known) -> hosts, WorkloadKinds::permutation, null),
      new WorkloadKind("all-to-all",
          "Every ordered host pair: each host sends one flow to every other host, n(n-1) flows",
          "the study's all-to-all (ATA)", List.of(), true, true, none(), (hosts, w, known) -> hosts * (hosts - 1),
          (s, r) -> Collectives.allToAll(s.topology().hosts(), s.workload().sizeBytes()), null),
      new WorkloadKind("ring-allreduce",
          "AllReduce on NCCL's ring: ReduceScatter then AllGather, 2(n-1) steps of ceil(B/n) bytes per rank, "
              + "pipelined (workload.nccl_algo: tree = NCCL's double binary tree)",
          "NCCL ring and tree, Simple protocol", NcclKeys.KEYS, true, true, WorkloadKinds::checkNccl,
          (hosts, w, known) -> NcclCollective.ringSendCount(NcclCollective.Op.ALL_REDUCE, hosts, w.sizeBytes()),
          (s, r) -> Collectives.allReduce(ranks(s), s.workload().sizeBytes(), NcclKeys.protocol(s),
              NcclKeys.algorithm(s)), null),
      new WorkloadKind("ring-allgather",
          "AllGather on NCCL's ring: n-1 steps; in step s rank i sends ceil(B/n) bytes to rank i+1 once step s-1 "
              + "reached it and its hop has a free slot",
          "NCCL ring, Simple protocol", NcclKeys.KEYS, true, true, WorkloadKinds::checkNccl,
          (hosts, w, known) -> NcclCollective.ringSendCount(NcclCollective.Op.ALL_GATHER, hosts, w.sizeBytes()),
          (s, r) -> Collectives.allGather(ranks(s), s.workload().sizeBytes(), NcclKeys.protocol(s),
              NcclKeys.algorithm(s)), null),
      new WorkloadKind("ring-reducescatter",
          "ReduceScatter on NCCL's ring: the same pipelined n-1 steps of ceil(B/n) bytes",
          "NCCL ring, Simple protocol", NcclKeys.KEYS, true, true, WorkloadKinds::checkNccl,
          (hosts, w, known) -> NcclCollective.ringSendCount(NcclCollective.Op.REDUCE_SCATTER, hosts, w.sizeBytes()),
          (s, r) -> Collectives.reduceScatter(ranks(s), s.workload().sizeBytes(), NcclKeys.protocol(s),
              NcclKeys.algorithm(s)), null),
      new WorkloadKind("broadcast",
          "Broadcast of workload.size from host 0, NCCL-style: pieces of one slot down the chain 0, 1, ..., n-1, "
              + "several in flight per hop (workload.nccl_algo: tree = a binary tree)",
          "NCCL ring and tree, Simple protocol", NcclKeys.KEYS, true, true, WorkloadKinds::checkNccl,
          (hosts, w, known) -> NcclCollective.ringSendCount(NcclCollective.Op.BROADCAST, hosts, w.sizeBytes()),
          (s, r) -> Collectives.broadcast(ranks(s), s.workload().sizeBytes(), NcclKeys.protocol(s),
              NcclKeys.algorithm(s)), null),
      new WorkloadKind("reduce",
          "Reduce of workload.size to host 0, NCCL-style: pieces of one slot up the chain n-1, ..., 1, 0 "
              + "(workload.nccl_algo: tree = a binary tree)",
          "NCCL ring and tree, Simple protocol", NcclKeys.KEYS, true, true, WorkloadKinds::checkNccl,
          (hosts, w, known) -> NcclCollective.ringSendCount(NcclCollective.Op.REDUCE, hosts, w.sizeBytes()),
          (s, r) -> Collectives.reduce(ranks(s), s.workload().sizeBytes(), NcclKeys.protocol(s),
              NcclKeys.algorithm(s)), null),
      new WorkloadKind("ring-step",
          "One step of a ring: every host i sends one flow of workload.size to host i+1 (mod n), all at once",
          "NCCL ring (the bandwidth step of AllGather and ReduceScatter)", List.of(), true, true, none(),
          (hosts, w, known) -> hosts, (s, r) -> Collectives.ringStep(s.topology().hosts(), s.workload().sizeBytes()),
          null),
      new WorkloadKind("incast",
          "Many to one: the workload.senders hosts after workload.receiver each send it one flow",
          "", List.of("workload.senders", "workload.receiver"), true, true, WorkloadKinds::checkIncast,
          (hosts, w, known) -> w.senders(), WorkloadKinds::incast, null),
      new WorkloadKind("cm",
          "htsim connection matrix: a file's flows, with start times, sizes and triggers that become dependencies",
          "htsim connection_matrix.cpp", List.of("workload.file", "workload.start_unit_ps", "workload.placement",
              "workload.placement_hosts"), false, true,
          WorkloadKinds::checkConnectionMatrix, (hosts, w, known) -> known == null ? 0 : known.size(),
          Workloads::connectionMatrix, null),
      new WorkloadKind("training",
          "Training jobs: from the job.* keys, model presets, parallelism, collectives, NVLink copies and compute "
              + "(docs/training.md)",
          "Llama 3 herd paper (shapes); PyTorch FSDP; Megatron-LM rank layout; NCCL",
          TrainingSchema.settings().stream().map(Setting::key).toList(), false, false, WorkloadKinds::checkTraining,
          (hosts, w, known) -> hosts, // at least one flow per GPU; its jobs are built by the run
          (s, r) -> Workloads.training(s, r).flows(), Workloads::training),
      new WorkloadKind("chakra",
          "Chakra execution trace: one file per rank; compute from the trace, collectives and sends as flows "
              + "(docs/workloads.md)",
          "MLCommons Chakra (schema/protobuf/et_def.proto)", CHAKRA_KEYS, false, false, WorkloadKinds::checkChakra,
          (hosts, w, known) -> known == null ? hosts : known.size(),
          (s, r) -> Workloads.chakra(s, r).flows(), Workloads::chakra));

  private WorkloadKinds() {}

  public static List<WorkloadKind> all() {
    return ALL;
  }

  /** The kind called {@code name}, or null. */
  public static WorkloadKind find(String name) {
    for (WorkloadKind w : ALL) {
      if (w.name().equals(name)) {
        return w;
      }
    }
    return null;
  }

  /** The names, in order. */
  public static List<String> names() {
    return ALL.stream().map(WorkloadKind::name).toList();
  }

  /** Hosts 0..n-1: a collective's ranks in order. */
  private static int[] ranks(Scenario s) {
    return Collectives.hostsInOrder(s.workload().kind().name(), s.topology().hosts());
  }

  private static Checked checkNccl(ValueReader r, Map<String, String> v, Topology topology, WorkloadSpec w) {
    NcclKeys.check(r, v);
    return Checked.NONE;
  }

  private static WorkloadKind.Check none() {
    return (r, v, t, w) -> Checked.NONE;
  }

  private static List<FlowSpec> permutation(Scenario s, org.lbsim.engine.RandomStreams random) {
    int hosts = s.topology().hosts();
    long bytes = s.workload().sizeBytes();
    return s.workload().crossPod()
        ? Collectives.crossGroupPermutation(hosts, s.topology().hostsPerPod(), bytes,
            random.stream("workload/permutation"))
        : Collectives.permutation(hosts, bytes, random.stream("workload/permutation"));
  }

  /** {@code workload.locality: cross-pod} needs at least two pods (leaves) to cross. */
  private static Checked checkPermutation(ValueReader r, Map<String, String> v, Topology topology,
      WorkloadSpec w) {
    String locality = v.get("workload.locality");
    if ("cross-pod".equals(locality) && topology != null) {
      int pod = topology.hostsPerPod();
      if (!(pod > 0 && topology.hosts() >= 2 * pod)) {
        r.bad("workload.locality", locality, "any (cross-pod needs at least 2 pods or leaves)");
      }
    }
    return Checked.NONE;
  }

  /** The {@code senders} hosts after the receiver, wrapping around. */
  private static List<FlowSpec> incast(Scenario s, org.lbsim.engine.RandomStreams random) {
    WorkloadSpec w = s.workload();
    int hosts = s.topology().hosts();
    int[] senders = new int[w.senders()];
    for (int i = 0; i < senders.length; i++) {
      senders[i] = (w.receiver() + 1 + i) % hosts;
    }
    return Collectives.incast(senders, w.receiver(), w.sizeBytes());
  }

  private static Checked checkIncast(ValueReader r, Map<String, String> v, Topology topology, WorkloadSpec w) {
    if (topology != null) {
      int hosts = topology.hosts();
      if (w.receiver() >= hosts) {
        r.bad("workload.receiver", v.get("workload.receiver"), "a host id from 0 to " + (hosts - 1));
      }
      if (w.senders() >= hosts) {
        r.bad("workload.senders", v.get("workload.senders"), "1 to " + (hosts - 1) + " senders on " + hosts + " hosts");
      }
    }
    return Checked.NONE;
  }

  /** Finds the cm file and reads and checks it now, so that no run starts before every input is known good. */
  private static Checked checkConnectionMatrix(ValueReader r, Map<String, String> v, Topology topology,
      WorkloadSpec w) {
    String f = v.get("workload.file");
    if (f.isEmpty()) {
      r.problem(r.source() + ": workload.file: missing; workload.kind 'cm' needs the connection-matrix file");
      return Checked.NONE;
    }
    Path file = null;
    try {
      file = r.baseDir() == null ? Path.of(f) : r.baseDir().resolve(f);
    } catch (java.nio.file.InvalidPathException e) {
      r.bad("workload.file", f, "a file path");
    }
    List<FlowSpec> flows = null;
    if (file != null && !Files.isRegularFile(file)) {
      r.bad("workload.file", f, "an existing file (looked for " + file + ")");
    } else if (file != null && topology != null && !Double.isNaN(w.startUnitPs())) {
      ConnectionMatrix.Read m = connectionMatrix(r, file, topology.hosts(), Math.round(w.startUnitPs()));
      if (m != null && checkPlacement(r, v, topology, w, m.nodes())) {
        flows = m.flows();
      }
    }
    return new Checked(file, flows);
  }

  /** Places the matrix's nodes as the run will (random with any stream: every shuffle fits), naming what does not fit. */
  private static boolean checkPlacement(ValueReader r, Map<String, String> v, Topology topology, WorkloadSpec w,
      int nodes) {
    if (w.placement() == null || w.placement().equals("hosts") && w.placementHosts().length == 0) {
      return false; // already reported
    }
    try {
      HostPlacement.place(w.placement(), nodes, topology, w.placementHosts(), new java.util.SplittableRandom(0));
      return true;
    } catch (IllegalArgumentException e) {
      String key = w.placement().equals("hosts") ? "workload.placement_hosts" : "workload.placement";
      r.bad(key, v.get(key), "a placement of the matrix's " + nodes + " nodes on the fabric's " + topology.hosts()
          + " hosts (" + e.getMessage() + ")");
      return false;
    }
  }

  private static ConnectionMatrix.Read connectionMatrix(ValueReader r, Path file, int hosts, long psPerUnit) {
    try {
      if (Files.size(file) > MAX_CM_BYTES) {
        r.bad("workload.file", file.toString(), "a connection matrix of at most " + MAX_CM_BYTES / (1 << 20)
            + " MiB (this one has " + Files.size(file) / (1 << 20) + " MiB)");
        return null;
      }
      return ConnectionMatrix.read(file, hosts, psPerUnit);
    } catch (WorkloadFileException e) {
      r.problem(e.getMessage().replace('\n', ' ').replace('\r', ' '));
    } catch (java.io.IOException e) {
      r.bad("workload.file", file.toString(), "a readable file (" + e.getMessage() + ")");
    }
    return null;
  }

  /**
   * Reads the job.* keys into the jobs the run places and builds ({@link Workloads#training});
   * on a fabric with rails, a server has one GPU per rail.
   */
  private static Checked checkTraining(ValueReader r, Map<String, String> v, Topology topology, WorkloadSpec w) {
    for (Setting s : ScenarioSchema.settings()) {
      if (s.key().startsWith("job.") && s.type() == Setting.Type.CHOICE) {
        r.choice(v, s.key());
      }
    }
    if (topology == null) {
      return Checked.NONE;
    }
    List<JobKeys.Problem> found = new ArrayList<>();
    List<JobSpec> jobs = JobKeys.parse(v, topology.hosts(), found);
    for (JobKeys.Problem p : found) {
      r.bad(p.key(), p.value(), p.allowed());
    }
    TopologyKind fabric = r.catalog().topologies().find(v.get("topology.kind"));
    if (fabric != null && fabric.rails() && !v.get("topology.rails").equals(v.get("job.gpus_per_server"))) {
      r.bad("job.gpus_per_server", v.get("job.gpus_per_server"), "the rail count topology.rails = "
          + v.get("topology.rails") + " (one NIC per rail)");
    }
    return new Checked(null, null, jobs);
  }

  /**
   * Reads the trace and builds it on the fabric now ({@link ChakraJob#check}), so that a bad
   * trace, or one whose ranks do not fit the fabric, is refused before any run starts.
   */
  private static Checked checkChakra(ValueReader r, Map<String, String> v, Topology topology, WorkloadSpec w) {
    int gps = r.intValue(v, "job.gpus_per_server", 1);
    int channels = r.intValue(v, "job.channels", 1);
    double gbps = r.number(v, "job.nvlink_gbps");
    if (!Double.isNaN(gbps) && !(gbps >= 1e-9 && gbps <= 1e6)) {
      r.bad("job.nvlink_gbps", v.get("job.nvlink_gbps"), "a number of Gb/s from 1e-9 to 1e6");
      gbps = Double.NaN;
    }
    String t = v.get("workload.trace");
    if (t.isEmpty()) {
      r.problem(r.source() + ": workload.trace: missing; workload.kind 'chakra' needs the trace's prefix (its rank "
          + "files are <prefix>.0.et, <prefix>.1.et, ...)");
      return Checked.NONE;
    }
    Path prefix;
    try {
      prefix = r.baseDir() == null ? Path.of(t) : r.baseDir().resolve(t);
    } catch (java.nio.file.InvalidPathException e) {
      r.bad("workload.trace", t, "a path prefix of the rank files");
      return Checked.NONE;
    }
    if (topology == null || gps < 1 || channels < 1 || Double.isNaN(gbps) || !Algorithms.NAMES.contains(v.get("job.algorithm"))) {
      return Checked.NONE;
    }
    TopologyKind fabric = r.catalog().topologies().find(v.get("topology.kind"));
    boolean rails = fabric != null && fabric.rails();
    if (rails && !v.get("topology.rails").equals(v.get("job.gpus_per_server"))) {
      r.bad("job.gpus_per_server", v.get("job.gpus_per_server"), "the rail count topology.rails = "
          + v.get("topology.rails") + " (one NIC per rail)");
      return Checked.NONE;
    }
    if (topology.hosts() % gps != 0) {
      r.bad("job.gpus_per_server", v.get("job.gpus_per_server"), "a divisor of the fabric's " + topology.hosts() + " hosts");
      return Checked.NONE;
    }
    if (!NcclKeys.check(r, v)) {
      return Checked.NONE;
    }
    ChakraJob job = new ChakraJob(prefix, gps, Math.round(gbps * 1e9), v.get("job.algorithm"), channels,
        NcclKeys.protocol(v), NcclKeys.algorithm(v));
    try {
      List<FlowSpec> flows = job.check(new Cluster(topology.hosts() / gps, gps, rails));
      return new Checked(prefix, flows, List.of(), job);
    } catch (TraceException e) {
      r.problem(e.getMessage().replace('\n', ' ').replace('\r', ' '));
      return Checked.NONE;
    }
  }
}
