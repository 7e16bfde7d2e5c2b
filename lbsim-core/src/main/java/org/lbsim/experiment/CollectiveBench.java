package org.lbsim.experiment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.lbsim.metrics.RunResult;
import org.lbsim.net.PacketFormat;
import org.lbsim.scenario.Catalog;
import org.lbsim.scenario.NcclKeys;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.scenario.ScenarioReader;
import org.lbsim.scenario.ScenarioRunner;
import org.lbsim.transport.FlowOutcome;
import org.lbsim.workload.CollectiveBound;
import org.lbsim.workload.NcclCollective;
import org.lbsim.workload.NcclProtocol;

/**
 * A collective benchmark in nccl-tests' form: one collective over a range of sizes on one
 * fabric, once per load-balancing design, every run a simulation of the scenario with
 * {@code workload.kind} the op's workload and {@code workload.size} the size. Runs go in
 * parallel; rows come in a fixed order (design, then size) whatever order they finish in.
 */
public final class CollectiveBench {
  /** Settings the benchmark sets itself; each has an option of its own. */
  static final Map<String, String> OWN_KEYS = Map.of("lb", "--lb", "workload.kind", "--op", "workload.size", "--sizes");

  private CollectiveBench() {}

  /**
   * What to measure.
   *
   * @param lbs the designs, in table order; empty = the scenario's own {@code lb}
   */
  public record Request(CollectiveOp op, ElementType type, SizeRange sizes, List<String> lbs) {
    public Request {
      lbs = List.copyOf(lbs);
    }
  }

  /**
   * One design at one size.
   *
   * @param size nccl-tests' size in bytes (see {@link CollectiveOp})
   * @param timePs from the collective's first send to its last completion; -1 when a flow did not finish
   * @param boundPs a lower bound on that time (see {@link #boundPs})
   */
  public record Row(String lb, long size, long count, long timePs, long boundPs, long cctPs, long unfinished,
      double algbw, double busbw, double idealBusbw) {
    public boolean finished() {
      return timePs > 0;
    }
  }

  /**
   * A benchmark's outcome.
   *
   * @param algorithm the algorithm its runs used ({@code workload.nccl_algo}, or direct for all-to-all)
   * @param ideal the fabric's ideal busbw, GB/s ({@link BusBandwidth#ideal})
   * @param hostGbps the host link's rate, Gb/s
   * @param runs the runs' names (their folders), in row order
   */
  public record Outcome(Request request, int ranks, String algorithm, String cc, String lr, double ideal,
      double hostGbps, List<Row> rows, List<String> runs) {
    public Outcome {
      rows = List.copyOf(rows);
      runs = List.copyOf(runs);
    }

    /** The designs, in table order. */
    public List<String> lbs() {
      Set<String> out = new LinkedHashSet<>();
      rows.forEach(r -> out.add(r.lb()));
      return List.copyOf(out);
    }
  }

  /**
   * The checked plan: the scenario every run starts from, its ranks, and the sizes as
   * nccl-tests reports them.
   */
  public record Plan(Request request, Scenario probe, List<String> lbs, List<Long> sizes) {}

  /** Checks everything before any run; every problem in one {@link ScenarioException}. */
  public static Plan plan(BaseScenario source, List<String> settings, Request req, Catalog catalog) {
    List<String> problems = new ArrayList<>();
    for (String s : settings) {
      int eq = s.indexOf('=');
      String key = eq < 0 ? s.trim() : s.substring(0, eq).trim().replace("?", "");
      if (OWN_KEYS.containsKey(key)) {
        problems.add("--set " + s + ": " + key + " is set by bench-collective (got '" + s + "'; allowed: "
            + OWN_KEYS.get(key) + " instead)");
      }
    }
    List<String> lbs = new ArrayList<>();
    for (String lb : req.lbs()) {
      if (catalog.lb().find(lb) == null) {
        problems.add("--lb: unknown design (got '" + lb + "'; allowed: " + String.join(", ", catalog.lb().names()) + ")");
      } else if (!lbs.contains(lb)) {
        lbs.add(lb);
      }
    }
    if (!problems.isEmpty()) {
      throw new ScenarioException(problems);
    }
    List<String> all = new ArrayList<>(List.of("workload.kind=" + req.op().workloadKind()));
    all.addAll(settings);
    Scenario probe = ScenarioReader.fromText(source.yaml(), source.source(), source.baseDir(), "bench", all, "--set",
        catalog);
    int ranks = probe.topology().hosts();
    int elem = req.type().bytes();
    String type = req.type().label();
    if (ranks < 2) {
      problems.add(source.source() + ": topology: " + req.op().label() + " needs at least 2 hosts (got " + ranks
          + "; allowed: a fabric of 2 or more hosts)");
    }
    if (req.sizes().min() % elem != 0 || (req.sizes().step() > 0 && req.sizes().step() % elem != 0)) {
      long bad = req.sizes().min() % elem != 0 ? req.sizes().min() : req.sizes().step();
      problems.add("--sizes: not a whole number of " + type + " elements (got '" + bad + " B'; allowed: multiples of "
          + elem + " B, the size of one " + type + ")");
    }
    if (!problems.isEmpty()) {
      throw new ScenarioException(problems);
    }
    Set<Long> sizes = new LinkedHashSet<>();
    for (long s : req.sizes().sizes()) {
      long size = req.op().size(s, ranks, elem);
      if (size <= 0) {
        long unit = req.op().unit(ranks, elem);
        throw new ScenarioException(List.of("--sizes: too small for " + req.op().label() + " on " + ranks
            + " ranks (got '" + s + " B'; allowed: " + unit + " B or more, one " + type + " per rank)"));
      }
      sizes.add(size);
    }
    return new Plan(req, probe, lbs.isEmpty() ? List.of(probe.designs().lb().name()) : lbs, List.copyOf(sizes));
  }

