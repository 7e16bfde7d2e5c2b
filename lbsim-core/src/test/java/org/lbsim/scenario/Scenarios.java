package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.lbsim.metrics.RunResult;
import org.lbsim.results.ResultWriter;

/** Test helpers: build scenarios from override lists and check invariants of every run. */
final class Scenarios {
  private Scenarios() {}

  static Scenario of(String... overrides) {
    return ScenarioReader.fromText("", "test", Path.of("."), "test", Arrays.asList(overrides));
  }

  static Scenario of(List<String> overrides) {
    return ScenarioReader.fromText("", "test", Path.of("."), "test", overrides);
  }

  /** Runs and checks packet conservation: sent = delivered + dropped (+ headers returned to their senders), nothing in flight. */
  static RunResult run(Scenario s) {
    RunResult r = ScenarioRunner.run(s);
    Map<String, Long> c = r.counters();
    assertThat(c.get("data_sent")).as("data sent = delivered + dropped (+ returned to sender)")
        .isEqualTo(c.get("data_delivered") + c.get("data_dropped") + c.getOrDefault("data_returned", 0L));
    assertThat(c.get("ack_sent")).as("acks sent = delivered + dropped")
        .isEqualTo(c.get("ack_delivered") + c.get("ack_dropped"));
    assertThat(c.get("in_flight_at_end")).as("packets left in flight").isZero();
    assertThat(ResultWriter.conservationHolds(r)).isTrue();
    return r;
  }

  static Path testData(String name) {
    return Path.of("src/test/resources", name).toAbsolutePath();
  }
}
