package org.lbsim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.lbsim.experiment.Axis;
import org.lbsim.experiment.BaseScenario;
import org.lbsim.experiment.ExperimentRunner;
import org.lbsim.experiment.GridFile;
import org.lbsim.experiment.GridPoint;
import org.lbsim.experiment.Recommendation;
import org.lbsim.experiment.Recommender;
import org.lbsim.experiment.RunRecord;
import org.lbsim.lb.LbDesign;
import org.lbsim.scenario.Applicability;
import org.lbsim.results.ResultFolder;
import org.lbsim.results.ResultPaths;
import org.lbsim.results.RunList;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.scenario.ScenarioReader;
import org.lbsim.scenario.ScenarioSchema;
import org.lbsim.scenario.StrictYaml;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lbsim recommend}: runs candidate co-designs on the user's fabric and workload and ranks them. */
@Command(name = "recommend", mixinStandardHelpOptions = true, footerHeading = "%nExamples:%n", footer = {
    "  lbsim recommend --set workload.kind=all-to-all   # every load balancer, ranked",
    "  lbsim recommend my.yaml --vary lb=ecmp,ofan --vary lr=sack,erasure"},
    description = {"Run every candidate design on your fabric and workload, rank them by CCT %% over the lower bound "
        + "and print the best one's gain over the baseline. Result files go to <out>/recommend-<name>/.",
        "Without a file, uses the defaults (128-host fat tree, 800 Gb/s, 1 MiB permutation); "
            + "e.g. --set workload.kind=all-to-all."})
