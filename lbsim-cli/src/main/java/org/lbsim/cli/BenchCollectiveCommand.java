package org.lbsim.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.lbsim.experiment.BaseScenario;
import org.lbsim.experiment.CollectiveBench;
import org.lbsim.experiment.CollectiveOp;
import org.lbsim.experiment.ElementType;
import org.lbsim.experiment.NcclTable;
import org.lbsim.experiment.SizeRange;
import org.lbsim.results.ResultFolder;
import org.lbsim.results.ResultPaths;
import org.lbsim.results.RunList;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.scenario.ScenarioReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lbsim bench-collective}: a collective over a range of sizes, per design, in nccl-tests' table layout. */
@Command(name = "bench-collective", mixinStandardHelpOptions = true, footerHeading = "%nExamples:%n", footer = {
    "  lbsim bench-collective --op all-reduce --sizes 64KiB:1MiB --lb ofan,ecmp",
    "  lbsim bench-collective my.yaml --op all-gather -b 64KiB:256KiB -d bfloat16",
    "  lbsim bench-collective my.yaml --op all-to-all -b 64KiB:192KiB -i 64KiB"},
    description = {"Simulate a collective over a range of sizes on your fabric, once per load-balancing design, "
        + "and print nccl-tests' table per design: size, count, type, redop, root, time (us), algbw and busbw (GB/s), "
        + "plus the busbw the size's lower bound allows and the fabric's ideal busbw.",
        "Result files go to <out>/bench-<op>-<name>/: one folder per run and bench-collective.csv; "
            + "'lbsim report' on that folder draws busbw against size (docs/bench-collective.md).",
        "Without a file, uses the defaults (128-host fat tree, 800 Gb/s, cc ideal, lr erasure)."})
