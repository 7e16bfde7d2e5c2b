package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sweep killed with SIGKILL resumes without losing, duplicating or corrupting a run. */
class SweepResumeTest {
  @TempDir
  Path dir;

  private static final String GRID = """
      name: resume
      base:
        topology: {k: 4}
        workload: {kind: permutation, size: 2MiB}
      axes:
        lb: [ecmp, host-spray, ofan, host-dr]
      seeds: 4
      """;

  @Test
  void killedSweepResumesWithEveryRunExactlyOnce() throws Exception {
    Path grid = dir.resolve("grid.yaml");
    Files.writeString(grid, GRID);
    Path killed = dir.resolve("killed");
    Path store = killed.resolve("resume").resolve("runs.jsonl");

    String java = ProcessHandle.current().info().command().orElse("java");
    Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Main.class.getName(),
        "sweep", grid.toString(), "--out", killed.toString(), "--threads", "1")
        .redirectErrorStream(true).redirectOutput(dir.resolve("killed.log").toFile()).start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (lines(store) < 3 && p.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(p.isAlive()).as("the sweep should still be running when killed: " + Files.readString(
        dir.resolve("killed.log"))).isTrue();
    p.destroyForcibly(); // SIGKILL
    p.waitFor(30, TimeUnit.SECONDS);
    int before = lines(store);
    assertThat(before).isBetween(3, 15);

    assertThat(Main.execute("sweep", grid.toString(), "--out", killed.toString())).isZero();
    Path clean = dir.resolve("clean");
    assertThat(Main.execute("sweep", grid.toString(), "--out", clean.toString())).isZero();

    Map<String, String> resumed = records(store);
    Map<String, String> uninterrupted = records(clean.resolve("resume").resolve("runs.jsonl"));
    assertThat(resumed).hasSize(16).isEqualTo(uninterrupted);
    for (String run : uninterrupted.keySet()) {
      for (String f : List.of("summary.json", "flows.csv", "ports.csv")) {
        assertThat(Files.readAllBytes(killed.resolve("resume/runs").resolve(run).resolve(f)))
            .as(run + "/" + f).isEqualTo(Files.readAllBytes(clean.resolve("resume/runs").resolve(run).resolve(f)));
      }
    }
    // running again finds everything done and changes nothing
    byte[] storeBytes = Files.readAllBytes(store);
    assertThat(Main.execute("sweep", grid.toString(), "--out", killed.toString())).isZero();
    assertThat(Files.readAllBytes(store)).isEqualTo(storeBytes);
  }

  private static int lines(Path f) throws IOException {
    if (!Files.exists(f)) {
      return 0;
    }
    return (int) Files.readString(f).chars().filter(c -> c == '\n').count();
  }

  /** run name -> its line; fails on a duplicate run or a line that is not whole. */
  private static Map<String, String> records(Path f) throws IOException {
    String text = Files.readString(f);
    assertThat(text).endsWith("\n");
    Map<String, String> m = new HashMap<>();
    for (String line : text.strip().split("\n")) {
      String run = line.substring(line.indexOf("\"run\":\"") + 7, line.indexOf("\",\"point\""));
      assertThat(m.put(run, line)).as("run %s appears twice", run).isNull();
    }
    return m;
  }
}
