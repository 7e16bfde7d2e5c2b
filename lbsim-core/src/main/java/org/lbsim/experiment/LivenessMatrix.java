package org.lbsim.experiment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.lbsim.metrics.RunResult;
import org.lbsim.scenario.Catalog;
import org.lbsim.results.ResultWriter;
import org.lbsim.scenario.ScenarioReader;
import org.lbsim.scenario.ScenarioRunner;
import org.lbsim.transport.LrDesign;
import org.lbsim.transport.SackSettings;
import org.lbsim.transport.cc.CcDesign;

/**
 * Every pairing is live: every congestion control with every loss recovery, SACK with every
 * trigger and both fast-retransmit settings, in situations where losses, reordering, failures
 * and pauses happen. Each run must finish every flow with every run invariant holding, the
 * liveness rule among them. {@link #small()} is the suite's (k = 4, short flows); {@link
 * #large()} the benchmark's (k = 8, longer flows, more seeds).
 *
 * @param situations the scenarios every pairing runs in
 * @param common overrides every run shares
 */
public record LivenessMatrix(List<Situation> situations, List<String> common) {

  /** A named situation: the overrides that make it, on top of {@link #common}. */
  public record Situation(String name, List<String> overrides) {
    public Situation(String name, String... overrides) {
      this(name, List.of(overrides));
    }
  }

  public LivenessMatrix {
    situations = List.copyOf(situations);
    common = List.copyOf(common);
  }

  /** The same matrix, only the situations whose name contains {@code part}. */
  public LivenessMatrix only(String part) {
    return new LivenessMatrix(situations.stream().filter(s -> s.name().contains(part)).toList(), common);
  }

  /** The suite's matrix: 8 situations on a k = 4 fat tree (16 hosts), flows of 16 to 64 KiB. */
  public static LivenessMatrix small() {
    return new LivenessMatrix(situations("64KiB", "16KiB", 1), List.of("topology.k=4", "run.limit_ms=50"));
  }

  /** The benchmark's matrix: the same situations on a k = 8 fat tree (128 hosts), longer flows, seeds 1 to 3. */
  public static LivenessMatrix large() {
    List<Situation> all = new ArrayList<>();
    for (int seed = 1; seed <= 3; seed++) {
      for (Situation s : situations("256KiB", "32KiB", seed)) {
        List<String> o = new ArrayList<>(s.overrides());
        o.add("seed=" + seed);
        all.add(new Situation(s.name() + ", seed " + seed, o));
      }
    }
    return new LivenessMatrix(all, List.of("topology.k=8", "run.limit_ms=200"));
  }

  private static List<Situation> situations(String size, String allToAllSize, int seed) {
    String w = "workload.size=" + size;
    String a = "workload.size=" + allToAllSize;
    return List.of(
        new Situation("incast overflowing its buffer", "workload.kind=incast", "workload.senders=15", w,
            "buffer.packets=8"),
        new Situation("sprayed permutation", "lb=host-spray", "workload.kind=permutation", w, "buffer.packets=8"),
        new Situation("all-to-all", "workload.kind=all-to-all", a, "buffer.packets=16"),
        new Situation("1 % random loss", "workload.kind=permutation", w, "loss.random_rate=0.01"),
        new Situation("failed link, routes converged", "workload.kind=all-to-all", a, "failures.kind=drop",
            "failures.links=agg0-core0", "failures.convergence_us=0"),
        // PFC needs a buffer of ports x (XOFF + headroom): 2 MB covers a k = 8 switch's 8 ingresses
        new Situation("incast with PFC", "workload.kind=incast", "workload.senders=15", w, "buffer.bytes=2MB",
            "buffer.pfc=on"),
        new Situation("incast overflowing its buffer, reference profile", "profile=reference", "workload.kind=incast",
            "workload.senders=15", w, "buffer.packets=8"),
        new Situation("sprayed permutation with 1 % random loss, another seed", "seed=" + (seed + 1),
            "lb=host-spray", "workload.kind=permutation", w, "loss.random_rate=0.01"));
  }

  /** Every loss recovery, SACK with every trigger and both fast-retransmit settings. */
  public static List<List<String>> recoveries() {
    List<List<String>> out = new ArrayList<>();
    for (LrDesign lr : Catalog.builtIn().lr().all()) {
      if (!lr.name().equals("sack")) {
        out.add(List.of("lr=" + lr.name()));
        continue;
      }
      for (String trigger : SackSettings.TRIGGERS) {
        for (String fr : List.of("1", "0")) {
          out.add(List.of("lr=sack", "sack.trigger=" + trigger, "sack.fast_retransmit=" + fr));
        }
      }
    }
    return out;
  }

  /** Every run's overrides, situation by situation, then control by control, then recovery by recovery. */
  public List<List<String>> combinations() {
    List<List<String>> all = new ArrayList<>();
    List<List<String>> recoveries = recoveries();
    for (Situation s : situations) {
      for (CcDesign cc : Catalog.builtIn().cc().all()) {
        for (List<String> lr : recoveries) {
          List<String> o = new ArrayList<>(common);
          o.addAll(s.overrides());
          o.add("cc=" + cc.name());
          o.addAll(lr);
          all.add(o);
        }
      }
    }
    return all;
  }

  /**
   * Runs every combination on {@code threads} threads and returns one line per combination that
   * did not finish every flow, broke an invariant or failed otherwise, in combination order;
   * empty when every pairing is live.
   */
  public List<String> failures(int threads) throws InterruptedException {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<String>> results = new ArrayList<>();
      for (List<String> o : combinations()) {
        results.add(pool.submit(() -> outcome(o)));
      }
      List<String> bad = new ArrayList<>();
      for (Future<String> f : results) {
        String line;
        try {
          line = f.get();
        } catch (java.util.concurrent.ExecutionException e) {
          line = String.valueOf(e.getCause());
        }
        if (line != null) {
          bad.add(line);
        }
      }
      return bad;
    } finally {
      pool.shutdownNow();
    }
  }

  /** Null when the run finished every flow with every invariant holding; else what went wrong. */
  static String outcome(List<String> overrides) {
    try {
      RunResult r = ScenarioRunner.run(ScenarioReader.fromText("", "liveness", Path.of("."), "liveness", overrides));
      if (r.unfinishedFlows() > 0) {
        return String.join(" ", overrides) + ": " + r.unfinishedFlows() + " flows unfinished";
      }
      if (!ResultWriter.conservationHolds(r)) {
        return String.join(" ", overrides) + ": packets not conserved";
      }
      return null;
    } catch (RuntimeException e) {
      return String.join(" ", overrides) + ": " + e.getMessage();
    }
  }
}
