package org.lbsim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.lbsim.experiment.GridFile;
import org.lbsim.experiment.ResultStore;
import org.lbsim.experiment.Sweep;
import org.lbsim.experiment.SweepSummary;
import org.lbsim.results.ResultPaths;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lbsim sweep grid.yaml}: a resumable, parallel grid of runs and its summary table. */
@Command(name = "sweep", mixinStandardHelpOptions = true, footerHeading = "%nExamples:%n", footer = {
    "  lbsim sweep scenarios/grids/lb-vs-size.yaml               # 3 designs x 2 sizes x 5 seeds on 16 hosts",
    "  lbsim sweep scenarios/grids/lb-vs-size.yaml --set lr=sack # the same grid with SACK loss recovery"},
    description = {"Run a grid of scenarios x seeds in parallel and summarize it.",
        "Finished runs are appended to <out>/<grid name>/runs.jsonl, each with its resolved scenario's key; running "
            + "the same command again skips them, and redoes the runs whose scenario changed (docs/sweeps.md).",
        "One sweep at a time may use a results folder: a second one is refused while the first holds its lock."})
final class SweepCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(paramLabel = "GRID", description = "grid file (base scenario, axes, seeds)")
  Path grid;

  @Mixin
  ThreadsOption parallel;

  @Mixin
  SettingOverrides settings;

  @Mixin
  ResultsOptions results;

  @Mixin
  JsonOption json;

  @Option(names = "--progress", description = "force the progress bar even when not on a terminal")
  boolean forceBar;

  @Option(names = "--spark", paramLabel = "MASTER",
      description = "run on Apache Spark, e.g. local[*] (the ./lbsim launcher hands this to lbsim-spark; docs/spark.md)")
  String spark;

  @Override
  public Integer call() throws IOException {
    if (spark != null) {
      throw new Errors.UserError("--spark: lbsim.jar has no Spark in it; run it through the launcher (./lbsim sweep "
          + grid + " --spark " + spark + ") or spark-submit lbsim-spark.jar (docs/spark.md)");
    }
    int threads = parallel.threads();
    GridFile g = GridFile.read(grid);
    Path dir = ResultPaths.child(results.out, g.name(), g.source() + ": name");
    PrintWriter err = spec.commandLine().getErr();
    RunProgress progress = new RunProgress(err, forceBar, g.name());
    ResultStore store;
    try {
      store = Sweep.run(g, settings.values, threads, dir, progress, Main.catalog(spec));
    } finally {
      progress.close();
    }
    try (store) { // the store's lock is held until the summary is written
      PrintWriter o = spec.commandLine().getOut();
      String table = SweepSummary.write(g, store.records(), dir);
      if (json.json) {
        JsonOut.print(o, SweepJson.of(g, SweepSummary.rows(g.grid(), store.records()), dir));
      } else {
        o.print(table);
      }
      o.flush();
    }
    return 0;
  }
}
