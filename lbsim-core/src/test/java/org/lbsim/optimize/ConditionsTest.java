package org.lbsim.optimize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.experiment.BaseScenario;
import org.lbsim.metrics.RunResult;
import org.lbsim.scenario.Catalog;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.scenario.ScenarioReader;
import org.lbsim.scenario.ScenarioRunner;

/** Workload files replace the scenario's workload; failure draws name the links the scenario's own sampling fails. */
class ConditionsTest {
  private static final String FABRIC = "topology: {k: 4}\nworkload: {kind: permutation, size: 16KiB}\n"
      + "run: {limit_ms: 1}\n";
  private static final Point ECMP = Point.defaults(new DesignCombo("ecmp", "dctcp", "sack", List.of(), List.of()));

  @TempDir
  Path dir;

  private static Conditions draws(Map<String, String> failures, int draws, List<Path> workloads) {
    return Conditions.of(new BaseScenario(FABRIC, "fabric.yaml", null), workloads,
        failures == null ? null : new Conditions.Failures(failures, draws), List.of(), Catalog.builtIn(), "t", 1);
  }

  @Test
  void eachDrawFailsTheLinksTheScenariosSamplingFailsAtItsSeedAndRunsTheSame() {
    Conditions c = draws(Map.of("rate", "0.15", "convergence_us", "0"), 3, List.of());
    assertThat(c.list()).hasSize(3);
    assertThat(c.list()).extracting(Condition::draw).containsExactly(0, 1, 2);
    assertThat(c.list()).extracting(Condition::drawSeed).containsExactly(1L, 2L, 3L);
    assertThat(c.list().stream().map(Condition::failedLinks).distinct()).hasSizeGreaterThan(1);
    ScenarioEvaluator eval = new ScenarioEvaluator(c.base(), List.of(), Catalog.builtIn(), "t");
    for (Condition k : c.list()) {
      // the scenario with failures.rate, run at the draw's seed: the same links, the same run
      RunResult sampled = ScenarioRunner.run(ScenarioReader.fromText(FABRIC, "fabric.yaml", null, "t", List.of(
          "failures.kind=drop", "failures.rate=0.15", "failures.convergence_us=0", "lb=ecmp", "cc=dctcp", "lr=sack",
          "seed=" + k.drawSeed())));
      assertThat(sampled.counters().get("failed_links")).isEqualTo(k.failedLinks().size());
      assertThat(eval.run(ECMP, k, k.drawSeed())).isEqualTo(Metrics.of(sampled));
    }
  }

  @Test
  void aDrawThatFailsNoLinkRunsTheIntactFabric() {
    Conditions c = draws(Map.of("rate", "0", "convergence_us", "0"), 2, List.of());
    assertThat(c.list()).allMatch(k -> k.failedLinks().isEmpty() && k.overrides().contains("failures.kind=none")
        && k.overrides().contains("failures.convergence_us?=0"));
    Metrics intact = new ScenarioEvaluator(new BaseScenario(FABRIC, "fabric.yaml", null), List.of(), Catalog.builtIn(),
        "t").run(ECMP, Condition.AS_GIVEN, 1);
    assertThat(new ScenarioEvaluator(c.base(), List.of(), Catalog.builtIn(), "t").run(ECMP, c.list().get(1), 1))
        .isEqualTo(intact);
  }

  @Test
  void workloadFilesReplaceTheScenariosWorkloadUnderEveryDraw() throws IOException {
    Path a = Files.writeString(dir.resolve("a2a.yaml"), "workload: {kind: all-to-all, size: 8KiB}\n");
    Path b = Files.writeString(dir.resolve("ring.yaml"), "workload:\n  kind: ring-allreduce\n  size: 8KiB\n");
    Conditions c = draws(Map.of("rate", "0.1"), 2, List.of(a, b));
    assertThat(c.list()).extracting(Condition::workload).containsExactly("a2a", "a2a", "ring", "ring");
    assertThat(c.list()).extracting(Condition::draw).containsExactly(0, 1, 0, 1);
    assertThat(c.list().get(2).failedLinks()).isEqualTo(c.list().get(0).failedLinks());
    assertThat(c.list().get(0).overrides()).startsWith("workload.kind=all-to-all", "workload.size=8KiB");
    assertThat(c.base().yaml()).doesNotContain("permutation").doesNotContain("failures").contains("limit_ms");
    // each condition is its own resolved scenario: the all-to-all has 16 x 15 flows
    ScenarioEvaluator eval = new ScenarioEvaluator(c.base(), List.of(), Catalog.builtIn(), "t");
    assertThat(eval.scenario(ECMP, c.list().get(0), 1).workload().kind().name()).isEqualTo("all-to-all");
    assertThat(eval.scenario(ECMP, c.list().get(2), 1).workload().kind().name()).isEqualTo("ring-allreduce");
  }

  @Test
  void aWorkloadFileThatDoesNotFitOrHoldsMoreThanAWorkloadIsRefusedNamingItAndTheNumbers() throws IOException {
    Path big = Files.writeString(dir.resolve("big.yaml"), "workload: {kind: incast, senders: 40, size: 8KiB}\n");
    assertThatThrownBy(() -> draws(null, 0, List.of(big))).isInstanceOf(ScenarioException.class)
        .hasMessage("--workloads " + big + ": workload.senders: invalid value (got '40'; allowed: 1 to 15 senders on 16 hosts)");
    Path fabric = Files.writeString(dir.resolve("fabric.yaml"), "topology: {k: 8}\nworkload: {kind: permutation}\n");
    assertThatThrownBy(() -> draws(null, 0, List.of(fabric))).hasMessageStartingWith("--workloads " + fabric
        + ": topology.k: differs from the scenario's (got '8'; the scenario has '4'); a workload file gives the workload");
    // a whole scenario file of the same fabric gives its workload
    Path same = Files.writeString(dir.resolve("same.yaml"), "name: x\ntopology: {k: 4}\nworkload: {kind: all-to-all}\n");
    assertThat(draws(null, 0, List.of(same)).list().get(0).overrides()).containsExactly("workload.kind=all-to-all");
    Path none = dir.resolve("none.yaml");
    assertThatThrownBy(() -> draws(null, 0, List.of(none))).hasMessage("--workloads " + none
        + ": no such file (allowed: a YAML file with a workload section)");
  }

  @Test
  void withoutWorkloadsOrFailuresTheScenarioRunsAsGiven() {
    Conditions c = draws(null, 0, List.of());
    assertThat(c.list()).containsExactly(Condition.AS_GIVEN);
    assertThat(c.base().yaml()).isEqualTo(FABRIC);
    assertThat(new ArrayList<>(c.list().get(0).overrides())).isEmpty();
  }
}
