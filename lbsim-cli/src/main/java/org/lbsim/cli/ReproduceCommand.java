package org.lbsim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.lbsim.experiment.BaseScenario;
import org.lbsim.experiment.ExperimentRunner;
import org.lbsim.experiment.GridPoint;
import org.lbsim.experiment.Preset;
import org.lbsim.experiment.Presets;
import org.lbsim.experiment.RunRecord;
import org.lbsim.experiment.Table;
import org.lbsim.scenario.ResultFolder;
import org.lbsim.scenario.ResultPaths;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lbsim reproduce <preset>}: one of the study's experiments, as a table. */
@Command(name = "reproduce", mixinStandardHelpOptions = true, footerHeading = "%nExamples:%n", footer = {
    "  lbsim reproduce                   # the presets and how to run one",
    "  lbsim reproduce perm-bound        # the permutation bound example reached by central-te",
    "  lbsim reproduce fig1 --seeds 3    # no-failure comparison of 9 schemes + the oracle"},
    description = {"Run one of the study's experiments and print its table.",
        "Without PRESET (or with --list), lists the presets and exits with 0."})
final class ReproduceCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(arity = "0..1", paramLabel = "PRESET", description = "experiment name, e.g. fig1 or queue-scaling")
  String name;

  @Option(names = "--list", description = "list the presets")
  boolean list;

  @Option(names = "--seeds", paramLabel = "N", description = "seeds per point (default: the preset's)")
  Integer seeds;

  @Mixin
  ThreadsOption parallel;

  @Mixin
  SettingOverrides settings;

  @Mixin
  ResultsOptions results;

  @Mixin
  OverwriteOption replace;

  @Override
  public Integer call() throws IOException {
    PrintWriter o = spec.commandLine().getOut();
    if (name == null || list) {
      for (Preset p : Presets.all()) {
        o.printf("  %-14s %s%n", p.name(), p.title());
      }
      if (name == null && !list) {
        o.println("run one with: lbsim reproduce PRESET [--seeds N] [--set KEY=VALUE]");
      }
      o.flush();
      return 0;
    }
    int threads = parallel.threads();
    Preset p = Presets.find(name);
    if (p == null) {
      List<String> names = Presets.all().stream().map(Preset::name).toList();
      throw new Errors.UserError("no preset '" + name + "' (allowed: " + String.join(", ", names) + ")");
    }
    int n = seeds == null ? p.seeds() : seeds;
    if (n < 1) {
      throw new Errors.UserError("--seeds: must be >= 1, got " + n);
    }
    List<GridPoint> grid = p.grid(n);
    Path dir = ResultPaths.child(results.out, "reproduce-" + p.name(), "preset " + p.name() + ": folder");
    List<RunRecord> runs;
    try (RunProgress progress = new RunProgress(spec.commandLine().getErr(), false, p.name())) {
      progress.started(grid.size(), String.format("%s: %d runs on %d threads -> %s", p.name(), grid.size(), threads, dir));
      runs = ExperimentRunner.run(BaseScenario.defaults("preset " + p.name()), p.base(), grid, settings.values, threads,
          dir, replace.overwrite, progress.counter(), Main.catalog(spec));
    }
    Table t = p.analysis().analyze(runs);
    ResultFolder.writeFile(dir.resolve("table.csv"), t.csv());
    o.println(p.title());
    o.println();
    o.print(t.render());
    o.println();
    o.println("study: " + p.paper());
    o.flush();
    return 0;
  }
}
