package org.lbsim.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.lbsim.experiment.RunPool;
import org.lbsim.metrics.RunResult;
import org.lbsim.metrics.TierReach;
import org.lbsim.scenario.OverrideList;
import org.lbsim.results.ResultFolder;
import org.lbsim.results.ResultPaths;
import org.lbsim.results.ResultWriter;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.scenario.ScenarioKey;
import org.lbsim.scenario.ScenarioReader;
import org.lbsim.scenario.ScenarioRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code lbsim run}: one or more scenario files, or the built-in default comparison. */
@Command(name = "run", mixinStandardHelpOptions = true, footerHeading = "%nExamples:%n", footer = {
    "  lbsim run                                  # the built-in default comparison",
    "  lbsim run my.yaml --set lb=ecmp --set workload.size=4MiB",
    "  lbsim run a.yaml b.yaml --threads 2        # several; every file is validated before any runs"},
    description = {"Run scenarios and print a comparison table; result files go to <out>/<name>/.",
        "Scenarios run --threads at once, each on engine.threads threads (1 unless the scenario sets it); results and "
            + "output do not depend on either.",
        "Without a file, runs the built-in default comparison (ECMP vs host packet spraying on a "
            + "permutation and an all-to-all, 128-host fat tree, 800 Gb/s)."})
final class RunCommand implements Callable<Integer> {
  static final String DEFAULT_RESOURCE = "/scenarios/default-comparison.yaml";
  static final List<List<String>> DEFAULT_VARIANTS = List.of(
      List.of("lb=ecmp", "workload.kind=permutation"),
      List.of("lb=host-spray", "workload.kind=permutation"),
      List.of("lb=ecmp", "workload.kind=all-to-all"),
      List.of("lb=host-spray", "workload.kind=all-to-all"));

  @Spec
  CommandSpec spec;

  @Parameters(arity = "0..*", paramLabel = "FILE", description = "scenario YAML files")
  List<Path> files = new ArrayList<>();

  @Mixin
  SettingOverrides settings;

  @Mixin
  ResultsOptions results;

  @Mixin
  OverwriteOption replace;

  @Mixin
  ThreadsOption threads;

  @Mixin
  JsonOption json;

  @Option(names = "--progress", description = "show the progress bar even when not on a terminal (otherwise a long "
      + "run prints a line every 10 s of wall time there)")
  boolean progress;

  /** A scenario and where it came from (a file, or the built-in default). */
  private record Sourced(Scenario scenario, String source) {}

  /** A scenario to run, its folder and its key. */
  private record Planned(Scenario scenario, Path dir, String key) {}

  @Override
  public Integer call() throws IOException {
    OverrideList.requireEachKeyOnce(settings.values);
    List<Planned> planned = plan(files.isEmpty() ? defaultComparison() : readAll());
    PrintWriter o = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    int parallel = Math.min(threads.threads(), planned.size());
    // the cores each run may take for itself (engine.threads: auto)
    int cores = Math.max(1, Runtime.getRuntime().availableProcessors() / parallel);
    ExecutorService pool = RunPool.open(parallel);
    List<RunResult> results = new ArrayList<>();
    RunBar bar = progress || System.console() != null
        ? new RunBar(planned.size()) : null;
    try {
      List<Future<Finished>> running = new ArrayList<>();
      for (int i = 0; i < planned.size(); i++) {
        Planned p = planned.get(i);
        int index = i;
        running.add(pool.submit(() -> {
          // made when the run starts, so that its ETA counts only the run's own time
          ScenarioRunner.ProgressListener listener = bar != null ? bar.listener(index) : parallel > 1
              ? ScenarioRunner.ProgressListener.printing(new PrintWriter(new NamedLines(err, p.scenario().name()), true))
              : ScenarioRunner.ProgressListener.printing(err);
          Finished f = runOne(p, listener, cores);
          if (bar != null) {
            bar.finished(index);
          }
          return f;
        }));
      }
      // Reported in the order given, whatever order the runs end in (after the bar, if any): the
      // output is the same for every --threads.
      List<Finished> done = new ArrayList<>();
      for (int i = 0; i < planned.size(); i++) {
        done.add(RunPool.await(running.get(i)));
        if (bar == null) {
          report(done.get(i), planned.get(i), err);
        }
      }
      if (bar != null) {
        bar.close();
        for (int i = 0; i < planned.size(); i++) {
          report(done.get(i), planned.get(i), err);
        }
      }
      done.forEach(f -> results.add(f.result()));
    } finally {
      pool.shutdownNow();
      if (bar != null) {
        bar.close();
      }
    }
    if (json.json) {
      JsonOut.print(o, RunJson.of(results, planned.stream().map(Planned::dir).toList(), Main.catalog(spec)));
    } else {
      o.print(ResultTable.render(results, Main.catalog(spec)));
      o.print(ResultTable.gains(results));
      o.print(TrainingTable.render(results));
      o.print(CollectiveBoundsTable.render(results));
      o.flush();
    }
    return results.stream().anyMatch(r -> r.unfinishedFlows() > 0) ? 3 : 0;
  }

  /**
   * A run's result, written, the wall time of its setup, simulation and writing, and per thread the
   * time it ran windows (empty on one thread).
   */
  private record Finished(RunResult result, double setupSeconds, double simulationSeconds, double writingSeconds,
      long[] busyNanos) {}

