package org.lbsim.results;

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

  private static final List<String> FILES = List.of("summary.json", "flows.csv", "ports.csv", "queues.csv", "engine.json");

  private static RunResult sampledRun() {
    return Runs.run(Runs.of("topology.k=4", "workload.size=64KiB", "metrics.queue_sample_us=1"));
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
  void aRerunLeavesNoFileOfTheEarlierRun() throws IOException {
    Path out = dir.resolve("s");
    ResultWriter.write(sampledRun(), out, "key-1");
    assertThat(out.resolve("queues.csv")).exists();
    RunResult unsampled = Runs.run(Runs.of("topology.k=4", "workload.size=64KiB",
        "metrics.queue_sample_us=0"));
    ResultWriter.write(unsampled, out, "key-2");
    try (var left = Files.list(out)) {
      assertThat(left.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder("summary.json", "flows.csv", "ports.csv", "engine.json", "scenario.key");
    }
    assertThat(Files.readString(out.resolve("scenario.key"))).isEqualTo("key-2\n");
    try (var siblings = Files.list(dir)) {
      assertThat(siblings.map(p -> p.getFileName().toString())).containsExactly("s");
    }
  }

  @Test
  void aFailedWriteIsReportedWithTheFolder() throws IOException {
    Files.writeString(dir.resolve("file"), "a file where a folder must go");
    Path out = dir.resolve("file").resolve("out");
    assertThatThrownBy(() -> ResultWriter.write(sampledRun(), out, "k"))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageStartingWith("cannot write results to " + out + ": ");
  }

  @Test
  void aRunThatCannotBeWrittenLeavesTheOldFolderWhole() throws IOException {
    Path out = dir.resolve("out");
    ResultWriter.write(sampledRun(), out, "old");
    byte[] summary = Files.readAllBytes(out.resolve("summary.json"));
    RunResult r = sampledRun();
    RunResult broken = new RunResult(r.scenario(), r.settings(), r.cctPs(), r.boundPs(), r.endPs(), r.events(),
        r.flows(), r.ports(), java.util.Map.of()); // no counters: summary.json cannot be made
    assertThatThrownBy(() -> ResultWriter.write(broken, out, "new")).isInstanceOf(RuntimeException.class);
    assertThat(Files.readAllBytes(out.resolve("summary.json"))).isEqualTo(summary);
    assertThat(Files.readString(out.resolve("scenario.key"))).isEqualTo("old\n");
    try (var siblings = Files.list(dir)) {
      assertThat(siblings.map(p -> p.getFileName().toString())).containsExactly("out");
    }
  }
}
