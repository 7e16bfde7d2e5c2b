package org.lbsim.experiment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.lbsim.design.Catalog;
import org.lbsim.metrics.RunResult;
import org.lbsim.scenario.ResultFolder;
import org.lbsim.scenario.ResultPaths;
import org.lbsim.scenario.ResultWriter;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.scenario.SeedRules;
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
   * @param progress called with the number of finished runs
   */
  public static List<RunRecord> run(String name, List<String> base, List<GridPoint> grid, List<String> extra,
      int threads, Path out, IntConsumer progress) {
    return run(BaseScenario.defaults("preset " + name), base, grid, extra, threads, out, progress);
  }

  /** As above, on top of a scenario file's settings instead of the bare defaults. */
  public static List<RunRecord> run(BaseScenario source, List<String> base, List<GridPoint> grid, List<String> extra,
      int threads, Path out, IntConsumer progress) {
    return run(source, base, grid, extra, threads, out, false, progress);
  }

  /**
   * As above. Each run's files go to {@code out/<point name>/}, replaced as a whole; a folder
   * that holds the results of a different scenario is replaced only when {@code overwrite}, and
   * every scenario and folder is checked before anything runs.
   */
  public static List<RunRecord> run(BaseScenario source, List<String> base, List<GridPoint> grid, List<String> extra,
      int threads, Path out, boolean overwrite, IntConsumer progress) {
    return run(source, base, grid, extra, threads, out, overwrite, progress, Catalog.builtIn());
  }

  /** As above, choosing designs from {@code catalog}. */
  public static List<RunRecord> run(BaseScenario source, List<String> base, List<GridPoint> grid, List<String> extra,
      int threads, Path out, boolean overwrite, IntConsumer progress, Catalog catalog) {
    List<String> axes = grid.isEmpty() ? List.of() : List.copyOf(grid.get(0).values().keySet());
    SeedRules.check(source.source(), axes, (int) grid.stream().mapToLong(GridPoint::seed).distinct().count(), extra);
    List<Scenario> scenarios = new ArrayList<>();
    List<Path> dirs = new ArrayList<>();
    List<String> keys = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    Set<Path> seen = new HashSet<>();
    for (GridPoint p : grid) {
      List<String> all = new ArrayList<>(base);
      all.addAll(p.overrides());
      all.addAll(extra);
      try {
        Scenario s = ScenarioReader.fromText(source.yaml(), source.source(), source.baseDir(), p.name(), all, "--set",
            catalog);
        String key = null;
        Path dir = null;
        if (out != null) {
          key = ScenarioKey.of(s);
          String what = source.source() + ": run " + p.name();
          dir = ResultPaths.child(out, p.name(), what);
          if (!seen.add(dir)) {
            problems.add(what + ": two runs would write " + dir + " (got '" + p.name()
                + "'; allowed: values that differ in letters, digits, '.', '_' or '-')");
          }
          String refused = ResultFolder.refusal(dir, key, overwrite, what);
          if (refused != null) {
            problems.add(refused);
          }
        }
        scenarios.add(s);
        dirs.add(dir);
        keys.add(key);
      } catch (ScenarioException e) {
        problems.addAll(e.problems());
      }
    }
    if (!problems.isEmpty()) {
      throw new ScenarioException(problems.stream().distinct().toList());
    }
    ExecutorService pool = RunPool.open(threads);
    AtomicInteger done = new AtomicInteger();
    try {
      List<Future<RunResult>> futures = new ArrayList<>();
      for (int i = 0; i < scenarios.size(); i++) {
        Scenario s = scenarios.get(i);
        Path dir = dirs.get(i);
        String key = keys.get(i);
        futures.add(pool.submit(() -> {
          RunResult r = ScenarioRunner.run(s);
          if (dir != null) {
            ResultWriter.write(r, dir, key);
          }
          progress.accept(done.incrementAndGet());
          return r;
        }));
      }
      List<RunRecord> records = new ArrayList<>();
      for (int i = 0; i < futures.size(); i++) {
        records.add(new RunRecord(grid.get(i), RunPool.await(futures.get(i))));
      }
      return records;
    } finally {
      pool.shutdownNow();
    }
  }
}
