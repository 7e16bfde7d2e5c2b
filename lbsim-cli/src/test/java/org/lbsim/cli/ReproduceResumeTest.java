package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code reproduce --resume} after a SIGKILL: the finished runs are read back, the rest run, and
 * the table and every run's files are byte for byte those of an uninterrupted call.
 */
class ReproduceResumeTest {
  @TempDir
  Path dir;

  /** 8 schemes × 2 sizes (1 MiB, 32 KiB) × 1 seed = 16 runs of a 16-host permutation. */
  private static final List<String> PRESET = List.of("reproduce", "link-overload", "--seeds", "1", "--set",
      "topology.k=4");

  private static String[] args(Path out, String... more) {
    List<String> a = new ArrayList<>(PRESET);
    a.addAll(List.of("--out", out.toString()));
    a.addAll(List.of(more));
    return a.toArray(String[]::new);
  }

  @Test
  void aKilledPresetResumesToTheUninterruptedTable() throws Exception {
    Path killed = dir.resolve("killed");
    Path folder = killed.resolve("reproduce-link-overload");
    Process p = startAndWait(killed, 3, dir.resolve("killed.log"));
    p.destroyForcibly(); // SIGKILL
    p.waitFor(30, TimeUnit.SECONDS);
    int before = runFolders(folder);
    assertThat(before).isBetween(3, 15);
    assertThat(folder.resolve("table.csv")).doesNotExist();

    CliRunner.Outcome resumed = CliRunner.run(args(killed, "--resume"));
    assertThat(resumed.code()).as(resumed.err()).isZero();
    assertThat(resumed.err()).contains("link-overload: " + (16 - before) + " runs (" + before
        + " more read back from their folders) on ");
    CliRunner.Outcome clean = CliRunner.run(args(dir.resolve("clean")));
    assertThat(clean.code()).as(clean.err()).isZero();
    assertThat(clean.err()).contains("link-overload: 16 runs on ");

    assertThat(resumed.out()).isEqualTo(clean.out());
    Path cleanFolder = dir.resolve("clean").resolve("reproduce-link-overload");
    assertThat(Files.readAllBytes(folder.resolve("table.csv")))
        .isEqualTo(Files.readAllBytes(cleanFolder.resolve("table.csv")));
    assertThat(runFolders(folder)).isEqualTo(16);
    try (Stream<Path> runs = Files.list(cleanFolder)) {
      for (Path run : runs.filter(Files::isDirectory).toList()) {
        for (String f : List.of("summary.json", "flows.csv", "ports.csv", "scenario.key")) {
          assertThat(Files.readAllBytes(folder.resolve(run.getFileName()).resolve(f))).as(run + "/" + f)
              .isEqualTo(Files.readAllBytes(run.resolve(f)));
        }
      }
    }
  }

  @Test
  void aStoredRunThatCannotBeReadBackIsRunAgainWithAWarning() throws IOException {
    Path out = dir.resolve("out");
    assertThat(CliRunner.run(args(out)).code()).isZero();
    Path run = out.resolve("reproduce-link-overload").resolve("lb-jsq_workload.size-1MiB_seed-1");
    byte[] flows = Files.readAllBytes(run.resolve("flows.csv"));
    Files.writeString(run.resolve("flows.csv"), "flow,src\n0,1\n"); // no dst column

    CliRunner.Outcome o = CliRunner.run(args(out, "--resume"));
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.err()).contains("warning: " + run.resolve("flows.csv") + ": line 2: ")
        .contains("; run lb-jsq_workload.size-1MiB_seed-1 will be done again")
        .contains("link-overload: 1 runs (15 more read back from their folders) on ");
    assertThat(Files.readAllBytes(run.resolve("flows.csv"))).isEqualTo(flows);
  }

  @Test
  void withoutResumeEveryRunIsDoneAgain() {
    Path out = dir.resolve("out");
    assertThat(CliRunner.run(args(out)).code()).isZero();
    CliRunner.Outcome again = CliRunner.run(args(out));
    assertThat(again.code()).isZero();
    assertThat(again.err()).contains("link-overload: 16 runs on ").doesNotContain("read back from")
        .contains("reproduce link-overload: 16 of the runs' folders already hold their results; they run again "
            + "(--resume reads them back instead)");
  }

  @Test
  void aStoppedPresetSaysHowToContinue() throws Exception {
    Path log = dir.resolve("stopped.log");
    Process p = startAndWait(dir.resolve("stopped"), 1, log);
    p.destroy(); // SIGTERM, as Ctrl-C's SIGINT: the shutdown hooks run
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(Files.readString(log)).contains("reproduce link-overload: stopped; every finished run is in its "
        + "folder: the same command with --resume continues");
  }

  @Test
  void aFinishedPresetPrintsNoStopHintAndTheListCountsItsRuns() {
    Path out = dir.resolve("out");
    CliRunner.Outcome o = CliRunner.run(args(out));
    assertThat(o.code()).isZero();
    assertThat(o.err()).doesNotContain("stopped;");
    // the full preset is 10 seeds: its seed-1 runs are these 16, with the same --set
    CliRunner.Outcome list = CliRunner.run("reproduce", "--list", "--out", out.toString(), "--set", "topology.k=4");
    assertThat(list.code()).isZero();
    assertThat(list.out()).containsPattern("(?m)^link-overload +160 +.* 16 +Per-link overload")
        .containsPattern("(?m)^fig1 +200 +.* - +No failures");
    // another --set is another scenario: none of its runs is there
    CliRunner.Outcome other = CliRunner.run("reproduce", "--list", "--out", out.toString());
    assertThat(other.out()).containsPattern("(?m)^link-overload +160 +.* - +Per-link overload");
  }

  /** Starts the preset in its own process on one thread and returns once {@code folders} runs are done; it still runs. */
  private static Process startAndWait(Path out, int folders, Path log) throws Exception {
    String java = ProcessHandle.current().info().command().orElse("java");
    List<String> cmd = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
        Main.class.getName()));
    cmd.addAll(List.of(args(out, "--threads", "1")));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    Path folder = out.resolve("reproduce-link-overload");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (runFolders(folder) < folders && p.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(p.isAlive()).as("the preset should still be running: " + Files.readString(log)).isTrue();
    return p;
  }

  /** Run folders written in full (a folder being written is a hidden sibling until it is renamed into place). */
  private static int runFolders(Path folder) throws IOException {
    if (!Files.isDirectory(folder)) {
      return 0;
    }
    try (Stream<Path> s = Files.list(folder)) {
      return (int) s.filter(d -> !d.getFileName().toString().startsWith(".") && Files.isDirectory(d)).count();
    }
  }
}
