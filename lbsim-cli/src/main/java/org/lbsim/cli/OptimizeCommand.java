package org.lbsim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.IntFunction;
import org.lbsim.experiment.BaseScenario;
import org.lbsim.experiment.GridFile;
import org.lbsim.optimize.Answer;
import org.lbsim.optimize.Conditions;
import org.lbsim.optimize.OptimizeJson;
import org.lbsim.optimize.Outcome;
import org.lbsim.optimize.Robust;
import org.lbsim.optimize.ScenarioEvaluator;
import org.lbsim.optimize.Search;
import org.lbsim.optimize.SearchSpace;
import org.lbsim.optimize.SpaceRequest;
import org.lbsim.optimize.TrialStore;
import org.lbsim.scenario.Applicability;
import org.lbsim.scenario.Catalog;
import org.lbsim.scenario.OverrideList;
import org.lbsim.results.ResultFolder;
import org.lbsim.results.ResultPaths;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lbsim optimize}: searches load balancer x congestion control x loss recovery and their parameters. */
@Command(name = "optimize", mixinStandardHelpOptions = true, footerHeading = "%nExamples:%n", footer = {
    "  lbsim optimize my.yaml --vary lb=ecmp,ofan,plb --vary cc=dctcp --vary lr=sack --budget 20 --out results/opt",
    "  lbsim optimize my.yaml --workloads a.yaml --workloads b.yaml --failures rate=0.05,convergence_us=0 --draws 2 --vary lb=ecmp,ofan "
        + "--vary cc=dctcp --vary lr=sack --seeds 1 --budget 24 --out results/opt"},
    description = {"Search the co-designs (load balancer x congestion control x loss recovery, and their numeric "
        + "parameters) for your fabric and workload within a budget of runs: every combination at its defaults on "
        + "one seed, the best third on every seed, then CMA-ES over the parameters of the best. Prints the ranking, "
        + "ties and the winner's gain over ecmp; every trial goes to <out>/optimize-<name>/optimize.json.",
        "Deployable designs only, unless --include-ideal: cc ideal, lr erasure and the oracle lb central-te are "
            + "left out. See docs/optimize.md."})
final class OptimizeCommand implements Callable<Integer> {
  /** The budget when none is given, unless the space needs more. */
  static final int DEFAULT_BUDGET = 300;

  @Spec
  CommandSpec spec;

  @Parameters(arity = "0..1", paramLabel = "SCENARIO", description = "scenario YAML: your fabric and workload")
  Path file;

  @Mixin
  SettingOverrides settings;

  @Option(names = "--vary", paramLabel = "AXIS=D1,D2,...",
      description = "designs to search on an axis (lb, cc or lr; repeatable). Default: every design of the axis")
  List<String> vary = new ArrayList<>();

  @Option(names = "--range", paramLabel = "KEY=LOW:HIGH",
      description = "the interval searched for a parameter, within the registry's range (repeatable). "
          + "Default: a tenth to ten times its default")
  List<String> range = new ArrayList<>();

  @Option(names = "--budget", paramLabel = "RUNS",
      description = "the most runs, at most " + GridFile.MAX_RUNS + " (default: " + DEFAULT_BUDGET
          + ", or twice the design combinations if more, up to " + GridFile.MAX_RUNS + ")")
  Integer budget;

  @Option(names = "--seeds", paramLabel = "N", description = "seeds a surviving candidate runs on, 1 to "
      + GridFile.MAX_SEEDS + " (default: ${DEFAULT-VALUE})")
  int seeds = 3;

  @Option(names = "--include-ideal", description = "also search designs no hardware runs: cc ideal, lr erasure, "
      + "lb central-te (marked 'not deployable')")
  boolean includeIdeal;

  @Option(names = "--sensitivity", description = "after the search, move each knob of the winner and of the baseline "
      + "to either end of its interval (two runs per knob on the first seed, beyond the budget) and name those that "
      + "move the result more than the gap between designs")
  boolean sensitivity;

  @Option(names = "--workloads", split = ",", paramLabel = "FILE,FILE,...",
      description = "score every candidate on each of these workloads: YAML files whose workload section (and job, for "
          + "training and Chakra) replaces the scenario's on its fabric; any other key in them must equal the scenario's "
          + "(comma-separated or repeated)")
  List<Path> workloads = new ArrayList<>();

