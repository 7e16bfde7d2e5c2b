package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.lbsim.metrics.RunResult;
import org.lbsim.results.ResultWriter;

/**
 * Many small random scenarios, drawn from a fixed seed over every load balancer, congestion
 * control, loss recovery, profile, failure kind, fabric and collective: each runs to the end,
 * and every run checks its own invariants ({@code RunInvariants}), throwing on a broken one.
 */
class RunInvariantsRandomTest {
  static final int SCENARIOS = 520;
  private static final long SEED = 20261201L;

  /** One valid random scenario's overrides (invalid draws, e.g. PFC without headroom, are redrawn). */
  static List<List<String>> draws() {
    SplittableRandom rnd = new SplittableRandom(SEED);
    List<List<String>> out = new ArrayList<>();
    while (out.size() < SCENARIOS) {
      List<String> o = draw(rnd);
      try {
        Scenarios.of(o);
        out.add(o);
      } catch (ScenarioException e) {
        // a combination the reader refuses: drawn again
      }
    }
    return out;
  }

  private static List<String> draw(SplittableRandom rnd) {
    List<String> o = new ArrayList<>();
    boolean leafSpine = rnd.nextInt(4) == 0;
    if (leafSpine) {
      o.addAll(List.of("topology.kind=leaf-spine", "topology.hosts_per_leaf=" + (2 + rnd.nextInt(3)),
          "topology.leaves=" + (2 + rnd.nextInt(3)), "topology.spines=" + (1 + rnd.nextInt(4))));
    } else {
      o.add("topology.k=4");
      if (rnd.nextInt(5) == 0) {
        o.add("topology.oversubscription=2");
      }
    }
    o.add("profile=" + pick(rnd, "default", "reference"));
    o.add("lb=" + pick(rnd, ScenarioSchema.get("lb").choices()));
    o.add("cc=" + pick(rnd, ScenarioSchema.get("cc").choices()));
    String lr = pick(rnd, ScenarioSchema.get("lr").choices());
    o.add("lr=" + lr);
    if (lr.equals("sack") && rnd.nextBoolean()) {
      o.add("sack.trigger=" + pick(rnd, ScenarioSchema.get("sack.trigger").choices()));
    }
    String kind = pick(rnd, "permutation", "permutation", "all-to-all", "incast", "ring-allreduce", "ring-allgather",
        "ring-reducescatter");
    o.add("workload.kind=" + kind);
    o.add("workload.size=" + pick(rnd, "4KiB", "12KiB", "32KiB", "64KiB", "100000"));
    if (kind.equals("incast")) {
      o.add("workload.senders=" + (2 + rnd.nextInt(4)));
    }
    if (rnd.nextInt(4) == 0) {
      o.add("workload.start_jitter=" + pick(rnd, "1", "4"));
    }
    o.add("links.rate_gbps=" + pick(rnd, "100", "400", "800"));
    o.add("links.latency_us=" + pick(rnd, "0.5", "1", "2"));
    if (rnd.nextBoolean()) {
      o.add("buffer.packets=" + pick(rnd, "8", "16", "100"));
    }
    if (rnd.nextInt(6) == 0) {
      o.add("buffer.trimming=" + pick(rnd, "all", "tor-down"));
    }
    if (rnd.nextInt(10) == 0) {
      o.addAll(List.of("buffer.pfc=on", "buffer.bytes=4MB"));
    }
    if (rnd.nextInt(8) == 0) {
      o.add("loss.random_rate=" + pick(rnd, "0.001", "0.01"));
    }
    String failure = pick(rnd, "none", "none", "drop", "hold", "degraded", "flaky");
    o.add("failures.kind=" + failure);
    if (!failure.equals("none")) {
      o.add(rnd.nextBoolean() ? "failures.links=tier1:" + rnd.nextInt(4) : "failures.rate=0.1");
      if (rnd.nextBoolean()) {
        o.add("failures.at_us=" + pick(rnd, "1", "5"));
      }
      if (rnd.nextInt(3) == 0) {
        o.add("failures.convergence_us=" + pick(rnd, "0", "10"));
      }
    }
    o.add("run.limit_ms=" + pick(rnd, "1", "3"));
    o.add("seed=" + (1 + rnd.nextInt(1000)));
    return o;
  }

  private static String pick(SplittableRandom rnd, String... choices) {
    return choices[rnd.nextInt(choices.length)];
  }

  private static String pick(SplittableRandom rnd, List<String> choices) {
    return choices.get(rnd.nextInt(choices.size()));
  }

  @Test
  void drawsEnoughValidScenariosOverEveryAxis() {
    List<List<String>> d = draws();
    assertThat(d).hasSizeGreaterThanOrEqualTo(500);
    for (String axis : List.of("lb", "cc", "lr", "failures.kind")) {
      for (String choice : ScenarioSchema.get(axis).choices()) {
        assertThat(d).as("some scenario has %s=%s", axis, choice).anyMatch(o -> o.contains(axis + "=" + choice));
      }
    }
    assertThat(d).anyMatch(o -> o.contains("profile=reference")).anyMatch(o -> o.contains("profile=default"));
  }

  @TestFactory
  Stream<DynamicTest> everyRandomScenarioKeepsItsInvariants() {
    return draws().stream().map(o -> DynamicTest.dynamicTest(String.join(" ", o), () -> {
      RunResult r = ScenarioRunner.run(Scenarios.of(o)); // throws InvariantViolation on a broken rule
      assertThat(r.flows()).isNotEmpty();
      assertThat(ResultWriter.conservationHolds(r)).isTrue();
    }));
  }
}
