package org.lbsim.spark;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.stream.Stream;
import org.lbsim.experiment.GridFile;
import org.lbsim.experiment.GridPoint;
import org.lbsim.experiment.Sweep;
import org.lbsim.metrics.RunResult;
import org.lbsim.results.ResultWriter;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioRunner;

/**
 * One run of a grid, as shipped to an executor: everything needed to rebuild its scenario there
 * (the grid's classes hold {@link Path}s, which are not serializable, so the task carries text).
 * The scenario is rebuilt by {@link Sweep#scenario}, as {@link Sweep#scenarios} builds it, so a run on
 * an executor is the same run as in a local sweep.
 *
 * @param values the grid point's axis values, in axis order
 * @param key the run's scenario key, computed on the driver (which reads the referenced files)
 * @param baseDir folder relative paths of the base scenario resolve against; executors must see
 *     files referenced from the scenario (e.g. {@code workload.file}) at this same path
 * @param failFirstAttempt fault injection for tests and drills: the first attempt of this run
 *     throws {@link InjectedFault} ({@code spark.lbsim.test.failFirstAttempt}, docs/spark.md)
 * @param plugins the file names of the plug-in jars the driver shipped with {@code addFile}, in
 *     load order; the executor loads them into the run's catalog ({@link ShippedPlugins})
 */
record RunTask(String run, LinkedHashMap<String, String> values, long seed, String key, String baseYaml,
    String baseSource, String source, String baseDir, List<String> extra, boolean failFirstAttempt,
    List<String> plugins) implements Serializable {

  RunTask {
    extra = List.copyOf(extra);
    plugins = List.copyOf(plugins);
  }

  static RunTask of(GridFile g, GridPoint p, String key, List<String> extra, boolean failFirstAttempt,
      List<String> plugins) {
    return new RunTask(p.name(), new LinkedHashMap<>(p.values()), p.seed(), key, g.baseYaml(), g.baseSource(), g.source(),
        g.baseDir().toString(), extra, failFirstAttempt, plugins);
  }

  /** Runs the simulation and returns its store line and result files; writes nothing that stays. */
  RunOutput execute(int attemptNumber) {
    if (failFirstAttempt && attemptNumber == 0) {
      throw new InjectedFault("injected fault (spark.lbsim.test.failFirstAttempt): first attempt of run " + run);
    }
    GridPoint p = new GridPoint(values, seed);
    Scenario s = Sweep.scenario(baseYaml, baseSource, Path.of(baseDir), source, p, extra, ShippedPlugins.catalog(plugins));
    RunResult r = ScenarioRunner.run(s);
    return new RunOutput(run, new LinkedHashMap<>(Sweep.record(p, key, r)), files(r));
  }

  /** The run's files as ResultWriter writes them, read back from a scratch folder on the executor. */
  private LinkedHashMap<String, byte[]> files(RunResult r) {
    Path tmp = null;
    try {
      tmp = Files.createTempDirectory("lbsim-run-");
      ResultWriter.write(r, tmp);
      LinkedHashMap<String, byte[]> out = new LinkedHashMap<>();
      try (Stream<Path> ls = Files.list(tmp)) {
        for (Path f : ls.sorted().toList()) {
          out.put(f.getFileName().toString(), Files.readAllBytes(f));
        }
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException("run " + run + ": cannot stage result files: " + e.getMessage(), e);
    } finally {
      if (tmp != null) {
        deleteQuietly(tmp);
      }
    }
  }

  private static void deleteQuietly(Path dir) {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path f : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(f);
      }
    } catch (IOException e) {
      // scratch space only; the executor's temp folder is cleaned with the executor
    }
  }

  /** Thrown by the first attempt of a run named in {@code spark.lbsim.test.failFirstAttempt}. */
  static final class InjectedFault extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InjectedFault(String message) {
      super(message);
    }
  }
}
