package org.lbsim.experiment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.lbsim.metrics.RunResult;
import org.lbsim.scenario.ResultWriter;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioException;
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
    List<Scenario> scenarios = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (GridPoint p : grid) {
      List<String> all = new ArrayList<>(base);
      all.addAll(p.overrides());
      all.addAll(extra);
      try {
        scenarios.add(ScenarioReader.fromText(source.yaml(), source.source(), source.baseDir(), p.name(), all));
      } catch (ScenarioException e) {
        problems.addAll(e.problems());
      }
    }
    if (!problems.isEmpty()) {
      throw new ScenarioException(problems.stream().distinct().toList());
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads), r -> {
      Thread t = new Thread(r, "lbsim-run");
      t.setDaemon(true);
      return t;
    });
    AtomicInteger done = new AtomicInteger();
    try {
      List<Future<RunResult>> futures = new ArrayList<>();
      for (int i = 0; i < scenarios.size(); i++) {
        Scenario s = scenarios.get(i);
        Path dir = out == null ? null : out.resolve(grid.get(i).name());
        futures.add(pool.submit(() -> {
          RunResult r = ScenarioRunner.run(s);
          if (dir != null) {
            ResultWriter.write(r, dir);
          }
          progress.accept(done.incrementAndGet());
          return r;
        }));
      }
      List<RunRecord> records = new ArrayList<>();
      for (int i = 0; i < futures.size(); i++) {
        records.add(new RunRecord(grid.get(i), futures.get(i).get()));
      }
      return records;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof RuntimeException re) {
        throw re;
      }
      throw new IllegalStateException(c);
    } finally {
      pool.shutdownNow();
    }
  }
}
