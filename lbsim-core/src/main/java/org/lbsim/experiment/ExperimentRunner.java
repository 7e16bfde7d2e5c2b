package org.lbsim.experiment;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.lbsim.metrics.RunResult;
import org.lbsim.scenario.Catalog;
import org.lbsim.results.ResultFolder;
import org.lbsim.results.ResultPaths;
import org.lbsim.results.ResultReader;
import org.lbsim.results.ResultWriter;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.scenario.ScenarioKey;
import org.lbsim.scenario.ScenarioReader;
import org.lbsim.scenario.ScenarioRunner;

/**
 * Runs a grid of scenarios on a pool of threads, one single-threaded simulation per task, and
 * returns the results in grid order whatever order they finished in.
 */
public final class ExperimentRunner {
  private ExperimentRunner() {}

  /**
   * @param base overrides of the defaults shared by every point
   * @param extra user overrides applied after each point's own values
   * @param out folder for per-run result files, or null to write none
   * @param progress told of each run that finishes
   */
  public static List<RunRecord> run(String name, List<String> base, List<GridPoint> grid, List<String> extra,
      int threads, Path out, Finished progress) {
    return run(BaseScenario.defaults("preset " + name), base, grid, extra, threads, out, progress);
  }

  /** As above, on top of a scenario file's settings instead of the bare defaults. */
  public static List<RunRecord> run(BaseScenario source, List<String> base, List<GridPoint> grid, List<String> extra,
      int threads, Path out, Finished progress) {
    return run(source, base, grid, extra, threads, out, false, progress);
  }

  /**
   * As above. Each run's files go to {@code out/<point name>/}, replaced as a whole; a folder
   * that holds the results of a different scenario is replaced only when {@code overwrite}, and
   * every scenario and folder is checked before anything runs.
   */
  public static List<RunRecord> run(BaseScenario source, List<String> base, List<GridPoint> grid, List<String> extra,
      int threads, Path out, boolean overwrite, Finished progress) {
    return run(source, base, grid, extra, threads, out, overwrite, progress, Catalog.builtIn());
  }

  /** As above, choosing designs from {@code catalog}. */
  public static List<RunRecord> run(BaseScenario source, List<String> base, List<GridPoint> grid, List<String> extra,
      int threads, Path out, boolean overwrite, Finished progress, Catalog catalog) {
    return plan(source, base, grid, extra, out, new Existing(overwrite, false), catalog).execute(threads, progress);
  }

  /** Told of each run that finishes, on the thread that ran it. */
  @FunctionalInterface
  public interface Finished {
    /** Run {@code run} (its grid point's name) finished, the {@code finished}-th of this call to do so. */
    void finished(String run, int finished);
  }

  /**
   * What to do with a run folder that already holds results: one of a different scenario is
   * replaced only when {@code overwrite}; one of the same scenario is read back instead of run
   * again when {@code resume}, and otherwise run again and replaced.
   */
  public record Existing(boolean overwrite, boolean resume) {}

  /**
   * Resolves every point's scenario and checks every folder before anything runs (all problems
   * together, as one {@link ScenarioException}); with {@code existing.resume()}, reads back the
   * runs whose folder already holds their scenario's results (a folder that cannot be read back
   * is a line of {@link Plan#warnings()}, and its run runs).
   *
   * @param out folder for per-run result files ({@code out/<point name>/}), or null to write none
   */
  public static Plan plan(BaseScenario source, List<String> base, List<GridPoint> grid, List<String> extra, Path out,
      Existing existing, Catalog catalog) {
    GridRules.check(source.source(), axes(grid), (int) grid.stream().mapToLong(GridPoint::seed).distinct().count(),
        extra);
    List<Run> runs = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    Set<Path> seen = new HashSet<>();
    for (GridPoint p : grid) {
      try {
        Scenario s = scenario(source, base, p, extra, catalog);
        String key = null;
        Path dir = null;
        boolean held = false; // its folder holds this scenario's results
        if (out != null) {
          key = ScenarioKey.of(s);
          String what = source.source() + ": run " + p.name();
          dir = ResultPaths.child(out, p.name(), what);
          if (!seen.add(dir)) {
            problems.add(what + ": two runs would write " + dir + " (got '" + p.name()
                + "'; allowed: values that differ in letters, digits, '.', '_' or '-')");
          }
          ResultFolder.Holds holds = ResultFolder.holds(dir, key);
          String refused = ResultFolder.refusal(dir, holds, existing.overwrite(), what);
          if (refused != null) {
            problems.add(refused);
          }
          held = holds == ResultFolder.Holds.SAME;
        }
        runs.add(new Run(p, s, dir, key, held));
      } catch (ScenarioException e) {
        problems.addAll(e.problems());
      }
    }
    if (!problems.isEmpty()) {
      throw new ScenarioException(problems.stream().distinct().toList());
    }
    List<RunResult> read = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    for (Run run : runs) {
      RunResult r = null;
      if (run.held() && existing.resume()) {
        try {
          r = ResultReader.read(run.dir(), run.scenario());
        } catch (ResultReader.UnreadableResults e) {
          warnings.add("warning: " + e.getMessage() + "; run " + run.point().name() + " will be done again");
        }
      }
      read.add(r);
    }
    return new Plan(List.copyOf(runs), read, List.copyOf(warnings));
  }

