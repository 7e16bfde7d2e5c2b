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
import org.lbsim.scenario.ResultWriter;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.scenario.ScenarioReader;
import org.lbsim.scenario.ScenarioRunner;
import org.lbsim.transport.FlowOutcome;

/**
 * Runs a grid file: every point × seed not yet in the results store, in parallel, each run
 * single-threaded. A run's files are written first, then its line is appended to the store, so
 * the store only ever names runs whose files are complete; re-running skips them.
 */
public final class Sweep {
  /** Told about progress; called from worker threads. */
  public interface Listener {
    void started(int toRun, int alreadyDone);

    void finished(String run, int finished, int toRun);
  }

  private Sweep() {}

  /** Every scenario of the grid, validated before anything runs. */
  public static Map<GridPoint, Scenario> scenarios(GridFile g, List<String> extra) {
    Map<GridPoint, Scenario> out = new LinkedHashMap<>();
    List<String> problems = new ArrayList<>();
    for (GridPoint p : g.grid()) {
      List<String> all = new ArrayList<>(p.overrides());
      all.addAll(extra);
      try {
        out.put(p, ScenarioReader.fromText(g.baseYaml(), g.source(), g.baseDir(), p.name(), all, g.source() + " axis"));
      } catch (ScenarioException e) {
        problems.addAll(e.problems());
      }
    }
    if (!problems.isEmpty()) {
      throw new ScenarioException(problems.stream().distinct().toList());
    }
    return out;
  }

  public static ResultStore run(GridFile g, List<String> extra, int threads, Path outDir, Listener listener) {
    Map<GridPoint, Scenario> scenarios = scenarios(g, extra);
    ResultStore store = ResultStore.open(outDir);
    List<GridPoint> todo = new ArrayList<>();
    for (GridPoint p : scenarios.keySet()) {
      if (!store.contains(p.name())) {
        todo.add(p);
      }
    }
    listener.started(todo.size(), scenarios.size() - todo.size());
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads), r -> {
      Thread t = new Thread(r, "lbsim-sweep");
      t.setDaemon(true);
      return t;
    });
    AtomicInteger finished = new AtomicInteger();
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (GridPoint p : todo) {
        Scenario s = scenarios.get(p);
        futures.add(pool.submit(() -> {
          RunResult r = ScenarioRunner.run(s);
          ResultWriter.write(r, outDir.resolve("runs").resolve(p.name()));
          store.append(record(p, r));
          listener.finished(p.name(), finished.incrementAndGet(), todo.size());
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
    return store;
  }

  /** The store's line for one run: its point, seed and headline metrics. */
  public static Map<String, Object> record(GridPoint p, RunResult r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("run", p.name());
    m.put("point", p.values());
    m.put("seed", p.seed());
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