final class RecommendCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(arity = "0..1", paramLabel = "FILE", description = "scenario YAML: your fabric and workload")
  Path file;

  @Mixin
  SettingOverrides settings;

  @Option(names = "--vary", paramLabel = "KEY=V1,V2,...",
      description = "candidate values of a setting (repeatable; candidates are all combinations). "
          + "Default: lb=<every design>, e.g. --vary lb=ecmp,ofan --vary lr=sack,erasure")
  List<String> vary = new ArrayList<>();

  @Option(names = "--baseline", paramLabel = "KEY=VALUE", description = "the design gains are measured against "
      + "(repeatable; default: lb=ecmp)")
  List<String> baseline = new ArrayList<>();

  @Option(names = "--seeds", paramLabel = "N", description = "seeds per design, 1 to " + GridFile.MAX_SEEDS
      + "; at most " + GridFile.MAX_RUNS + " runs in all (default: ${DEFAULT-VALUE})")
  int seeds = 1;

  @Mixin
  ThreadsOption parallel;

  @Mixin
  ResumeOption resume;

  @Mixin
  ResultsOptions results;

  @Mixin
  OverwriteOption replace;

  @Mixin
  JsonOption json;

  @Override
  public Integer call() throws IOException {
    RunLimits.seeds("--seeds", seeds);
    int threads = parallel.threads();
    List<Axis> axes = axes();
    long designs = 1;
    for (Axis a : axes) {
      designs = Math.min(designs * a.values().size(), GridFile.MAX_RUNS + 1);
    }
    RunLimits.runs(designs * seeds, designs + " designs x " + seeds + " seed(s)");
    Map<String, String> base = baselineValues(axes);
    BaseScenario source = file == null ? BaseScenario.defaults("recommend") : BaseScenario.file(file);
    String name = SettingOverrides.folderName(file == null ? "default"
        : file.getFileName().toString().replaceFirst("\\.ya?ml$", ""), settings.values);
    List<GridPoint> grid = GridPoint.expand(axes, seeds);
    Path dir = ResultPaths.child(results.out, "recommend-" + name, (file == null ? "recommend" : file.toString()) + ": folder");
    ExperimentRunner.Plan plan = ExperimentRunner.plan(source, List.of(), grid, settings.values, dir,
        new ExperimentRunner.Existing(replace.overwrite, resume.resume), Main.catalog(spec));
    List<RunRecord> runs = PlannedRuns.execute(spec, "recommend", "recommend", resume, plan, threads,
        stored -> String.format("recommend: %d designs x %d seed(s) = %d runs%s on %s -> %s",
            grid.size() / seeds, seeds, grid.size(),
            stored == 0 ? "" : String.format(" (%d read back from their folders)", stored),
            PlannedRuns.threads(threads), dir));
    Recommendation rec = Recommender.rank(runs, axes.stream().map(Axis::key).toList(), base);
    ResultFolder.writeFile(dir.resolve("ranking.csv"), rec.csv());
    // the runs of this recommendation: a report of the folder draws these, not earlier ones
    RunList.write(dir, grid.stream().map(GridPoint::name).toList());
    PrintWriter o = spec.commandLine().getOut();
    if (json.json) {
      JsonOut.print(o, RecommendJson.of(rec, axes.stream().map(Axis::key).toList(), dir));
      return rec.best().unfinishedRuns() > 0 ? 3 : 0;
    }
    o.print(rec.table().render(1 + axes.size()));
    o.println();
    o.println(rec.headline());
    if (rec.tieLine() != null) {
      o.println(rec.tieLine());
    }
    if (rec.baselineNote() != null) {
      o.println("Baseline: " + rec.baselineNote() + ".");
    } else if (rec.baseline() == null) {
      o.println("(no candidate matched the baseline " + base + "; gains not shown)");
    } else if (rec.baseline() != rec.best()) {
      o.println("Baseline " + rec.baseline().label() + ": " + rec.baseline().diagnosis() + ".");
    }
    o.flush();
    return rec.best().unfinishedRuns() > 0 ? 3 : 0;
  }

  private List<Axis> axes() {
    Map<String, List<String>> byKey = new LinkedHashMap<>();
    for (String v : vary) {
      int eq = v.indexOf('=');
      if (eq <= 0 || eq == v.length() - 1) {
        throw new Errors.UserError("--vary " + StrictYaml.show(v) + ": expected KEY=V1,V2,... (e.g. lb=ecmp,ofan)");
      }
      String key = v.substring(0, eq).trim();
      if (ScenarioSchema.of(Main.catalog(spec)).setting(Applicability.unconditional(key)) == null) {
        throw new Errors.UserError("--vary " + StrictYaml.show(v) + ": unknown key '" + StrictYaml.show(key)
            + "' (see lbsim list)");
      }
      List<String> values = Arrays.stream(v.substring(eq + 1).split(",")).map(String::trim).filter(s -> !s.isEmpty())
          .toList();
      if (values.isEmpty()) {
        throw new Errors.UserError("--vary " + StrictYaml.show(v) + ": no value (expected KEY=V1,V2,... (e.g. lb=ecmp,ofan))");
      }
      if (byKey.put(key, values) != null) {
        throw new Errors.UserError("--vary " + StrictYaml.show(key) + ": given twice; list every value in one --vary");
      }
    }
    if (!byKey.containsKey("lb")) {
      List<String> all = new ArrayList<>();
      for (LbDesign d : Main.catalog(spec).lb().all()) {
        if (!d.oracle()) { // an oracle needs a controller that knows the traffic; only when asked for
          all.add(d.name());
        }
      }
      Map<String, List<String>> withLb = new LinkedHashMap<>();
      withLb.put("lb", all);
      withLb.putAll(byKey);
      byKey = withLb;
    }
    List<Axis> axes = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (Map.Entry<String, List<String>> e : byKey.entrySet()) {
      axes.add(new Axis(e.getKey(), e.getValue()));
      for (String value : e.getValue()) {
        try { // each value on its own, so a bad one is named as coming from --vary
          String where = e.getKey().endsWith("?") ? "=" : "?="; // checked alone: set only where it applies
          ScenarioReader.fromText("", "recommend", null, "check", List.of(e.getKey() + where + value), "--vary",
              Main.catalog(spec));
        } catch (ScenarioException x) {
          problems.addAll(x.problems());
        }
      }
    }
    if (!problems.isEmpty()) {
      throw new ScenarioException(problems.stream().distinct().toList());
    }
    return axes;
  }

  /** The baseline's values; each must name a varied key and one of its candidate values. */
  private Map<String, String> baselineValues(List<Axis> axes) {
    Map<String, String> m = new LinkedHashMap<>();
    for (String b : baseline.isEmpty() ? List.of("lb=ecmp") : baseline) {
      int eq = b.indexOf('=');
      if (eq <= 0) {
        throw new Errors.UserError("--baseline " + StrictYaml.show(b) + ": expected KEY=VALUE (e.g. lb=ecmp)");
      }
      String key = b.substring(0, eq).trim();
      String value = b.substring(eq + 1).trim();
      Axis axis = axes.stream().filter(a -> a.key().equals(key)).findFirst().orElse(null);
      if (axis == null) {
        throw new Errors.UserError("--baseline " + StrictYaml.show(b) + ": " + StrictYaml.show(key) + " is not varied (allowed: "
            + String.join(", ", axes.stream().map(Axis::key).toList()) + ")");
      }
      if (!axis.values().contains(value)) {
        throw new Errors.UserError("--baseline " + StrictYaml.show(b) + ": invalid value (got '" + StrictYaml.show(value)
            + "'; allowed: one of the "
            + "candidates " + String.join(", ", axis.values()) + ")");
      }
      m.put(key, value);
    }
    return m;
  }
}