  /**
   * Runs the plan on {@code threads} threads; each run's files go to {@code out/<run>/} as a
   * sweep's do ({@link ExperimentRunner}).
   */
  public static Outcome run(BaseScenario source, List<String> settings, Plan plan, int threads, Path out,
      boolean overwrite, ExperimentRunner.Finished progress, Catalog catalog) {
    Request req = plan.request();
    Scenario probe = plan.probe();
    int ranks = probe.topology().hosts();
    List<GridPoint> grid = new ArrayList<>();
    for (String lb : plan.lbs()) {
      for (long size : plan.sizes()) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("lb", lb);
        values.put("workload.size", Long.toString(req.op().workloadSize(size, ranks)));
        grid.add(new GridPoint(values, probe.seed()));
      }
    }
    // the seed is every point's own (the scenario's, after --set), so it is not repeated as an override
    List<String> extra = settings.stream().filter(s -> !isSeed(s)).toList();
    List<RunRecord> runs = ExperimentRunner.run(source, List.of("workload.kind=" + req.op().workloadKind()), grid,
        extra, threads, out, overwrite, progress, catalog);
    PacketFormat format = ScenarioRunner.wireFormat(probe);
    long hostBps = probe.fabric().links().host().bitsPerSecond();
    NcclProtocol proto = NcclKeys.protocol(probe);
    NcclCollective.Algorithm algorithm = NcclKeys.algorithm(probe);
    CollectiveBound.HostLink link = ScenarioRunner.collectiveHostLink(probe);
    List<Row> rows = new ArrayList<>();
    int i = 0;
    for (String lb : plan.lbs()) {
      for (long size : plan.sizes()) {
        RunResult r = runs.get(i++).result();
        long time = collectivePs(r);
        long bound = boundPs(req.op(), algorithm, proto, r, link, ranks, size);
        rows.add(new Row(lb, size, size / req.type().bytes(), time, bound, r.cctPs(), r.unfinishedFlows(),
            time > 0 ? BusBandwidth.algbw(size, time) : Double.NaN,
            time > 0 ? BusBandwidth.busbw(req.op(), ranks, size, time) : Double.NaN,
            bound > 0 ? BusBandwidth.busbw(req.op(), ranks, size, bound) : Double.NaN));
      }
    }
    String algo = req.op().algorithms().contains(algorithm.label()) ? algorithm.label() : req.op().algorithm();
    return new Outcome(req, ranks, algo, probe.designs().cc().name(), probe.designs().lr().name(),
        BusBandwidth.ideal(format, hostBps), hostBps / 1e9, rows, grid.stream().map(GridPoint::name).toList());
  }

  /** From the first flow's start to the last flow's completion; -1 when a flow did not finish. */
  static long collectivePs(RunResult r) {
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (FlowOutcome f : r.flows()) {
      if (!f.finished()) {
        return -1;
      }
      first = Math.min(first, f.startPs());
      last = Math.max(last, f.finishPs());
    }
    return r.flows().isEmpty() ? -1 : last - first;
  }

  /**
   * The run's own lower bound where lbsim computes one (all-to-all: the three-phase bound),
   * otherwise the bound of the plan that {@link CollectiveBound#ps} gives every NCCL-decomposed
   * collective: the larger of the host links' bound and the longest chain of its pieces.
   */
  static long boundPs(CollectiveOp op, NcclCollective.Algorithm algorithm, NcclProtocol proto, RunResult r,
      CollectiveBound.HostLink link, int ranks, long size) {
    if (r.boundPs() > 0) {
      return r.boundPs();
    }
    if (link == null) {
      return -1; // coalesced ACKs: no bound
    }
    return CollectiveBound.ps(op.ncclOp(), algorithm, proto, link, ranks, op.workloadSize(size, ranks), 1);
  }

  private static boolean isSeed(String setting) {
    int eq = setting.indexOf('=');
    String key = (eq < 0 ? setting : setting.substring(0, eq)).trim();
    return key.equals("seed") || key.equals("seed?");
  }

  /** A number for the CSV: plain, rounded to 6 decimals; empty when not a number. */
  static String csvNumber(double x) {
    return CsvNumber.of(x);
  }

  /** {@code bench-collective.csv}: one row per design and size, every column of the table and the run's CCT and bound. */
  public static String csv(Outcome o) {
    StringBuilder sb = new StringBuilder(
        "op,algorithm,lb,cc,lr,ranks,size,count,type,redop,root,time_us,algbw_gbs,busbw_gbs,ideal_busbw_gbs,"
            + "fabric_ideal_busbw_gbs,cct_ps,bound_ps,unfinished_flows\n");
    Request q = o.request();
    for (Row r : o.rows()) {
      sb.append(String.join(",", q.op().label(), o.algorithm(), r.lb(), o.cc(), o.lr(), Integer.toString(o.ranks()),
          Long.toString(r.size()), Long.toString(r.count()), q.type().label(), q.op().redop(),
          Integer.toString(q.op().root()),
          r.finished() ? csvNumber(r.timePs() / 1e6) : "", csvNumber(r.algbw()), csvNumber(r.busbw()),
          csvNumber(r.idealBusbw()), csvNumber(o.ideal()), Long.toString(r.cctPs()), Long.toString(r.boundPs()),
          Long.toString(r.unfinished()))).append('\n');
    }
    return sb.toString();
  }
}