final class BenchCollectiveCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(arity = "0..1", paramLabel = "FILE", description = "scenario YAML: your fabric, cc and lr (its workload is replaced)")
  Path file;

  @Option(names = "--op", paramLabel = "OP", description = "the collective: all-reduce, all-gather, reduce-scatter or "
      + "all-to-all (default: ${DEFAULT-VALUE})")
  String op = "all-reduce";

  @Option(names = {"-b", "--sizes"}, paramLabel = "MIN[:MAX]", description = "per-rank buffer sizes as nccl-tests "
      + "counts them, from MIN up to MAX, each a size such as 1048576, 1MiB or 800KB (default: ${DEFAULT-VALUE})")
  String sizes = "1MiB:16MiB";

  @Option(names = {"-f", "--factor"}, paramLabel = "F", description = "each size is F times the last (default: ${DEFAULT-VALUE})")
  long factor = 2;

  @Option(names = {"-i", "--step"}, paramLabel = "SIZE", description = "each size is SIZE bytes more than the last, "
      + "instead of --factor")
  String step;

  @Option(names = {"-d", "--type"}, paramLabel = "TYPE", description = "element type, for the count column and the "
      + "rounding of sizes: int8, uint8, int32, uint32, int64, uint64, half, float, double, bfloat16 (default: ${DEFAULT-VALUE})")
  String type = "float";

  @Option(names = "--lb", paramLabel = "LB", split = ",", description = "the load-balancing designs, one table "
      + "each (default: the scenario's lb)")
  List<String> lbs = new ArrayList<>();

  @Option(names = "--algorithm", paramLabel = "ALGO", description = "the collective algorithm: ring (all but "
      + "all-to-all), tree (all-reduce, broadcast, reduce; sets workload.nccl_algo) or direct (all-to-all); the default "
      + "is the op's")
  String algorithm;

  @Option(names = "--set", paramLabel = "KEY=VALUE", description = "override a setting in every run (repeatable); "
      + "lb, workload.kind and workload.size come from --lb, --op and --sizes")
  List<String> settings = new ArrayList<>();

  @Mixin
  ThreadsOption parallel;

  @Mixin
  ResultsOptions results;

  @Mixin
  OverwriteOption replace;

  @Mixin
  JsonOption json;

  @Override
  public Integer call() {
    CollectiveBench.Request request = request();
    if (algorithm != null && !algorithm.equals(request.op().algorithm())) {
      settings.add("workload.nccl_algo=" + algorithm);
    }
    int threads = parallel.threads();
    BaseScenario source = file == null ? BaseScenario.defaults("bench-collective") : BaseScenario.file(file);
    CollectiveBench.Plan plan = CollectiveBench.plan(source, settings, request, Main.catalog(spec));
    String name = SettingOverrides.folderName(file == null ? "default"
        : file.getFileName().toString().replaceFirst("\\.ya?ml$", ""), settings);
    Path dir = ResultPaths.child(results.out, "bench-" + request.op().label() + "-" + name,
        (file == null ? "bench-collective" : file.toString()) + ": folder");
    int runs = plan.lbs().size() * plan.sizes().size();
    CollectiveBench.Outcome outcome;
    try (RunProgress progress = new RunProgress(spec.commandLine().getErr(), false, "bench-collective")) {
      progress.started(runs, String.format("bench-collective: %s on %d ranks, %d design(s) x %d size(s) = %d runs on %d "
          + "threads -> %s", request.op().label(), plan.probe().topology().hosts(), plan.lbs().size(), plan.sizes().size(),
          runs, threads, dir));
      outcome = CollectiveBench.run(source, settings, plan, threads, dir, replace.overwrite, progress.counter(),
          Main.catalog(spec));
    }
    ResultFolder.writeFile(dir.resolve("bench-collective.csv"), CollectiveBench.csv(outcome));
    RunList.write(dir, outcome.runs());
    PrintWriter o = spec.commandLine().getOut();
    if (json.json) {
      JsonOut.print(o, BenchJson.of(outcome, dir));
    } else {
      o.print(NcclTable.render(outcome));
      o.flush();
    }
    return outcome.rows().stream().anyMatch(r -> !r.finished()) ? Errors.UNFINISHED : Errors.DONE;
  }

  /** The options, each checked on its own; every problem is reported at once. */
  private CollectiveBench.Request request() {
    List<String> problems = new ArrayList<>();
    CollectiveOp o = CollectiveOp.find(op);
    if (o == null) {
      problems.add("--op: unknown collective (got '" + op + "'; allowed: " + String.join(", ", CollectiveOp.labels()) + ")");
    } else if (algorithm != null && !o.algorithms().contains(algorithm)) {
      problems.add("--algorithm: not available for " + o.label() + " (got '" + algorithm + "'; allowed: "
          + String.join(", ", o.algorithms()) + ")");
    }
    ElementType t = ElementType.find(type);
    if (t == null) {
      problems.add("--type: unknown type (got '" + type + "'; allowed: " + String.join(", ", ElementType.labels()) + ")");
    }
    SizeRange range = null;
    String[] ends = sizes.split(":", -1);
    long min = ends.length > 2 ? -1 : size(ends[0]);
    long max = ends.length == 2 ? size(ends[1]) : min;
    long stepBytes = step == null ? 0 : size(step);
    if (min <= 0 || max <= 0) {
      problems.add("--sizes: invalid value (got '" + sizes + "'; allowed: MIN or MIN:MAX, each a positive size such as "
          + "1048576, 1MiB or 800KB)");
    } else if (max < min) {
      problems.add("--sizes: MIN is larger than MAX (got '" + sizes + "'; allowed: MIN <= MAX)");
    } else if (step != null && stepBytes <= 0) {
      problems.add("--step: invalid value (got '" + step + "'; allowed: a positive size such as 65536 or 64KiB)");
    } else if (step == null && factor < 2) {
      problems.add("--factor: invalid value (got '" + factor + "'; allowed: an integer >= 2)");
    } else {
      range = new SizeRange(min, max, factor, stepBytes);
      try {
        range.sizes();
      } catch (IllegalArgumentException e) {
        problems.add("--sizes: too many sizes (got '" + sizes + "'; allowed: at most " + SizeRange.MAX_SIZES
            + " sizes, with a larger --factor or --step)");
      }
    }
    if (!problems.isEmpty()) {
      throw new ScenarioException(problems);
    }
    return new CollectiveBench.Request(o, t, range, lbs.stream().map(String::trim).filter(s -> !s.isEmpty()).toList());
  }

  /** Bytes of {@code text} in lbsim's size syntax (the scenario reader's), or -1. */
  private long size(String text) {
    if (text.isBlank() || text.contains("=") || text.contains("\n")) {
      return -1;
    }
    try {
      return ScenarioReader.fromText("", "bench-collective", null, "size", List.of("workload.size=" + text.trim()),
          "--sizes", Main.catalog(spec)).workload().sizeBytes();
    } catch (ScenarioException e) {
      return -1;
    }
  }
}
