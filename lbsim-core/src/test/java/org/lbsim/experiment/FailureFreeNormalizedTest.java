package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.lbsim.metrics.RunResult;
import org.lbsim.transport.FlowOutcome;

/** The study's normalization to the failure-free best, exact on hand-made runs. */
class FailureFreeNormalizedTest {
  private static final FailureFreeNormalized TABLE = new FailureFreeNormalized("lb", "failures.rate");

  /** A run of one flow; {@code cct} < 0 leaves it unfinished. The bound is 100. */
  private static RunRecord run(String lb, String rate, long seed, long cct) {
    Map<String, String> values = rate == null ? Map.of("lb", lb, "failures.kind", "none")
        : Map.of("lb", lb, "failures.rate", rate);
    FlowOutcome f = FlowOutcome.builder().id(0).src(0).dst(1).bytes(1000).startPs(0).finishPs(cct).receivedPs(cct)
        .packetsSent(1).build();
    return new RunRecord(new GridPoint(new java.util.LinkedHashMap<>(values), seed),
        new RunResult("r", Map.of(), cct, 100, Math.abs(cct), 0, List.of(f), List.of(), Map.of()));
  }

  @Test
  void theBestSchemeIsTheLowestMedianFailureFreeCctAndEveryRunIsDividedByItsCctOfTheSameSeed() {
    List<RunRecord> runs = new ArrayList<>(List.of(
        // a wins seed 1, but b has the lower median failure-free CCT (107.5 against 110)
        run("a", null, 1, 100), run("a", null, 2, 120), run("b", null, 1, 105), run("b", null, 2, 110),
        run("a", "0.01", 1, 126), run("a", "0.01", 2, 132), run("b", "0.01", 1, 147), run("b", "0.01", 2, -1)));
    Table t = TABLE.analyze(runs);
    assertThat(t.header()).containsExactly("lb", "measure", "p=0", "p=0.01", "unfinished runs");
    assertThat(t.rows()).containsExactly(
        // a: (100/105 + 120/110) / 2 = 1.0216; (126/105 + 132/110) / 2 = 1.2
        List.of("a", FailureFreeNormalized.NORMALIZED, "1.022", "1.200", "0"),
        // b's unfinished seed-2 run is left out: 147/105 = 1.4
        List.of("b", FailureFreeNormalized.NORMALIZED, "1.000 *", "1.400", "1"),
        List.of("a", FailureFreeNormalized.OVER_BOUND, "10.00", "29.00", "0"),
        List.of("b", FailureFreeNormalized.OVER_BOUND, "7.50", "47.00", "1"));
  }

  @Test
  void aSchemeWithAnUnfinishedFailureFreeRunIsNotTheReference() {
    Table t = TABLE.analyze(List.of(run("a", null, 1, 90), run("a", null, 2, -1), run("b", null, 1, 100),
        run("b", null, 2, 120)));
    assertThat(t.rows().get(0)).containsExactly("a", FailureFreeNormalized.NORMALIZED, "0.900", "1");
    assertThat(t.rows().get(1)).containsExactly("b", FailureFreeNormalized.NORMALIZED, "1.000 *", "0");
  }

  @Test
  void withoutAFinishedFailureFreeSchemeNothingIsNormalized() {
    Table t = TABLE.analyze(List.of(run("a", null, 1, -1), run("a", "0.01", 1, 130)));
    assertThat(t.rows().get(0)).containsExactly("a", FailureFreeNormalized.NORMALIZED, "-", "-", "1");
    assertThat(t.rows().get(1)).containsExactly("a", FailureFreeNormalized.OVER_BOUND, "-", "30.00", "1");
  }
}
