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
    record Call(long simulatedPs, long limitPs, int finished, int flows) {}
    List<Call> calls = new ArrayList<>();
    RunResult told = ScenarioRunner.run(allToAll(), (t, limit, finished, flows) -> calls.add(new Call(t, limit, finished,
        flows)), 1000);
    RunResult plain = ScenarioRunner.run(allToAll());
    assertThat(told.flows()).isEqualTo(plain.flows());
    assertThat(told.counters()).isEqualTo(plain.counters());
    assertThat(told.events()).isEqualTo(plain.events());
    assertThat(calls).hasSize((int) (plain.events() / 1000));
    for (int i = 1; i < calls.size(); i++) {
      assertThat(calls.get(i).simulatedPs()).isGreaterThanOrEqualTo(calls.get(i - 1).simulatedPs());
      assertThat(calls.get(i).finished()).isGreaterThanOrEqualTo(calls.get(i - 1).finished());
    }
    int flows = plain.flows().size();
    assertThat(calls).allSatisfy(c -> {
      assertThat(c.flows()).isEqualTo(flows);
      assertThat(c.limitPs()).isEqualTo(100_000_000_000L);
      assertThat(c.simulatedPs()).isLessThanOrEqualTo(c.limitPs());
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
      clock[0] += 4_000_000_000L; // 4 s of wall time per call: lines at 12 s and 24 s
      p.progress(i * 1_234_500_000L, 100_000_000_000L, 3 * i, 16_256);
    }
    assertThat(text.toString().lines()).containsExactly(
        "  at 3.7035 of 100 ms simulated, 9 of 16,256 flows finished (0.1 %)",
        "  at 7.407 of 100 ms simulated, 18 of 16,256 flows finished (0.1 %)");
  }
}
