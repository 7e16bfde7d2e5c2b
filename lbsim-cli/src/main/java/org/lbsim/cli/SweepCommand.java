package org.lbsim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.lbsim.experiment.GridFile;
import org.lbsim.experiment.ResultStore;
import org.lbsim.experiment.Sweep;
import org.lbsim.experiment.SweepSummary;
import org.lbsim.experiment.Table;
import org.lbsim.scenario.ResultFolder;
import org.lbsim.scenario.ResultPaths;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lbsim sweep grid.yaml}: a resumable, parallel grid of runs and its summary table. */
@Command(name = "sweep", mixinStandardHelpOptions = true,
    description = {"Run a grid of scenarios x seeds in parallel and summarize it.",
        "Finished runs are appended to <out>/<grid name>/runs.jsonl, each with its resolved scenario's key; running "
            + "the same command again skips them, and redoes the runs whose scenario changed (docs/sweeps.md).",
        "One sweep at a time may use a results folder: a second one is refused while the first holds its lock."})
final class SweepCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(paramLabel = "GRID", description = "grid file (base scenario, axes, seeds)")
  Path grid;

  @Option(names = "--threads", paramLabel = "N", description = "parallel runs (default: number of cores)")
  int threads = Runtime.getRuntime().availableProcessors();

  @Option(names = "--set", paramLabel = "KEY=VALUE", description = "override a setting in every run (repeatable)")
  List<String> overrides = new ArrayList<>();

  @Option(names = "--out", paramLabel = "DIR", description = "results folder (default: ${DEFAULT-VALUE})")
  Path out = Path.of("results");

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
    if (threads < 1) {
      throw new Errors.UserError("--threads: must be >= 1, got " + threads);
    }
    GridFile g = GridFile.read(grid);
    Path dir = ResultPaths.child(out, g.name(), g.source() + ": name");
    PrintWriter err = spec.commandLine().getErr();
    boolean bar = forceBar || System.console() != null;
    Progress progress = new Progress(err, bar, g.name());
    ResultStore store;
    try {
      store = Sweep.run(g, overrides, threads, dir, progress);
    } finally {
      progress.close();
    }
    try (store) { // the store's lock is held until the summary is written
      Table t = SweepSummary.table(g.axes(), g.grid(), store.records());
      ResultFolder.writeFile(dir.resolve("summary.csv"), t.csv());
      PrintWriter o = spec.commandLine().getOut();
      o.print(t.render(g.axes().size()));
      o.flush();
    }
    return 0;
  }

  /** A progress bar with ETA on a terminal; otherwise one plain line per finished run. */
  private static final class Progress implements Sweep.Listener, AutoCloseable {
    private final PrintWriter err;
    private final boolean bar;
    private final String name;
    private ProgressBar pb;
    private long t0;

    Progress(PrintWriter err, boolean bar, String name) {
      this.err = err;
      this.bar = bar;
      this.name = name;
    }

    @Override
    public synchronized void warning(String line) {
      err.println(line);
      err.flush();
    }

    @Override
    public synchronized void changed(int runs) {
      err.printf("%s: %s%n", name, Sweep.changedMessage(runs));
      err.flush();
    }

    @Override
    public synchronized void started(int toRun, int alreadyDone) {
      t0 = System.nanoTime();
      err.printf("%s: %d runs to do, %d already in the store%n", name, toRun, alreadyDone);
      err.flush();
      if (bar && toRun > 0) {
        pb = new ProgressBarBuilder().setTaskName(name).setInitialMax(toRun).setStyle(ProgressBarStyle.ASCII)
            .setUpdateIntervalMillis(500).build();
      }
    }

    @Override
    public synchronized void finished(String run, int finished, int toRun) {
      if (pb != null) {
        pb.stepTo(finished);
      } else {
        double s = (System.nanoTime() - t0) / 1e9;
        double eta = finished == 0 ? 0 : s / finished * (toRun - finished);
        err.printf("  %d/%d done (%.0f s, ETA %.0f s): %s%n", finished, toRun, s, eta, run);
        err.flush();
      }
    }

    @Override
    public synchronized void close() {
      if (pb != null) {
        pb.close();
      }
    }
  }
}