  private static Finished runOne(Planned p, ScenarioRunner.ProgressListener listener, int cores) throws IOException {
    long t0 = System.nanoTime();
    long[] prepared = {t0};
    long[][] busy = {new long[0]};
    RunResult r = ScenarioRunner.runOnCores(p.scenario(), new ScenarioRunner.ProgressListener() {
      @Override
      public void progress(ScenarioRunner.Progress progress) {
        listener.progress(progress);
      }

      @Override
      public void prepared() {
        prepared[0] = System.nanoTime();
      }

      @Override
      public void simulated(long[] busyNanos) {
        busy[0] = busyNanos;
      }
    }, cores);
    long t1 = System.nanoTime();
    ResultWriter.write(r, p.dir(), p.key());
    long t2 = System.nanoTime();
    return new Finished(r, (prepared[0] - t0) / 1e9, (t1 - prepared[0]) / 1e9, (t2 - t1) / 1e9, busy[0]);
  }

  private static void report(Finished f, Planned p, PrintWriter err) {
    RunResult r = f.result();
    err.printf("%s: done in %.1f s wall (setup %.1f s, simulation %.1f s, writing %.1f s), %,d events -> %s%n",
        p.scenario().name(), f.setupSeconds() + f.simulationSeconds() + f.writingSeconds(), f.setupSeconds(),
        f.simulationSeconds(), f.writingSeconds(), r.events(), p.dir());
    String threads = ThreadsLine.of(r.engine(), f.busyNanos(), f.simulationSeconds());
    if (threads != null) {
      err.println("  " + threads);
    }
    if (!r.unfinished().isEmpty()) {
      err.printf("  %d flows did not finish by run.limit_ms (all in summary.json), e.g.:%n", r.unfinished().size());
      r.unfinished().entrySet().stream().limit(5).forEach(e -> err.printf("    flow %d (%d->%d): %s%n", e.getKey(),
          r.flows().get(e.getKey()).src(), r.flows().get(e.getKey()).dst(), e.getValue()));
    }
    String reach = TierReach.note(r.ports());
    if (reach != null) {
      err.println("  " + reach);
    }
    err.flush();
  }

  /**
   * Each scenario's results folder, checked before anything runs: a safe name, no two scenarios
   * in one folder, and no folder holding a different scenario's results unless --overwrite (the
   * built-in comparison's folders are lbsim's own and are always replaced).
   */
  private List<Planned> plan(List<Sourced> scenarios) {
    boolean builtIn = files.isEmpty();
    Path base = builtIn ? results.out.resolve("default-comparison") : results.out;
    List<Planned> planned = new ArrayList<>();
    Map<Path, String> owner = new LinkedHashMap<>();
    List<String> problems = new ArrayList<>();
    for (Sourced e : scenarios) {
      Scenario s = e.scenario();
      String what = e.source() + ": name";
      try {
        Path dir = ResultPaths.child(base, s.name(), what);
        String key = ScenarioKey.of(s);
        if (builtIn && planned.stream().anyMatch(p -> p.dir().equals(dir) && p.key().equals(key))) {
          continue; // --set made two built-in variants the same scenario: it runs once
        }
        String first = owner.putIfAbsent(dir, e.source());
        if (first != null) {
          problems.add(what + ": " + (first.equals(e.source()) ? "given twice" : first + " has the same name")
              + ", and one run call gives each scenario its own folder (got '" + s.name()
              + "'; allowed: a different name: in each file)");
          continue;
        }
        String refused = ResultFolder.refusal(dir, key, replace.overwrite || builtIn, what);
        if (refused != null) {
          problems.add(refused);
        }
        planned.add(new Planned(s, dir, key));
      } catch (ScenarioException x) {
        problems.addAll(x.problems());
      }
    }
    if (!problems.isEmpty()) {
      throw new ScenarioException(problems);
    }
    return planned;
  }

  /** Reads and validates every file before running any, so a typo costs no simulation time. */
  private List<Sourced> readAll() {
    List<Sourced> out = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (Path f : files) {
      try {
        out.add(new Sourced(ScenarioReader.read(f, settings.values, Main.catalog(spec)), f.toString()));
      } catch (ScenarioException e) {
        problems.addAll(e.problems());
      }
    }
    if (!problems.isEmpty()) {
      throw new ScenarioException(problems);
    }
    return out;
  }

  private List<Sourced> defaultComparison() throws IOException {
    String yaml;
    try (InputStream in = RunCommand.class.getResourceAsStream(DEFAULT_RESOURCE)) {
      yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    List<Sourced> out = new ArrayList<>();
    for (List<String> variant : DEFAULT_VARIANTS) {
      List<String> all = new ArrayList<>(variant);
      all.addAll(settings.values);
      Scenario probe = ScenarioReader.fromText(yaml, "built-in default", null, "default", all, "--set", Main.catalog(spec));
      String name = probe.workload().kind().name() + "-" + probe.designs().lb().name();
      all.add("name=" + name);
      out.add(new Sourced(ScenarioReader.fromText(yaml, "built-in default", null, name, all, "--set", Main.catalog(spec)), "built-in default"));
    }
    return out;
  }
}
