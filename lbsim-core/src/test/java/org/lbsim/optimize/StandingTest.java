package org.lbsim.optimize;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A candidate's summary over conditions and seeds: each condition's seed median, then the median and the worst. */
class StandingTest {
  private static final Condition A = new Condition("a", "a.yaml", -1, 0, List.of(), List.of("workload.kind=permutation"));
  private static final Condition B = new Condition("b", "b.yaml", -1, 0, List.of(), List.of("workload.kind=all-to-all"));
  private static final Condition C = new Condition("c", "c.yaml", -1, 0, List.of(), List.of("workload.kind=incast"));
  private static final Point P = Point.defaults(new DesignCombo("ecmp", "dctcp", "sack", List.of(), List.of()));

  /** A finished run of CCT {@code cctUs} over a bound of 100 us (so its score is CCT - 100 in %). */
  private static Metrics run(double cctUs, double queueKb) {
    return new Metrics(Math.round(cctUs * 1e6), 100_000_000L, Math.round(cctUs * 1e6 / 2), Math.round(queueKb * 1e3), 0,
        1e9, 0);
  }

  private static Standing standing(Robust robust, Map<Condition, double[][]> byCondition) {
    List<Trial> trials = new ArrayList<>();
    for (long seed = 1; seed <= 2; seed++) {
      for (Condition c : List.of(A, B, C)) {
        double[] x = byCondition.get(c)[(int) seed - 1];
        trials.add(new Trial(trials.size(), P, c, seed, seed == 1 ? 1 : 2, "designs", run(x[0], x[1])));
      }
    }
    return new Standing(P, trials, Scoring.of(robust));
  }

  // per condition, {CCT us, queue KB} on seed 1 and on seed 2
  private static final Map<Condition, double[][]> RUNS = Map.of(
      A, new double[][] {{110, 10}, {130, 30}},  // seed median: 120 us, 20 KB
      B, new double[][] {{105, 50}, {105, 70}},  // 105 us, 60 KB
      C, new double[][] {{150, 5}, {170, 15}});  // 160 us, 10 KB

  @Test
  void theWorstConditionIsTheLargestSeedMedianAndTheMedianTheMiddleOne() {
    Standing worst = standing(Robust.WORST, RUNS);
    assertThat(worst.seeds()).isEqualTo(2);
    assertThat(worst.conditions()).isEqualTo(3);
    assertThat(worst.medianCctPs()).isEqualTo(120e6);
    assertThat(worst.worstCctPs()).isEqualTo(160e6);
    assertThat(worst.medianOverBoundPct()).isEqualTo(20.0);
    assertThat(worst.worstOverBoundPct()).isEqualTo(60.0);
    assertThat(worst.medianP99FctPs()).isEqualTo(60e6);
    assertThat(worst.worstP99FctPs()).isEqualTo(80e6);
    assertThat(worst.medianMaxQueueBytes()).isEqualTo(20e3);
    assertThat(worst.worstMaxQueueBytes()).isEqualTo(60e3);
    // ranked by the worst: score, CCT and queue are the worst condition's
    assertThat(worst.score()).isEqualTo(60.0).isEqualTo(worst.worstScore());
    assertThat(worst.medianScore()).isEqualTo(20.0);
    assertThat(worst.maxQueueBytes()).isEqualTo(60e3);
    // the seed spread: seed 1's worst condition scores 50 %, seed 2's 70 %
    assertThat(worst.seedSpreadTop()).isEqualTo(70.0);

    Standing median = standing(Robust.MEDIAN, RUNS);
    assertThat(median.score()).isEqualTo(20.0);
    assertThat(median.cctPs()).isEqualTo(120e6);
    assertThat(median.maxQueueBytes()).isEqualTo(20e3);
    assertThat(median.seedSpreadTop()).isEqualTo(30.0); // seed 1: 5, 10, 50 -> 10; seed 2: 5, 30, 70 -> 30
    // whichever ranks, the worst case is at least the median for every objective
    for (Standing x : List.of(worst, median)) {
      assertThat(x.worstScore()).isGreaterThanOrEqualTo(x.medianScore());
      assertThat(x.worstP99FctPs()).isGreaterThanOrEqualTo(x.medianP99FctPs());
      assertThat(x.worstMaxQueueBytes()).isGreaterThanOrEqualTo(x.medianMaxQueueBytes());
    }
  }

  @Test
  void oneConditionGivesTheSeedMediansAsBefore() {
    List<Trial> trials = List.of(new Trial(0, P, Condition.AS_GIVEN, 1, 1, "designs", run(110, 10)),
        new Trial(1, P, Condition.AS_GIVEN, 2, 2, "designs", run(130, 30)),
        new Trial(2, P, Condition.AS_GIVEN, 3, 2, "designs", run(150, 20)));
    for (Robust r : Robust.values()) {
      Standing x = new Standing(P, trials, Scoring.of(r));
      assertThat(x.score()).isEqualTo(30.0).isEqualTo(x.medianScore()).isEqualTo(x.worstScore());
      assertThat(x.seedSpreadTop()).isEqualTo(50.0); // the slowest seed
      assertThat(x.medianMaxQueueBytes()).isEqualTo(20e3).isEqualTo(x.worstMaxQueueBytes());
    }
  }

  @Test
  void aWorkloadWithoutABoundScoresOverTheFastestCctAnyDesignReachedAtRungOne() {
    Point other = Point.defaults(new DesignCombo("ofan", "dctcp", "sack", List.of(), List.of()));
    Metrics fast = new Metrics(40_000_000L, -1, 1, 1, 0, 1e9, 0); // no bound: 40 us
    Metrics slow = new Metrics(50_000_000L, -1, 1, 1, 0, 1e9, 0);
    List<Trial> rung1 = List.of(new Trial(0, P, A, 1, 1, "designs", run(110, 10)),
        new Trial(1, P, B, 1, 1, "designs", slow), new Trial(2, other, A, 1, 1, "designs", run(120, 10)),
        new Trial(3, other, B, 1, 1, "designs", fast));
    Scoring s = Scoring.of(Robust.WORST, List.of(A, B), rung1);
    assertThat(s.referencePs()).containsExactly(Map.entry(B, 40_000_000L));
    assertThat(s.score(B, slow)).isEqualTo(25.0); // % over 40 us, not 50 us
    assertThat(s.score(A, run(110, 10))).isEqualTo(10.0); // % over its bound
    Standing p = new Standing(P, rung1.subList(0, 2), s);
    assertThat(p.worstScore()).isEqualTo(25.0);
    assertThat(p.medianScore()).isEqualTo(17.5);
    // one condition: no reference, its CCT in microseconds as before
    assertThat(Scoring.of(Robust.WORST, List.of(B), rung1).referencePs()).isEmpty();
    assertThat(Scoring.of(Robust.WORST).score(B, slow)).isEqualTo(50.0);
  }

  @Test
  void anUnfinishedRunMakesTheScoreInfiniteWhicheverRanks() {
    List<Trial> trials = List.of(new Trial(0, P, A, 1, 1, "designs", run(110, 10)),
        new Trial(1, P, B, 1, 1, "designs", new Metrics(-1, 100_000_000L, -1, 800_000, 12, Double.NaN, 3)));
    for (Robust r : Robust.values()) {
      Standing x = new Standing(P, trials, Scoring.of(r));
      assertThat(x.unfinishedRuns()).isEqualTo(1);
      assertThat(x.score()).isInfinite();
      assertThat(x.medianCctPs()).isEqualTo(110e6); // over the finished runs
    }
  }
}