  @Option(names = "--failures", paramLabel = "rate=P[,KEY=VALUE...]",
      description = "score every candidate under --draws random link failure draws: each link of failures.tiers "
          + "fails with probability P (0 <= P < 1); other failures.* settings may follow, e.g. "
          + "rate=0.01,kind=hold,convergence_us=50 (kind default: the scenario's, else drop)")
  String failures;

  @Option(names = "--draws", paramLabel = "N", description = "failure draws with --failures, 1 to " + GridFile.MAX_SEEDS
      + " (default: 1); draw d "
      + "fails the links the scenario's seed + d draws")
  Integer draws;

  @Option(names = "--robust", paramLabel = "worst|median", description = "over several workloads and draws, rank, "
      + "tie and front candidates by their worst condition or their median one (default: ${DEFAULT-VALUE})")
  String robust = "worst";

  @Mixin
  ThreadsOption parallel;

  @Option(names = "--spark", paramLabel = "MASTER", description = "simulate the runs on Apache Spark, e.g. local[*] or "
      + "spark://host:7077, the search staying here (the ./lbsim launcher hands this to lbsim-spark; docs/spark.md); "
      + "--threads is then the runs in flight at once (default: the cluster's parallelism)")
  String spark;

  @Option(names = "--conf", paramLabel = "KEY=VALUE", description = "a Spark setting with --spark, as spark-submit "
      + "--conf (repeatable)")
  List<String> conf = new ArrayList<>();

  @Mixin
  JsonOption json;

  @Mixin
  ResultsOptions results;

