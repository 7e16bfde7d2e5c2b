package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.metrics.RunResult;

/** Progress of a long run: told every so many events, printed every so much wall time, and never changing the result. */
class RunProgressTest {
  private static Scenario allToAll() {
    return Scenarios.of("topology.k=4", "workload.kind=all-to-all", "workload.size=64KiB", "seed=3");
  }

  @Test
  void aListenerIsToldEverySoManyEventsAndTheResultIsUnchanged() {
    List<ScenarioRunner.Progress> calls = new ArrayList<>();
    RunResult told = ScenarioRunner.run(allToAll(), calls::add, 1000);
    RunResult plain = ScenarioRunner.run(allToAll());
    assertThat(told.flows()).isEqualTo(plain.flows());
    assertThat(told.counters()).isEqualTo(plain.counters());
    assertThat(told.events()).isEqualTo(plain.events());
    // told at the end of the first window after every 1000 events: at most one call per 1000
    assertThat(calls).isNotEmpty().hasSizeLessThanOrEqualTo((int) (plain.events() / 1000));
    assertThat(calls.get(0).events()).isGreaterThanOrEqualTo(1000);
    for (int i = 1; i < calls.size(); i++) {
      assertThat(calls.get(i).simulatedPs()).isGreaterThan(calls.get(i - 1).simulatedPs());
      assertThat(calls.get(i).finished()).isGreaterThanOrEqualTo(calls.get(i - 1).finished());
      assertThat(calls.get(i).events()).isGreaterThanOrEqualTo(calls.get(i - 1).events() + 1000);
    }
    int flows = plain.flows().size();
    assertThat(calls).allSatisfy(c -> {
      assertThat(c.flows()).isEqualTo(flows);
      assertThat(c.limitPs()).isEqualTo(100_000_000_000L);
      assertThat(c.simulatedPs()).isLessThanOrEqualTo(c.limitPs());
      assertThat(c.boundPs()).isEqualTo(plain.boundPs());
    });
    assertThat(calls.get(0).finished()).isZero();
    assertThat(calls.get(calls.size() - 1).finished()).isPositive().isLessThanOrEqualTo(flows);
  }

  @Test
  void thePrintingListenerWritesALineOnlyWhenEnoughWallTimeHasPassed() {
    StringWriter text = new StringWriter();
    long[] clock = {0};
    ScenarioRunner.ProgressListener p = ScenarioRunner.ProgressListener.printing(new PrintWriter(text), 10,
        () -> clock[0]);
    for (int i = 1; i <= 6; i++) {
      clock[0] += 4_000_000_000L; // 4 s of wall time and 1 M events per call: lines at 12 s and 24 s
      p.progress(new ScenarioRunner.Progress(i * 1_234_500_000L, 100_000_000_000L, 50_000_000_000L, 3 * i, 16_256,
          i * 1_000_000L));
    }
    // ETA = elapsed x (bound - simulated) / simulated: 12 x 46.2965 / 3.7035 = 150.0, 24 x 42.593 / 7.407 = 138.0
    assertThat(text.toString().lines()).containsExactly(
        "  at 3.7035 ms simulated, lower bound 50 ms, 9 of 16,256 flows finished (0.1 %), 0.25 M events/s, ETA >= 150 s",
        "  at 7.407 ms simulated, lower bound 50 ms, 18 of 16,256 flows finished (0.1 %), 0.25 M events/s, ETA >= 138 s");
  }

  @Test
  void pastTheBoundOrWithoutOneTheLineHasNoEta() {
    assertThat(ProgressLine.of(new ScenarioRunner.Progress(60_000_000_000L, 100_000_000_000L, 50_000_000_000L, 5, 10,
        7), 30, 2e6)).isEqualTo("  at 60 ms simulated, past the 50 ms lower bound, 5 of 10 flows finished (50.0 %), "
        + "2.00 M events/s");
    assertThat(ProgressLine.of(new ScenarioRunner.Progress(1_500_000_000L, 100_000_000_000L, -1, 0, 10, 7), 30, 2e6))
        .isEqualTo("  at 1.5 of 100 ms simulated, 0 of 10 flows finished (0.0 %), 2.00 M events/s");
  }

  @Test
  void theFractionDoneIsOfTheBoundElseOfTheLimit() {
    assertThat(ProgressLine.fraction(new ScenarioRunner.Progress(25, 1000, 100, 0, 1, 0))).isEqualTo(0.25);
    assertThat(ProgressLine.fraction(new ScenarioRunner.Progress(250, 1000, 100, 0, 1, 0))).isEqualTo(1.0);
    assertThat(ProgressLine.fraction(new ScenarioRunner.Progress(250, 1000, -1, 0, 1, 0))).isEqualTo(0.25);
  }
}
