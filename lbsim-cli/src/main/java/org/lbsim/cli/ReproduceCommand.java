package org.lbsim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.lbsim.experiment.BaseScenario;
import org.lbsim.experiment.ExperimentRunner;
import org.lbsim.experiment.GridFile;
import org.lbsim.experiment.GridPoint;
import org.lbsim.experiment.Preset;
import org.lbsim.experiment.Presets;
import org.lbsim.experiment.RunRecord;
import org.lbsim.experiment.RunTimeEstimate;
import org.lbsim.experiment.Table;
import org.lbsim.results.ResultFolder;
import org.lbsim.results.RunList;
import org.lbsim.results.ResultPaths;
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
    "  lbsim reproduce fig1 --quick      # no-failure comparison of 9 schemes + the oracle, 1 seed",
    "  lbsim reproduce fig4 --resume     # finish an interrupted fig4: its finished runs are read back"},
    description = {"Run one of the study's experiments and print its table. A preset's own settings are the "
        + "study's setup (10 seeds where the study ran 10); --quick runs its smaller variant.",
        "Without PRESET (or with --list), lists the presets with their runs and expected wall time on --threads "
            + "threads and how many of a preset's runs already have their results under --out (what --resume reads "
            + "back), and exits with 0."})
final class ReproduceCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(arity = "0..1", paramLabel = "PRESET", description = "experiment name, e.g. fig1 or queue-scaling")
  String name;

  @Option(names = "--list", description = "list the presets")
  boolean list;

  @Option(names = "--seeds", paramLabel = "N", description = "seeds per point, 1 to " + GridFile.MAX_SEEDS
      + "; at most " + GridFile.MAX_RUNS + " runs in all (default: the preset's)")
  Integer seeds;

  @Option(names = "--quick", description = "the preset's smaller variant (fewer seeds or smaller messages, as "
      + "--list shows); the full one where it has none")
  boolean quick;

  @Mixin
  ResumeOption resume;

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
    int threads = parallel.threads();
    if (name == null || list) {
      o.print(list(threads).render("lrrrrrl")); // the title column reads left to right
      if (name == null && !list) {
        o.println("run one with: lbsim reproduce PRESET [--quick] [--seeds N] [--set KEY=VALUE]");
      }
      o.flush();
      return 0;
    }
    Preset full = Presets.find(name);
    if (full == null) {
      List<String> names = Presets.all().stream().map(Preset::name).toList();
      throw new Errors.UserError("no preset '" + name + "' (allowed: " + String.join(", ", names) + ")");
    }
    Preset p = quick ? full.quickVariant() : full;
    int n = seeds == null ? p.seeds() : RunLimits.seeds("--seeds", seeds);
    int points = p.grid(1).size();
    RunLimits.runs((long) points * n, "preset " + p.name() + ": " + points + " points x " + n + " seed(s)");
    List<GridPoint> grid = p.grid(n);
    Path dir = ResultPaths.child(results.out, "reproduce-" + p.name(), "preset " + p.name() + ": folder");
    ExperimentRunner.Plan plan = ExperimentRunner.plan(BaseScenario.defaults("preset " + p.name()), p.base(), grid,
        settings.values, dir, new ExperimentRunner.Existing(replace.overwrite, resume.resume), Main.catalog(spec));
    List<RunRecord> runs = PlannedRuns.execute(spec, "reproduce " + p.name(), p.name(), resume, plan, threads,
        stored -> String.format("%s: %d runs%s on %s -> %s", p.name(), grid.size() - stored,
            stored == 0 ? "" : String.format(" (%d more read back from their folders)", stored),
            PlannedRuns.threads(threads), dir));
    Table t = p.analysis().analyze(runs);
    ResultFolder.writeFile(dir.resolve("table.csv"), t.csv());
    // the runs of this call: a report of the folder draws these, not those of another --quick, --seeds or --set
    RunList.write(dir, grid.stream().map(GridPoint::name).toList());
    o.println(p.title());
    if (!settings.values.isEmpty()) {
      o.println("(with --set " + String.join(" --set ", settings.values) + ": the runs differ from the preset's own "
          + "setup, which the line above and the study's line describe)");
    }
    o.println();
    o.print(t.render());
    o.println();
    o.println("study: " + p.paper());
    o.flush();
    return unfinished(runs, dir) ? Errors.UNFINISHED : Errors.DONE;
  }

  /**
   * Says on stderr how many runs left flows unfinished by their run.limit_ms, and which (their
   * table cells count only the flows that finished, or show '-'), and returns whether any did.
   */
  private boolean unfinished(List<RunRecord> runs, Path dir) {
    List<RunRecord> cut = runs.stream().filter(r -> r.result().unfinishedFlows() > 0).toList();
    if (cut.isEmpty()) {
      return false;
    }
    PrintWriter err = spec.commandLine().getErr();
    err.printf("warning: %d of %d runs left flows unfinished by run.limit_ms (their cells count only the finished "
        + "flows, or show '-'); their files are under %s, e.g.:%n", cut.size(), runs.size(), dir);
    cut.stream().limit(5).forEach(r -> err.printf("  %s: %d flows unfinished at %s ms%n", r.point().name(),
        r.result().unfinishedFlows(), r.result().settings().get("run.limit_ms")));
    err.println("  a longer limit lets them finish: the same command with --set run.limit_ms=<ms>");
    err.flush();
    return true;
  }

  /**
   * Every preset: its runs and expected wall time, full and quick, how many of the full preset's
   * runs already have their results under {@code --out}, and its title.
   */
  private Table list(int threads) {
    List<List<String>> rows = new ArrayList<>();
    for (Preset p : Presets.all()) {
      List<Double> full = RunTimeEstimate.runs(p, p.seeds(), Main.catalog(spec));
      Preset q = p.quickVariant();
      List<Double> small = q == p ? full : RunTimeEstimate.runs(q, q.seeds(), Main.catalog(spec));
      Path dir = results.out.resolve("reproduce-" + p.name());
      int done = ExperimentRunner.stored(BaseScenario.defaults("preset " + p.name()), p.base(), p.grid(p.seeds()),
          settings.values, dir, Main.catalog(spec));
      rows.add(List.of(p.name(), Integer.toString(full.size()), RunTimeEstimate.text(RunTimeEstimate.wall(full,
          threads)), q == p ? "=" : Integer.toString(small.size()), q == p ? "=" : RunTimeEstimate.text(
          RunTimeEstimate.wall(small, threads)), done == 0 ? "-" : Integer.toString(done), p.title()));
    }
    return new Table(List.of("preset", "runs", "~time", "--quick", "~time", "done", "what (the study's figure)"), rows);
  }
}
