package org.lbsim.experiment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.lbsim.metrics.RunResult;
import org.lbsim.scenario.Catalog;
import org.lbsim.results.ResultFolder;
import org.lbsim.results.ResultPaths;
import org.lbsim.results.ResultWriter;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.scenario.ScenarioKey;
import org.lbsim.scenario.ScenarioReader;
import org.lbsim.scenario.ScenarioRunner;
import org.lbsim.scenario.StrictYaml;
import org.lbsim.transport.FlowOutcome;

/**
 * Runs a grid file: every point × seed whose scenario is not yet in the results store, in
 * parallel, each run single-threaded. A run is known by its resolved scenario's key
 * ({@link ScenarioKey}), not only by its name: a point whose base scenario, {@code --set} or
 * referenced file changed since it was stored is a new run and is done again, and its new line
 * supersedes the old one. A run's files are written first, then its line is appended to the
 * store, so the store only ever names runs whose files are complete; re-running skips them.
 */
public final class Sweep {
  /** The folder of the store that holds each run's files, as {@code runs/<run>/}. */
  public static final String RUNS = "runs";

  /** Told about progress; called from worker threads. */
  public interface Listener {
    void started(int toRun, int alreadyDone);

    void finished(String run, int finished, int toRun);

    /** Called before {@link #started} when {@code runs} stored runs ran a scenario other than today's. */
    default void changed(int runs) {}

    /** A problem found in the store that does not stop the sweep (one line, {@code warning: ...}). */
    default void warning(String line) {}
  }

  /** The line telling that stored runs are redone, as the sweep commands print it. */
  public static String changedMessage(int runs) {
    return runs + (runs == 1 ? " run" : " runs") + " changed since the store was written (base scenario, --set or "
        + "a referenced file differs): redoing " + (runs == 1 ? "it" : "them");
  }

  /** One run of the grid: its point, scenario and scenario key. */
  public record Run(GridPoint point, Scenario scenario, String key) {
    public String name() {
      return point.name();
    }
  }

  /**
   * The runs of a sweep against its store.
   *
   * @param todo runs not in the store as runs of their scenario, in grid order
   * @param changed how many of {@code todo} are in the store as runs of another scenario
   */
  public record Plan(List<Run> all, List<Run> todo, int changed) {
    public int alreadyDone() {
      return all.size() - todo.size();
    }
  }

  private Sweep() {}

  /** Every scenario of the grid, validated before anything runs. */
  public static Map<GridPoint, Scenario> scenarios(GridFile g, List<String> extra) {
    return scenarios(g, extra, Catalog.builtIn());
  }

  /** As {@link #scenarios(GridFile, List)}, choosing designs from {@code catalog}. */
  public static Map<GridPoint, Scenario> scenarios(GridFile g, List<String> extra, Catalog catalog) {
    GridRules.check(g.source(), g.axes(), g.seeds(), extra);
    Map<GridPoint, Scenario> out = new LinkedHashMap<>();
    List<String> problems = new ArrayList<>();
    Map<String, GridPoint> byName = new LinkedHashMap<>();
    for (GridPoint p : g.grid()) {
      try {
        ResultPaths.child(Path.of(RUNS), p.name(), g.source() + ": axes: run name");
        GridPoint same = byName.putIfAbsent(p.name(), p);
        if (same != null) {
          problems.add(g.source() + ": axes: points " + shown(same) + " and " + shown(p) + " both name the run '"
              + p.name() + "' (allowed: values that differ in letters, digits, '.', '_' or '-')");
        }
        out.put(p, scenario(g.baseYaml(), g.baseSource(), g.baseDir(), g.source(), p, extra, catalog));
      } catch (ScenarioException e) {
        problems.addAll(e.problems());
      }
    }
    if (!problems.isEmpty()) {
      throw new ScenarioException(problems.stream().distinct().toList());
    }
    return out;
  }

  /** A point's values as an error line quotes them: each key and value on one line, at most 80 characters. */
  private static String shown(GridPoint p) {
    StringBuilder sb = new StringBuilder("{");
    p.values().forEach((k, v) -> sb.append(sb.length() > 1 ? ", " : "").append(StrictYaml.show(k)).append('=')
        .append(StrictYaml.show(v)));
    return sb.append('}').toString();
  }

  /**
   * One point's scenario: the base, then the point's values (named {@code "<grid> axis"} in
   * error lines), then {@code extra} (named {@code --set}).
   */
  public static Scenario scenario(String baseYaml, String baseSource, Path baseDir, String grid, GridPoint p,
      List<String> extra) {
    return scenario(baseYaml, baseSource, baseDir, grid, p, extra, Catalog.builtIn());
  }

  /** As above, choosing designs from {@code catalog}. */
  public static Scenario scenario(String baseYaml, String baseSource, Path baseDir, String grid, GridPoint p,
      List<String> extra, Catalog catalog) {
    List<String> all = new ArrayList<>(p.overrides());
    all.addAll(extra);
    String axis = grid + " axis";
    try {
      return ScenarioReader.fromText(baseYaml, baseSource, baseDir, p.name(), all, axis, catalog);
    } catch (ScenarioException e) {
      List<String> relabelled = new ArrayList<>();
      for (String problem : e.problems()) {
        for (String x : extra) { // --set comes last, so a problem with its key is about its value
          int eq = x.indexOf('=');
          String key = (eq < 0 ? x : x.substring(0, eq)).trim();
          if (problem.startsWith(axis + " " + key + ":")) {
            problem = "--set " + problem.substring(axis.length() + 1);
            break;
          }
        }
        relabelled.add(problem);
      }
      throw new ScenarioException(relabelled);
    }
  }

