package org.lbsim.optimize;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.lbsim.experiment.BaseScenario;
import org.lbsim.scenario.Catalog;

/** The search on 16-host fat trees (k = 4) with short flows: seconds in all. */
class SearchTest {
  private static final String PERMUTATION = "topology: {k: 4}\nworkload: {kind: permutation, size: 64KiB}\n";
  private static final Map<String, List<String>> FLOW_AND_PACKET = Map.of("lb", List.of("ecmp", "host-spray", "plb",
      "letflow"), "cc", List.of("dctcp"), "lr", List.of("sack"));
  /** The one knob searched in the determinism check; every other is fixed at its default. */
  private static final String KNOB = "dctcp.init_cwnd_bdp";
  private static final String GAP = "letflow.gap_us";
  private static final double[] GAPS = {0.1, 0.2, 0.3, 0.5, 1, 2, 5, 10, 20, 50, 100};

  private static Evaluator evaluator(String yaml) {
    return new ScenarioEvaluator(new BaseScenario(yaml, "test", null), List.of(), Catalog.builtIn(), "test");
  }

  private static SearchSpace oneKnob() {
    SearchSpace all = SearchSpace.of(Catalog.builtIn(), new SpaceRequest(FLOW_AND_PACKET, Set.of(), Map.of(), false));
    Set<String> fixed = new HashSet<>(all.knobKeys());
    fixed.remove(KNOB);
    return SearchSpace.of(Catalog.builtIn(), new SpaceRequest(FLOW_AND_PACKET, fixed, Map.of(), false));
  }

  @Test
  void findsACoDesignWithinOnePercentOfTheExhaustiveGridsBest() {
    // flow-granular designs on an all-to-all: LetFlow's flowlet gap decides (0.3 us beats the
    // default 10 us by about 10 %), every other knob stays at its default
    String allToAll = "topology: {k: 4}\nworkload: {kind: all-to-all, size: 64KiB}\n";
    Map<String, List<String>> axes = Map.of("lb", List.of("ecmp", "plb", "letflow"), "cc", List.of("dctcp"), "lr",
        List.of("sack"));
    Set<String> fixed = new HashSet<>(SearchSpace.of(Catalog.builtIn(), new SpaceRequest(axes, Set.of(), Map.of(),
        false)).knobKeys());
    fixed.remove(GAP);
    SearchSpace space = SearchSpace.of(Catalog.builtIn(), new SpaceRequest(axes, fixed,
        Map.of(GAP, new double[] {0.1, 100}), false));
    Evaluator eval = evaluator(allToAll);
    // the grid: ecmp and plb, and letflow at every grid value of its gap, 3 seeds each
    double gridBest = ExhaustiveGrid.bestMedianCctPs(ExhaustiveGrid.points(space, GAPS), eval, 3, 2);

    Outcome o = Search.run(space, eval, new Search.Settings(40, 3, 1, 2));
    assertThat(o.runs()).isLessThanOrEqualTo(40);
    assertThat(o.winner().point().combo().undeployable()).isEmpty();
    assertThat(o.winner().point().params()).containsKey(GAP); // the default gap is 10 % behind
    assertThat(o.winner().medianCctPs()).isLessThanOrEqualTo(gridBest * 1.01);
  }

  @Test
  void sameScenarioBudgetAndSeedGiveTheSameTrialsWhateverTheThreads() {
    SearchSpace space = oneKnob();
    Evaluator eval = evaluator(PERMUTATION);
    String one = OptimizeJson.write(Search.run(space, eval, new Search.Settings(24, 2, 7, 1)), space);
    String two = OptimizeJson.write(Search.run(space, eval, new Search.Settings(24, 2, 7, 2)), space);
    assertThat(two).isEqualTo(one);
    assertThat(one).contains("\"seed\" : 7").contains("\"stage\" : \"tuning\"");
  }

  @Test
  void theSensitivityPassNamesAKnobThatMovesTheWinnerMoreThanTheGapBetweenDesigns() {
    SearchSpace space = oneKnob(); // dctcp.init_cwnd_bdp searched from 0.1 to 10, its default 1
    Outcome o = Search.run(space, evaluator(PERMUTATION), new Search.Settings(24, 3, 1, 2, true));
    assertThat(o.runs()).isLessThanOrEqualTo(24);
    // the winner's knob and the baseline's, each at 0.1 and at 10
    assertThat(o.probes()).isEqualTo(4);
    assertThat(o.trials()).filteredOn(t -> t.stage().equals("sensitivity")).hasSize(4)
        .allMatch(t -> t.seed() == 1 && t.point().params().containsKey(KNOB));
    // a first window of a tenth of a BDP costs far more than the gap between designs
    assertThat(o.sensitivity()).anyMatch(l -> l.startsWith("Sensitive: " + KNOB + "=0.1 makes its CCT ")
        && l.contains("longer for the winner (seed 1), more than the "));
    assertThat(Answer.lines(o)).containsAll(o.sensitivity());
  }

  @Test
  void designsWithinTheSeedSpreadAreCalledATie() {
    // many-to-one: the receiver's link is the bottleneck whatever the load balancer
    String incast = "topology: {k: 4}\nworkload: {kind: incast, size: 64KiB, senders: 8}\n";
    SearchSpace space = SearchSpace.of(Catalog.builtIn(), new SpaceRequest(Map.of("lb", List.of("ecmp", "host-spray",
        "ofan"), "cc", List.of("dctcp"), "lr", List.of("sack")), Set.of(), Map.of(), false));
    Outcome o = Search.run(space, evaluator(incast), new Search.Settings(16, 3, 1, 2));
    assertThat(o.tied()).hasSize(2);
    assertThat(o.tieWithinPct()).isBetween(0.0, 1.0);
    assertThat(Answer.lines(o)).anyMatch(l -> l.startsWith("Tie: any of these; the choice does not matter here, within "));
  }

  @Test
  void aBaselineThatCannotFinishGivesWayToAFinisherAndTheAnswerSaysSo() {
    // every link of one core switch black-holes and routes never converge: ECMP flows hashed
    // through it never finish, sprayed ones are retransmitted over other paths
    String failure = PERMUTATION + "failures: {kind: drop, switches: core0}\nrun: {limit_ms: 1}\n";
    SearchSpace space = SearchSpace.of(Catalog.builtIn(), new SpaceRequest(Map.of("lb", List.of("ecmp", "host-spray",
        "ofan"), "cc", List.of("dctcp"), "lr", List.of("sack")), Set.of(), Map.of(), false));
    Outcome o = Search.run(space, evaluator(failure), new Search.Settings(14, 3, 1, 2));
    assertThat(o.baseline()).isNotNull();
    assertThat(o.baseline().point().combo().lb()).isNotEqualTo("ecmp");
    assertThat(o.baseline().unfinishedRuns()).isZero();
    assertThat(o.gains().throughput().n()).isEqualTo(3);
    assertThat(o.gains().throughput().median()).isFinite();
    assertThat(o.baselineNote()).startsWith("the baseline ecmp dctcp sack did not finish")
        .contains("gains are over " + o.baseline().point().label() + " instead");
    assertThat(Answer.lines(o)).anyMatch(l -> l.contains("throughput gain +"));
  }
}