  @Override
  public Integer call() throws IOException {
    if (budget != null && budget < 1) {
      throw new Errors.UserError("--budget " + budget + ": must be at least 1 run (allowed: a whole number of runs >= 1)");
    }
    if (budget != null) {
      RunLimits.runs(budget, "--budget " + budget + ": the search would");
    }
    RunLimits.seeds("--seeds", seeds);
    Robust rank = robust();
    Conditions.Failures drawn = failures();
    int threads = parallel.threads();
    TrialCluster cluster = Main.cluster(spec);
    if (cluster == null && spark != null) {
      throw new Errors.UserError("--spark: lbsim.jar has no Spark in it; run it through the launcher (./lbsim optimize "
          + "... --spark " + spark + ") or spark-submit lbsim-spark.jar (docs/spark.md)");
    }
    if (cluster == null && !conf.isEmpty()) {
      throw new Errors.UserError("--conf " + conf.get(0) + ": a Spark setting; give it with --spark MASTER");
    }
    Catalog catalog = Main.catalog(spec);
    OverrideList.requireEachKeyOnce(settings.values);
    Map<String, List<String>> axes = axes();
    List<String> sets = new ArrayList<>();
    Set<String> fixed = new HashSet<>();
    for (String s : settings.values) {
      String key = OverrideList.key(s);
      String k = key == null ? null : Applicability.unconditional(key);
      if (k != null && SearchSpace.AXES.contains(k)) {
        if (axes.containsKey(k)) {
          throw new Errors.UserError("--set " + s + ": " + k + " is also given with --vary; give it once");
        }
        axes.put(k, List.of(s.substring(s.indexOf('=') + 1).trim()));
      } else if (k != null && k.equals("seed")) {
        continue; // read below as the search's seed
      } else if (k != null && !workloads.isEmpty() && (k.startsWith("workload.") || k.startsWith("job."))) {
        throw new Errors.UserError("--set " + s + ": the workloads come from --workloads; set " + k
            + " in their files");
      } else if (k != null && drawn != null && k.startsWith("failures.")) {
        throw new Errors.UserError("--set " + s + ": the failures come from --failures; give it there (e.g. --failures "
            + "rate=0.01," + k.substring("failures.".length()) + "=...)");
      } else {
        sets.add(s);
        if (k != null) {
          fixed.add(k);
        }
      }
    }
    BaseScenario source = file == null ? BaseScenario.defaults("optimize") : BaseScenario.file(file);
    String name = file == null ? "default" : file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
    Scenario base = ScenarioReader.fromText(source.yaml(), source.source(), source.baseDir(), name,
        settings.values, "--set", catalog);
    SearchSpace space = SearchSpace.of(catalog, new SpaceRequest(axes, fixed, ranges(), includeIdeal));
    Conditions conditions = workloads.isEmpty() && drawn == null ? Conditions.asGiven(source)
        : Conditions.of(source, workloads, drawn, sets, catalog, name, base.seed());
    int c = conditions.list().size();
    int combos = space.combos().size();
    RunLimits.runs((long) c * (combos + 3L * seeds - 2), combos + " design combinations, " + seeds + " seed(s) and " + c
        + " condition(s): the least search would");
    int least = Search.minimumBudget(combos, seeds, c);
    int runs = budget != null ? budget : (int) Math.min(GridFile.MAX_RUNS,
        Math.max(DEFAULT_BUDGET, (long) c * (2L * combos + 3L * seeds)));
    if (runs < least) {
      throw new Errors.UserError("--budget " + runs + ": too small for this space (allowed: at least " + least
          + " runs: " + space.combos().size() + " design combinations once each, " + (seeds - 1)
          + " more for the best one's other seeds, " + seeds + " for the baseline and " + (seeds - 1)
          + " for a finisher should the baseline not finish" + (c > 1 ? ", each under " + c + " conditions" : "")
          + "; or fewer designs with --vary)");
    }
    Path dir = ResultPaths.child(results.out, "optimize-" + SettingOverrides.folderName(name, settings.values),
        (file == null ? "optimize" : file.toString()) + ": folder");
    PrintWriter err = spec.commandLine().getErr();
    space.excluded().forEach(e -> err.println("optimize: left out " + e + " (--include-ideal to search it)"));
    String header = String.format("optimize: %d design combinations, %d knobs, budget %d runs, %d seed(s) from seed %d%s",
        space.combos().size(), space.knobKeys().size(), runs, seeds, base.seed(), c > 1 ? ", " + c
            + " conditions (workloads x failure draws) ranked by the " + rank.key() : "");
    IntFunction<Search.Settings> plan = inFlight -> new Search.Settings(runs, seeds, base.seed(), inFlight, sensitivity,
        conditions.list(), rank);
    Path trials = dir.resolve("trials.jsonl");
    Outcome o;
    if (cluster == null) {
      err.println(header + " on " + PlannedRuns.threads(threads) + " -> " + dir);
      err.flush();
      Files.createDirectories(dir);
      try (TrialStore store = TrialStore.open(trials)) {
        o = search(space, new ScenarioEvaluator(conditions.base(), sets, catalog, name, store), plan.apply(threads), err);
        readBack(store, trials, err);
      }
    } else {
      Files.createDirectories(dir);
      // the store's lock first: a second search on the folder is refused before a cluster is asked for
      try (TrialStore store = TrialStore.open(trials);
          TrialCluster.Session session = cluster.start(spark, conf, Main.pluginJars(spec), "lbsim optimize " + name)) {
        int inFlight = spec.commandLine().getParseResult().hasMatchedOption("--threads") ? threads : session.parallelism();
        err.println(header + " on Spark, " + inFlight + " runs in flight -> " + dir);
        err.flush();
        o = search(space, new ScenarioEvaluator(conditions.base(), sets, catalog, name, store,
            session.runner(conditions.base(), name)), plan.apply(inFlight), err);
        readBack(store, trials, err);
      } catch (TrialCluster.Failed e) {
        err.println("error: the Spark job failed: " + e.getMessage());
        err.println("  every run finished so far is in " + trials + "; the same command resumes from there");
        err.flush();
        return Errors.CLUSTER_FAILED;
      }
    }
    o.notes().stream().filter(n -> n.startsWith("skipped")).forEach(n -> err.println("optimize: " + n));
    err.flush();
    ResultFolder.writeFile(dir.resolve("optimize.json"), OptimizeJson.write(o, space));
    PrintWriter out = spec.commandLine().getOut();
    int code = o.winner().unfinishedRuns() > 0 ? Errors.UNFINISHED : Errors.DONE;
    if (json.json) {
      JsonOut.print(out, OptimizeRankingJson.of(o, dir));
      return code;
    }
    out.print(Answer.table(o).render(3));
    out.println();
    Answer.lines(o).forEach(out::println);
    out.println("Every trial: " + dir.resolve("optimize.json"));
    out.flush();
    return code;
  }

  private static Outcome search(SearchSpace space, ScenarioEvaluator eval, Search.Settings plan, PrintWriter err) {
    return Search.run(space, eval, plan, line -> {
      err.println("optimize: " + line);
      err.flush();
    });
  }