  /**
   * How many of the grid's runs already have their scenario's results in {@code out/<point name>/}
   * (what {@code resume} would read back); a point whose scenario cannot be resolved counts as
   * not there. Nothing is checked or written.
   */
  public static int stored(BaseScenario source, List<String> base, List<GridPoint> grid, List<String> extra, Path out,
      Catalog catalog) {
    if (!Files.isDirectory(out)) {
      return 0;
    }
    int n = 0;
    for (GridPoint p : grid) {
      Path dir = out.resolve(p.name());
      if (!Files.isDirectory(dir)) {
        continue;
      }
      try {
        n += ResultFolder.holds(dir, ScenarioKey.of(scenario(source, base, p, extra, catalog)))
            == ResultFolder.Holds.SAME ? 1 : 0;
      } catch (ScenarioException e) {
        // not resolvable: not there either
      }
    }
    return n;
  }

  /** The axes {@code grid} sweeps: each key of its points with its values in the order they first appear. */
  static List<Axis> axes(List<GridPoint> grid) {
    Map<String, Set<String>> values = new LinkedHashMap<>();
    for (GridPoint p : grid) {
      p.values().forEach((k, v) -> values.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v));
    }
    List<Axis> out = new ArrayList<>();
    values.forEach((k, v) -> out.add(new Axis(k, List.copyOf(v))));
    return out;
  }

  /**
   * The scenario of grid point {@code p}: {@code source}'s settings, then {@code base}, the
   * point's own values and {@code extra}, in that order (a later one wins), named after the point.
   */
  public static Scenario scenario(BaseScenario source, List<String> base, GridPoint p, List<String> extra,
      Catalog catalog) {
    List<String> all = new ArrayList<>(base);
    all.addAll(p.overrides());
    all.addAll(extra);
    return ScenarioReader.fromText(source.yaml(), source.source(), source.baseDir(), p.name(), all, "--set", catalog);
  }

  /** One point of a plan: its scenario, its folder and key (null without an output folder). */
  private record Run(GridPoint point, Scenario scenario, Path dir, String key, boolean held) {}

  /** A checked grid, ready to run. */
  public static final class Plan {
    private final List<Run> runs;
    private final List<RunResult> stored;
    private final List<String> warnings;

    /** @param stored per run, its result read back from its folder, or null to run it */
    private Plan(List<Run> runs, List<RunResult> stored, List<String> warnings) {
      this.runs = runs;
      this.stored = stored;
      this.warnings = warnings;
    }

    /** Runs in the grid. */
    public int size() {
      return runs.size();
    }

    /** Runs read back from their folders: they will not run. */
    public int stored() {
      return (int) stored.stream().filter(r -> r != null).count();
    }

    /** Runs whose folder already holds their scenario's results, read back or not. */
    public int held() {
      return (int) runs.stream().filter(Run::held).count();
    }

    /** Runs whose folder holds their scenario's results but whose files could not be read back, one line each: they will run again. */
    public List<String> warnings() {
      return warnings;
    }

    /**
     * Runs every point not read back on {@code threads} threads, each run's files written to its
     * folder, replaced as a whole; {@code progress} is told of each run that finishes. With an
     * output folder, every result returned is the one read back from its files, so a table made
     * from them is the same whether the runs were just done or were done by an earlier,
     * interrupted call.
     */
    public List<RunRecord> execute(int threads, Finished progress) {
      ExecutorService pool = RunPool.open(threads);
      AtomicInteger done = new AtomicInteger();
      try {
        List<Future<RunResult>> futures = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
          Run run = runs.get(i);
          RunResult before = stored.get(i);
          futures.add(before != null ? CompletableFuture.completedFuture(before) : pool.submit(() -> {
            RunResult r = ScenarioRunner.run(run.scenario());
            if (run.dir() != null) {
              ResultWriter.write(r, run.dir(), run.key());
              r = readBack(run);
            }
            progress.finished(run.point().name(), done.incrementAndGet());
            return r;
          }));
        }
        List<RunRecord> records = new ArrayList<>();
        for (int i = 0; i < futures.size(); i++) {
          records.add(new RunRecord(runs.get(i).point(), RunPool.await(futures.get(i))));
        }
        return records;
      } finally {
        pool.shutdownNow();
      }
    }

    private static RunResult readBack(Run run) {
      try {
        return ResultReader.read(run.dir(), run.scenario());
      } catch (ResultReader.UnreadableResults e) {
        throw new IllegalStateException("internal error: the files just written cannot be read back: " + e.getMessage(),
            e);
      }
    }
  }
}
