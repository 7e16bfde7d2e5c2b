package org.lbsim.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.lbsim.metrics.RunResult;
import org.lbsim.scenario.ResultWriter;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.scenario.ScenarioReader;
import org.lbsim.scenario.ScenarioRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code lbsim run}: one or more scenario files, or the built-in default comparison. */
@Command(name = "run", mixinStandardHelpOptions = true,
    description = {"Run scenarios and print a comparison table; result files go to <out>/<name>/.",
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

  @Option(names = "--set", paramLabel = "KEY=VALUE", description = "override a setting (repeatable), e.g. --set lb=ecmp")
  List<String> overrides = new ArrayList<>();

  @Option(names = "--out", paramLabel = "DIR", description = "results folder (default: ${DEFAULT-VALUE})")
  Path out = Path.of("results");

  @Override
  public Integer call() throws IOException {
    List<Scenario> scenarios = files.isEmpty() ? defaultComparison() : readAll();
    PrintWriter o = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Path base = files.isEmpty() ? out.resolve("default-comparison") : out;
    List<RunResult> results = new ArrayList<>();
    for (Scenario s : scenarios) {
      err.printf("running %s ...%n", s.name());
      err.flush();
      long t0 = System.nanoTime();
      RunResult r = ScenarioRunner.run(s);
      Path dir = base.resolve(s.name());
      ResultWriter.write(r, dir);
      results.add(r);
      err.printf("  done in %.1f s wall, %,d events -> %s%n", (System.nanoTime() - t0) / 1e9, r.events(), dir);
      if (!r.unfinished().isEmpty()) {
        err.printf("  %d flows did not finish by run.limit_ms (all in summary.json), e.g.:%n", r.unfinished().size());
        r.unfinished().entrySet().stream().limit(5).forEach(e -> err.printf("    flow %d (%d->%d): %s%n", e.getKey(),
            r.flows().get(e.getKey()).src(), r.flows().get(e.getKey()).dst(), e.getValue()));
      }
      err.flush();
    }
    o.print(ResultTable.render(results));
    o.print(TrainingTable.render(results));
    o.flush();
    return results.stream().anyMatch(r -> r.unfinishedFlows() > 0) ? 3 : 0;
  }

  /** Reads and validates every file before running any, so a typo costs no simulation time. */
  private List<Scenario> readAll() {
    List<Scenario> out = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (Path f : files) {
      try {
        out.add(ScenarioReader.read(f, overrides));
      } catch (ScenarioException e) {
        problems.addAll(e.problems());
      }
    }
    if (!problems.isEmpty()) {
      throw new ScenarioException(problems);
    }
    return out;
  }

  private List<Scenario> defaultComparison() throws IOException {
    String yaml;
    try (InputStream in = RunCommand.class.getResourceAsStream(DEFAULT_RESOURCE)) {
      yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    List<Scenario> out = new ArrayList<>();
    for (List<String> variant : DEFAULT_VARIANTS) {
      List<String> all = new ArrayList<>(variant);
      all.addAll(overrides);
      Scenario probe = ScenarioReader.fromText(yaml, "built-in default", null, "default", all);
      String name = probe.workload().kind() + "-" + probe.lb();
      all.add("name=" + name);
      out.add(ScenarioReader.fromText(yaml, "built-in default", null, name, all));
    }
    return out;
  }
}
