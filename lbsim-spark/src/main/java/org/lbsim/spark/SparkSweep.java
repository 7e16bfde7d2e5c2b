package org.lbsim.spark;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.lbsim.experiment.GridFile;
import org.lbsim.experiment.ProgressLines;
import org.lbsim.experiment.ResultStore;
import org.lbsim.experiment.SweepSummary;
import org.lbsim.scenario.Catalog;
import org.lbsim.results.ResultPaths;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.spi.Plugins;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ./lbsim sweep GRID --spark MASTER} and {@code spark-submit --class org.lbsim.spark.SparkSweep
 * lbsim-spark.jar GRID}: the same grid file, results store and summary as the local sweep, with
 * one simulation per Spark task. See docs/spark.md.
 */
@Command(name = "lbsim sweep --spark", mixinStandardHelpOptions = true,
    description = {"Run a grid of scenarios x seeds on Apache Spark, one simulation per task, and summarize it.",
        "Finished runs are appended to <out>/<grid name>/runs.jsonl by the driver, each with its resolved scenario's "
            + "key; running the same command again skips them and redoes the runs whose scenario changed."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:done", "1:the Spark job failed (every run received so far is in the store; the same command "
        + "resumes)", "2:bad input: a grid, option or results folder that cannot be used (one 'error:' line each)"})
public final class SparkSweep implements Callable<Integer> {
  /** The fault-injection setting: comma-separated run names whose first task attempt throws. */
  static final String FAIL_FIRST_ATTEMPT = "spark.lbsim.test.failFirstAttempt";
  static final int BAD_INPUT = 2;
  static final int JOB_FAILED = 1;

  @Spec
  CommandSpec spec;

  @Parameters(paramLabel = "GRID", description = "grid file (base scenario, axes, seeds), as for ./lbsim sweep")
  Path grid;

  @Option(names = "--spark", paramLabel = "MASTER",
      description = "Spark master, e.g. local[*], local[4,3] (4 slots, 3 attempts per task), spark://host:7077; "
          + "default: the master spark-submit sets")
  String master;

  @Option(names = "--set", paramLabel = "KEY=VALUE", description = "override a setting in every run (repeatable)")
  List<String> overrides = new ArrayList<>();

  @Option(names = "--out", paramLabel = "DIR", description = "results folder on the driver (default: ${DEFAULT-VALUE})")
  Path out = Path.of("results");

  @Option(names = "--conf", paramLabel = "KEY=VALUE", description = "a Spark setting, as spark-submit --conf (repeatable)")
  List<String> conf = new ArrayList<>();

  @Option(names = "--plugins", paramLabel = "DIR", description = "load plug-in designs from every jar in DIR "
      + "(repeatable; also the folders and jars in $" + Plugins.ENV + "); the jars are shipped to the executors")
  List<Path> plugins = new ArrayList<>();

  @Option(names = "--threads", paramLabel = "N", hidden = true)
  Integer threads;

  @Option(names = "--progress", hidden = true, description = "accepted as for ./lbsim sweep; progress is always "
      + "one line per finished run")
  boolean progress;

  public static void main(String[] args) {
    System.exit(execute(args));
  }

  /** Runs the command and returns its exit code (0, 1 = the Spark job failed, 2 = bad input). */
  public static int execute(String... args) {
    return execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
  }

  /** As {@link #execute(String...)}, printing the table to {@code out} and progress to {@code err}. */
  static int execute(PrintWriter out, PrintWriter err, String... args) {
    CommandLine cl = new CommandLine(new SparkSweep()).setOut(out).setErr(err);
    cl.setExecutionExceptionHandler((e, c, parsed) -> {
      if (e instanceof ScenarioException se) {
        se.problems().forEach(p -> err.println("error: " + p));
        err.flush();
        return BAD_INPUT;
      }
      if (e instanceof UserError || e instanceof java.io.UncheckedIOException) { // the message names the file
        err.println("error: " + e.getMessage());
        err.flush();
        return BAD_INPUT;
      }
      throw e;
    });
    return cl.execute(args);
  }

  @Override
  public Integer call() throws IOException {
    if (threads != null) {
      throw new UserError("--threads: not used with Spark; the master sets how many runs go in parallel "
          + "(e.g. --spark local[4], or executors x cores on a cluster)");
    }
    GridFile g = GridFile.read(grid);
    SparkConf sc = SparkSettings.of(master, conf, "lbsim sweep " + g.name());
    Set<String> failFirst = new LinkedHashSet<>();
    for (String run : sc.get(FAIL_FIRST_ATTEMPT, "").split(",")) {
      if (!run.isBlank()) {
        failFirst.add(run.strip());
      }
    }
    Path dir = ResultPaths.child(out, g.name(), g.source() + ": name");
    PrintWriter err = spec.commandLine().getErr();
    // every run is validated and the store read before Spark is started; nothing to do, no job
    List<Path> jars = new ArrayList<>(Plugins.jarsOf(System.getenv(Plugins.ENV), Plugins.ENV));
    for (Path d : plugins) {
      jars.addAll(Plugins.jarsIn(d, "--plugins"));
    }
    jars = jars.stream().map(p -> p.toAbsolutePath().normalize()).distinct().toList();
    Catalog catalog = Plugins.load(jars, plugins.isEmpty() ? Plugins.ENV : "--plugins");
    List<String> shipped = ShippedPlugins.names(jars);
    SparkSweepJob.Plan plan = SparkSweepJob.plan(g, overrides, dir, failFirst, catalog, shipped);
    try (ResultStore store = plan.store()) { // its lock is held until the summary is written
      ProgressLines progress = new ProgressLines(err, g.name());
      store.warnings().forEach(progress::warning);
      if (plan.changed() > 0) {
        progress.changed(plan.changed());
      }
      progress.started(plan.todo().size(), plan.total() - plan.todo().size());
      if (!plan.todo().isEmpty()) {
        try (JavaSparkContext jsc = new JavaSparkContext(sc)) {
          for (Path jar : jars) {
            jsc.addFile(jar.toString()); // executors read it back with SparkFiles.get(its file name)
          }
          SparkSweepJob.run(jsc, plan, dir, progress);
        } catch (Exception e) { // Scala code throws SparkException (checked) without declaring it
          err.println("error: the Spark job failed: " + rootMessage(e));
          err.println("  every run received so far is in " + dir.resolve(ResultStore.FILE)
              + "; the same command resumes from there");
          err.flush();
          return JOB_FAILED;
        }
      }
      PrintWriter o = spec.commandLine().getOut();
      o.print(SweepSummary.write(g, store.records(), dir));
      o.flush();
    }
    return 0;
  }

  /** The first line of Spark's message, then the task's own exception if Spark kept it. */
  static String rootMessage(Throwable e) {
    String msg = String.valueOf(e.getMessage());
    int nl = msg.indexOf('\n');
    String first = nl < 0 ? msg : msg.substring(0, nl);
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    if (root instanceof RunTask.InjectedFault || root instanceof ScenarioException) {
      return root.getMessage();
    }
    return root == e ? first : first + " (cause: " + root + ")";
  }

  /** A problem with the command line that the user can fix. */
  static final class UserError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UserError(String message) {
      super(message);
    }
  }
}
