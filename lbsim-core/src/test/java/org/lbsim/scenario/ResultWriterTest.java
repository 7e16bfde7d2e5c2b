package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.metrics.RunResult;

class ResultWriterTest {
  @TempDir
  Path dir;

  private static final List<String> FILES = List.of("summary.json", "flows.csv", "ports.csv", "queues.csv");

  private static RunResult sampledRun() {
    return Scenarios.run(Scenarios.of("topology.k=4", "workload.size=64KiB", "metrics.queue_sample_us=1"));
  }

  @Test
  void flowsWrittenOnASecondThreadGiveTheSameFiles() throws IOException {
    RunResult r = sampledRun();
    ResultWriter.write(r, dir.resolve("here"), false);
    ResultWriter.write(r, dir.resolve("aside"), true);
    for (String f : FILES) {
      assertThat(Files.readAllBytes(dir.resolve("aside").resolve(f))).as(f)
          .isEqualTo(Files.readAllBytes(dir.resolve("here").resolve(f)));
    }
    assertThat(Files.readAllLines(dir.resolve("aside").resolve("flows.csv"))).hasSize(r.flows().size() + 1);
    try (var left = Files.list(dir.resolve("aside"))) {
      assertThat(left.map(p -> p.getFileName().toString())).containsExactlyInAnyOrderElementsOf(FILES);
    }
  }

  @Test
  void aFileInTheWayIsReportedWithTheFolder() throws IOException {
    RunResult r = sampledRun();
    Path out = dir.resolve("out");
    Files.createDirectories(out.resolve("flows.csv")); // a folder where flows.csv must go
    for (boolean aside : new boolean[] {false, true}) {
      assertThatThrownBy(() -> ResultWriter.write(r, out, aside))
          .isInstanceOf(UncheckedIOException.class)
          .hasMessageStartingWith("cannot write results to " + out + ": ");
      assertThat(out.resolve("summary.json")).exists(); // the other files are still written
      assertThat(out.resolve("ports.csv")).exists();
    }
  }
}