  private static void readBack(TrialStore store, Path trials, PrintWriter err) {
    if (store.readBack() > 0) {
      err.println("optimize: " + store.readBack() + " runs read back from " + trials
          + " (finished by an earlier call), not run again");
    }
  }

  private Robust robust() {
    return switch (robust) {
      case "worst" -> Robust.WORST;
      case "median" -> Robust.MEDIAN;
      default -> throw new Errors.UserError("--robust " + robust + ": unknown (allowed: worst, median)");
    };
  }

  /** {@code --failures} and {@code --draws}, or null without them. */
  private Conditions.Failures failures() {
    if (failures == null) {
      if (draws != null) {
        throw new Errors.UserError("--draws " + draws + ": needs --failures rate=P (the failures to draw)");
      }
      return null;
    }
    int n = draws == null ? 1 : draws;
    if (n < 1) {
      throw new Errors.UserError("--draws " + n + ": must be at least 1 (allowed: a whole number of failure draws >= 1)");
    }
    RunLimits.seeds("--draws", n);
    Map<String, String> m = new LinkedHashMap<>();
    for (String pair : failures.split(",")) {
      int eq = pair.indexOf('=');
      String key = eq <= 0 ? "" : pair.substring(0, eq).trim();
      if (key.startsWith("failures.")) {
        key = key.substring("failures.".length());
      }
      if (key.isEmpty() || m.put(key, pair.substring(eq + 1).trim()) != null) {
        throw new Errors.UserError("--failures " + failures + ": expected rate=P[,KEY=VALUE...] with each failures.* "
            + "key once (e.g. rate=0.01,kind=drop)");
      }
    }
    String rate = m.get("rate");
    double p = Double.NaN;
    try {
      p = rate == null ? Double.NaN : Double.parseDouble(rate);
    } catch (NumberFormatException e) {
      // refused below
    }
    if (!(p >= 0 && p < 1)) {
      String why = rate == null ? "rate missing" : Double.isNaN(p) ? "rate " + rate + " is not a number"
          : "rate " + rate + " is outside [0, 1)";
      throw new Errors.UserError("--failures " + failures + ": " + why
          + " (allowed: rate=P, the probability that each link fails, at least 0 and below 1)");
    }
    return new Conditions.Failures(m, n);
  }

  private Map<String, List<String>> axes() {
    Map<String, List<String>> byAxis = new LinkedHashMap<>();
    for (String v : vary) {
      int eq = v.indexOf('=');
      if (eq <= 0 || eq == v.length() - 1) {
        throw new Errors.UserError("--vary " + v + ": expected AXIS=D1,D2,... with AXIS one of lb, cc, lr (e.g. lb=ecmp,ofan)");
      }
      String axis = v.substring(0, eq).trim();
      if (!SearchSpace.AXES.contains(axis)) {
        throw new Errors.UserError("--vary " + v + ": '" + axis + "' is not a design axis (allowed: lb, cc, lr)");
      }
      List<String> names = Arrays.stream(v.substring(eq + 1).split(",")).map(String::trim).filter(s -> !s.isEmpty())
          .toList();
      if (byAxis.put(axis, names) != null) {
        throw new Errors.UserError("--vary " + axis + ": given twice; list every design in one --vary");
      }
    }
    return byAxis;
  }

  private Map<String, double[]> ranges() {
    Map<String, double[]> m = new LinkedHashMap<>();
    for (String r : range) {
      int eq = r.indexOf('=');
      int colon = r.indexOf(':', Math.max(eq, 0));
      double lo = Double.NaN;
      double hi = Double.NaN;
      if (eq > 0 && colon > eq) {
        try {
          lo = Double.parseDouble(r.substring(eq + 1, colon).trim());
          hi = Double.parseDouble(r.substring(colon + 1).trim());
        } catch (NumberFormatException e) {
          // refused below
        }
      }
      if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
        throw new Errors.UserError("--range " + r + ": expected KEY=LOW:HIGH with two numbers (e.g. plb.window=5:40)");
      }
      String key = r.substring(0, eq).trim();
      if (m.put(key, new double[] {lo, hi}) != null) {
        throw new Errors.UserError("--range " + key + ": given twice; give one interval");
      }
    }
    return m;
  }
}