  /** Every run of the grid with its scenario key, validated before anything runs. */
  public static List<Run> runs(GridFile g, List<String> extra) {
    return runs(g, extra, Catalog.builtIn());
  }

  /** As {@link #runs(GridFile, List)}, choosing designs from {@code catalog}. */
  public static List<Run> runs(GridFile g, List<String> extra, Catalog catalog) {
    List<Run> out = new ArrayList<>();
    for (Map.Entry<GridPoint, Scenario> e : scenarios(g, extra, catalog).entrySet()) {
      out.add(new Run(e.getKey(), e.getValue(), ScenarioKey.of(e.getValue())));
    }
    return out;
  }

  /**
   * Refuses a sweep whose run folders cannot be written: a {@code runs/<run>/} that holds
   * anything but result files. Checked before the store is opened, so nothing is written.
   */
  public static void checkFolders(List<Run> runs, Path storeDir) {
    List<String> problems = new ArrayList<>();
    for (Run r : runs) {
      Path dir = runFolder(storeDir, r.name());
      if (ResultFolder.holds(dir, r.key()) == ResultFolder.Holds.FOREIGN) {
        problems.add(ResultFolder.refusal(dir, r.key(), true, "run " + r.name()));
      }
    }
    if (!problems.isEmpty()) {
      throw new ScenarioException(problems);
    }
  }

  /** What is left to do of {@code runs} given what {@code store} holds. */
  public static Plan plan(List<Run> runs, ResultStore store) {
    List<Run> todo = new ArrayList<>();
    int changed = 0;
    for (Run r : runs) {
      if (!store.contains(r.name(), r.key())) {
        todo.add(r);
        if (store.contains(r.name())) {
          changed++;
        }
      }
    }
    return new Plan(List.copyOf(runs), List.copyOf(todo), changed);
  }

  /**
   * Runs what the store in {@code outDir} does not hold yet and returns the store, open (its lock
   * held) until the caller closes it.
   */
  public static ResultStore run(GridFile g, List<String> extra, int threads, Path outDir, Listener listener) {
    return run(g, extra, threads, outDir, listener, Catalog.builtIn());
  }

  /** As above, choosing designs from {@code catalog}. */
  public static ResultStore run(GridFile g, List<String> extra, int threads, Path outDir, Listener listener,
      Catalog catalog) {
    List<Run> runs = runs(g, extra, catalog);
    checkFolders(runs, outDir);
    ResultStore store = ResultStore.open(outDir);
    try {
      store.warnings().forEach(listener::warning);
      Plan plan = plan(runs, store);
      if (plan.changed() > 0) {
        listener.changed(plan.changed());
      }
      listener.started(plan.todo().size(), plan.alreadyDone());
      execute(plan.todo(), threads, outDir, store, listener);
      return store;
    } catch (RuntimeException e) {
      store.close();
      throw e;
    }
  }

  private static void execute(List<Run> todo, int threads, Path outDir, ResultStore store, Listener listener) {
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads), r -> {
      Thread t = new Thread(r, "lbsim-sweep");
      t.setDaemon(true);
      return t;
    });
    AtomicInteger finished = new AtomicInteger();
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (Run run : todo) {
        futures.add(pool.submit(() -> {
          RunResult r = ScenarioRunner.run(run.scenario());
          ResultWriter.write(r, runFolder(outDir, run.name()), run.key());
          store.append(record(run.point(), run.key(), r));
          listener.finished(run.name(), finished.incrementAndGet(), todo.size());
          return null;
        }));
      }
      for (Future<?> f : futures) {
        f.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException re) {
        throw re;
      }
      throw new IllegalStateException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  /** Where a run's files go in the store's folder: {@code runs/<run>/}. */
  public static Path runFolder(Path storeDir, String run) {
    return ResultPaths.child(storeDir.resolve(RUNS), run, "run");
  }

  /** The store's line for one run: its point, seed, scenario key and headline metrics. */
  public static Map<String, Object> record(GridPoint p, String key, RunResult r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("run", p.name());
    m.put("point", p.values());
    m.put("seed", p.seed());
    m.put("key", key);
    m.put("cct_ps", r.cctPs());
    m.put("lower_bound_ps", r.boundPs());
    m.put("cct_over_bound_pct", Double.isNaN(r.overBoundPct()) ? null : r.overBoundPct());
    m.put("max_queue_bytes", r.maxSwitchQueueBytes());
    m.put("drops", r.drops());
    long repairs = 0;
    for (FlowOutcome f : r.flows()) {
      repairs += f.packetsLost();
    }
    m.put("retransmissions", repairs);
    m.put("flows_unfinished", r.unfinishedFlows());
    m.put("events", r.events());
    return m;
  }
}
