package org.lbsim.optimize;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.experiment.BaseScenario;
import org.lbsim.scenario.Catalog;

/**
 * The search over two workloads x two failure draws on a 16-host fat tree (k = 4): every candidate
 * and the baseline run under every condition, the worst case is reported beside the median, and
 * the store keeps each condition's runs apart.
 */
class RobustSearchTest {
  /** A short first timeout, so that a sprayed flow resends a packet lost in a failed link within the 1 ms run. */
  private static final String FABRIC = "topology: {k: 4}\nworkload: {kind: permutation, size: 16KiB}\n"
      + "transport: {initial_rto_us: 20}\nrun: {limit_ms: 1}\n";
  private static final SearchSpace SPACE = SearchSpace.of(Catalog.builtIn(), new SpaceRequest(Map.of("lb",
      List.of("ecmp", "host-spray", "ofan"), "cc", List.of("dctcp"), "lr", List.of("sack")), Set.of("sack.threshold",
      "dctcp.g", "dctcp.init_alpha", "dctcp.init_cwnd_bdp"), Map.of(), false));

  @TempDir
  Path dir;

  /**
   * Two workloads x two draws of agg-core failures: draw 0 (seed 1) fails agg3-core1, draw 1
   * (seed 2) none.
   */
  private Conditions conditions(String first, String convergence) throws IOException {
    Path a = Files.writeString(dir.resolve("first.yaml"), "workload: " + first + "\n");
    Path b = Files.writeString(dir.resolve("perm.yaml"), "workload: {kind: permutation, size: 32KiB}\n");
    return Conditions.of(new BaseScenario(FABRIC, "fabric.yaml", null), List.of(a, b),
        new Conditions.Failures(Map.of("rate", "0.1", "tiers", "tier2", "convergence_us", convergence), 2), List.of(),
        Catalog.builtIn(), "t", 1);
  }

  @Test
  void everyCandidateAndTheBaselineRunUnderEveryWorkloadAndDrawAndTheWorstIsReported() throws IOException {
    // routes converge around the failed link at once: every design finishes
    Conditions c = conditions("{kind: all-to-all, size: 8KiB}", "0");
    assertThat(c.list()).hasSize(4);
    assertThat(c.list()).extracting(Condition::failedLinks).containsExactly(List.of("agg3-core1"), List.of(),
        List.of("agg3-core1"), List.of());
    Search.Settings settings = new Search.Settings(40, 2, 1, 2, false, c.list(), Robust.WORST);
    Path file = dir.resolve("trials.jsonl");
    Outcome o;
    String json;
    int simulated;
    try (TrialStore store = TrialStore.open(file)) {
      CountingEvaluator eval = new CountingEvaluator(c.base(), store);
      o = Search.run(SPACE, eval, settings);
      json = OptimizeJson.write(o, SPACE);
      simulated = eval.simulated.get();
    }
    assertThat(o.runs()).isLessThanOrEqualTo(40);
    // per-workload trials: at rung 1 each design ran each workload under each draw
    for (DesignCombo combo : SPACE.combos()) {
      for (String w : List.of("first", "perm")) {
        assertThat(o.trials()).filteredOn(t -> t.stage().equals("designs") && t.rung() == 1
            && t.point().combo().equals(combo) && t.condition().workload().equals(w)).hasSize(2);
      }
    }
    // every ranked candidate, the baseline among them, ran 2 seeds x 4 conditions
    assertThat(o.standings()).isNotEmpty().allMatch(x -> x.seeds() == 2 && x.conditions() == 4 && x.runs().size() == 8);
    assertThat(o.baseline().point().combo().lb()).isEqualTo("ecmp");
    assertThat(o.baseline().conditions()).isEqualTo(4);
    assertThat(o.gains().throughput().n()).isEqualTo(8); // the winner against the baseline, run by run
    // the worst case is reported beside the median, and is at least the median
    for (Standing x : o.standings()) {
      assertThat(x.worstScore()).isGreaterThanOrEqualTo(x.medianScore());
      assertThat(x.worstCctPs()).isGreaterThanOrEqualTo(x.medianCctPs());
      assertThat(x.worstP99FctPs()).isGreaterThanOrEqualTo(x.medianP99FctPs());
      assertThat(x.worstMaxQueueBytes()).isGreaterThanOrEqualTo(x.medianMaxQueueBytes());
      assertThat(x.score()).isEqualTo(x.worstScore()); // ranked by the worst
    }
    assertThat(json).contains("\"robust\" : \"worst\"").contains("\"worst_score\"").contains("\"worst_p99_fct_us\"")
        .contains("\"workload\" : \"perm\"").contains("\"draw_seed\" : 2");
    assertThat(Answer.lines(o)).contains("Robust: 4 conditions, 2 workloads (first, perm) x 2 failure draws (draw 0 "
        + "fails agg3-core1; draw 1 fails no link); ranked by the worst condition (--robust worst), each condition the "
        + "median of its seeds; score: % over the lower bound.");
    // each workload x draw is its own resolved scenario: one stored line per run, none shared
    assertThat(Files.readAllLines(file)).hasSize(simulated);
    assertThat(simulated).isEqualTo(o.runs());
    // started again, every run is read back and the same trials follow, whatever the thread count
    try (TrialStore store = TrialStore.open(file)) {
      CountingEvaluator eval = new CountingEvaluator(c.base(), store);
      Search.Settings one = new Search.Settings(40, 2, 1, 1, false, c.list(), Robust.WORST);
      assertThat(OptimizeJson.write(Search.run(SPACE, eval, one), SPACE)).isEqualTo(json);
      assertThat(eval.simulated.get()).isZero();
    }
  }

  @Test
  void theMedianChoiceRanksByTheMedianConditionAndTheBaselineFallsBackToAFinisherOverTheSameRuns() throws IOException {
    // routes never converge: flows ECMP hashes into agg3-core1 never finish, sprayed ones are resent elsewhere
    Conditions c = conditions("{kind: permutation, size: 64KiB}", "never");
    Outcome o = Search.run(SPACE, new ScenarioEvaluator(c.base(), List.of(), Catalog.builtIn(), "t"),
        new Search.Settings(40, 2, 1, 2, false, c.list(), Robust.MEDIAN));
    List<Standing> finished = o.standings().stream().filter(x -> x.unfinishedRuns() == 0).toList();
    for (int i = 0; i < finished.size(); i++) {
      assertThat(finished.get(i).score()).isEqualTo(finished.get(i).medianScore());
      if (i > 0) {
        assertThat(finished.get(i).score()).isGreaterThanOrEqualTo(finished.get(i - 1).score());
      }
    }
    // ECMP hashes some flows into the black holes in some draw: the gains are over a finisher,
    // run by run over the same 2 seeds x 4 conditions
    Standing ecmp = o.standings().stream().filter(x -> x.point().combo().lb().equals("ecmp")).findFirst().orElseThrow();
    assertThat(ecmp.unfinishedRuns()).isPositive();
    assertThat(o.baseline().point().combo().lb()).isNotEqualTo("ecmp");
    assertThat(o.baseline().unfinishedRuns()).isZero();
    assertThat(o.baselineNote()).startsWith("the baseline ecmp dctcp sack did not finish");
    assertThat(Answer.lines(o)).anyMatch(l -> l.contains("(--robust median)"));
  }
}
