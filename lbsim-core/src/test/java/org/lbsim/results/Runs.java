package org.lbsim.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Arrays;
import org.lbsim.metrics.RunResult;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioReader;
import org.lbsim.scenario.ScenarioRunner;

/** Test helpers: a scenario from overrides, and its run, whose packets are all accounted for. */
final class Runs {
  private Runs() {}

  static Scenario of(String... overrides) {
    return ScenarioReader.fromText("", "test", Path.of("."), "test", Arrays.asList(overrides));
  }

  static RunResult run(Scenario s) {
    RunResult r = ScenarioRunner.run(s);
    assertThat(ResultWriter.conservationHolds(r)).isTrue();
    assertThat(r.counters().get("in_flight_at_end")).as("packets left in flight").isZero();
    return r;
  }
}
