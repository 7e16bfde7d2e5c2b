package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.metrics.RunResult;
import org.lbsim.results.ResultWriter;
import org.lbsim.transport.FlowOutcome;

class DeterminismTest {
  @TempDir
  Path dir;

  private static final List<String> FILES = List.of("summary.json", "flows.csv", "ports.csv");

  @Test
  void sameSeedGivesByteIdenticalResultFiles() throws IOException {
    Scenario s = Scenarios.of("topology.k=4", "workload.kind=permutation", "workload.size=256KiB", "seed=11");
    ResultWriter.write(Scenarios.run(s), dir.resolve("a"));
    ResultWriter.write(Scenarios.run(s), dir.resolve("b"));
    for (String f : FILES) {
      assertThat(Files.readAllBytes(dir.resolve("a").resolve(f))).as(f)
          .isEqualTo(Files.readAllBytes(dir.resolve("b").resolve(f)));
    }
  }

  @Test
  void anotherSeedChangesThePermutation() {
    RunResult a = Scenarios.run(Scenarios.of("topology.k=4", "workload.size=16KiB", "seed=1"));
    RunResult b = Scenarios.run(Scenarios.of("topology.k=4", "workload.size=16KiB", "seed=2"));
    List<Integer> da = a.flows().stream().map(FlowOutcome::dst).toList();
    List<Integer> db = b.flows().stream().map(FlowOutcome::dst).toList();
    assertThat(da).isNotEqualTo(db);
  }
}
