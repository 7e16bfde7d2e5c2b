package org.lbsim.bench;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Before/after comparison of two builds inside one JVM: each build's jar is loaded in its own
 * class loader, and short runs of the same macro scenario alternate between them (ABBA order, so
 * that neither build always runs second). The run-thread CPU time of each run is taken and the
 * median of the per-pair ratios printed.
 *
 * <p>Why: a shared VM's speed drifts within minutes (another tenant's memory traffic), and a
 * memory-bound simulation feels it directly. Pairs of separate processes a minute apart
 * (run-ab.sh) show only large changes; pairs seconds apart, sharing one JIT warm-up discipline
 * and one heap, narrow the noise, at the cost of a per-process bias (docs/performance.md, "Noise
 * rules"). The first pair is a warm-up and not counted.
 *
 * <pre>
 * java -cp benchmarks.jar org.lbsim.bench.AbCompare PAIRS before.jar after.jar [--set k=v ...] SCENARIO
 * </pre>
 */
public final class AbCompare {
  private AbCompare() {}

  public static void main(String[] args) throws Exception {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the comparison; returns the exit status (2 = bad arguments, nothing run). */
  static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    if (args.length < 4) {
      err.println("usage: AbCompare PAIRS BEFORE.jar AFTER.jar [--set key=value ...] SCENARIO");
      return 2;
    }
    int pairs;
    try {
      pairs = Integer.parseInt(args[0]);
    } catch (NumberFormatException e) {
      pairs = 0;
    }
    if (pairs < 1) {
      err.println("error: PAIRS must be a positive whole number, got '" + args[0] + "'");
      return 2;
    }
    for (int i = 1; i <= 2; i++) {
      if (!Files.isRegularFile(Path.of(args[i]))) {
        err.println("error: " + args[i] + ": no such jar (build one with mvn -B -q -DskipTests -pl lbsim-bench -am package)");
        return 2;
      }
    }
    List<String> extra = new ArrayList<>();
    for (int i = 3; i < args.length - 1; i++) {
      if (!args[i].equals("--set") || i + 1 >= args.length - 1) {
        err.println("error: expected --set key=value before the scenario name, got '" + args[i] + "'");
        return 2;
      }
      extra.add(args[++i]);
    }
    MacroScenario scenario = MacroScenarios.find(args[args.length - 1]);
    if (scenario == null) {
      err.println("error: unknown scenario '" + args[args.length - 1] + "'; run-macro.sh --list shows them");
      return 2;
    }
    Build before = Build.load(Path.of(args[1]));
    Build after = Build.load(Path.of(args[2]));
    List<String> overrides = scenario.overridesWith(extra);
    double[] ratios = new double[pairs];
    for (int i = 0; i <= pairs; i++) {
      boolean beforeFirst = i % 2 == 0;
      long b;
      long a;
      if (beforeFirst) {
        b = before.cpuNanos(scenario.name(), overrides);
        a = after.cpuNanos(scenario.name(), overrides);
      } else {
        a = after.cpuNanos(scenario.name(), overrides);
        b = before.cpuNanos(scenario.name(), overrides);
      }
      if (i == 0) {
        out.printf("warm-up: before %.2f s, after %.2f s%n", b / 1e9, a / 1e9);
        continue;
      }
      ratios[i - 1] = (double) a / b;
      out.printf("pair %d: before %.2f s, after %.2f s, after/before %.3f%n", i, b / 1e9, a / 1e9, ratios[i - 1]);
    }
    Arrays.sort(ratios);
    out.printf("median after/before over %d pairs: %.3f (quartiles %.3f .. %.3f)%n", pairs, quantile(ratios, 0.5),
        quantile(ratios, 0.25), quantile(ratios, 0.75));
    return 0;
  }

  /**
   * The {@code q}-quantile of sorted values, interpolating linearly between the two nearest
   * ranks (the usual definition: the median of an even count is the mean of the middle two).
   */
  static double quantile(double[] sorted, double q) {
    if (sorted.length == 0) {
      throw new IllegalArgumentException("no values to take a quantile of");
    }
    double rank = q * (sorted.length - 1);
    int lo = (int) Math.floor(rank);
    int hi = Math.min(lo + 1, sorted.length - 1);
    return sorted[lo] + (rank - lo) * (sorted[hi] - sorted[lo]);
  }

  /** One build: its own class loader and the two core entry points a run needs. */
  private record Build(Method fromText, Method run) {
    static Build load(Path jar) throws Exception {
      ClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
      Class<?> reader = loader.loadClass("org.lbsim.scenario.ScenarioReader");
      Class<?> runner = loader.loadClass("org.lbsim.scenario.ScenarioRunner");
      Class<?> scenario = loader.loadClass("org.lbsim.scenario.Scenario");
      Method fromText = reader.getMethod("fromText", String.class, String.class, Path.class, String.class, List.class);
      return new Build(fromText, runner.getMethod("run", scenario));
    }

    long cpuNanos(String name, List<String> overrides) throws Exception {
      System.gc();
      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      long c0 = threads.getCurrentThreadCpuTime();
      Object s = fromText.invoke(null, "", "macro", null, name, overrides);
      run.invoke(null, s);
      return threads.getCurrentThreadCpuTime() - c0;
    }
  }
}
