package org.lbsim.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver killed with SIGKILL mid-job: every run it had received is in the store, whole and
 * byte-identical to the local sweep's, and the same command then runs exactly the rest.
 */
class DriverKillTest {
  @TempDir
  Path dir;

  private static final String GRID = """
      name: killed
      base:
        topology: {k: 4}
        workload: {kind: permutation, size: 256KiB}
      axes:
        lb: [ecmp, host-spray]
      seeds: 12
      """;
  /** Enough runs that the driver is still mid-job when the kill lands, however fast a run is. */
  private static final int RUNS = 24;

  @Test
  void aKilledDriverLosesNoReceivedRunAndTheSameCommandResumes() throws Exception {
    Path grid = Fixtures.writeGrid(dir, GRID);
    Path reference = Fixtures.localSweep(grid, dir.resolve("local"));
    Path out = dir.resolve("spark");
    Path store = out.resolve("killed").resolve("runs.jsonl");

    List<String> cmd = new ArrayList<>();
    cmd.add(ProcessHandle.current().info().command().orElse("java"));
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (a.startsWith("--add-opens") || a.startsWith("-XX:+IgnoreUnrecognizedVMOptions") || a.startsWith("-Dio.netty")) {
        cmd.add(a); // the same JVM options Spark needs here
      }
    }
    // a SIGKILLed driver runs no shutdown hook, so Spark's spark-* and blockmgr-* folders stay
    // behind: they go into the test's own folder, which JUnit deletes
    Path driverTmp = Files.createDirectories(dir.resolve("driver-tmp"));
    cmd.add("-Djava.io.tmpdir=" + driverTmp);
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), SparkSweep.class.getName(), grid.toString(),
        "--spark", "local[1]", "--out", out.toString()));
    Path log = dir.resolve("driver.log");
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (runsIn(store) < 2 && p.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(p.isAlive()).as("the driver should still be running when killed:\n" + Files.readString(log)).isTrue();
    p.destroyForcibly(); // SIGKILL: no shutdown hook, no flush
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(driverTmp).as("the killed driver's Spark folder").isDirectoryContaining("glob:**/spark-*");

    Map<String, String> expected = Fixtures.lines(reference.resolve("runs.jsonl"));
    Map<String, String> kept = wholeLines(store);
    assertThat(kept.size()).isBetween(2, RUNS - 1);
    kept.forEach((run, line) -> assertThat(line).as(run).isEqualTo(expected.get(run)));

    Fixtures.Capture o = new Fixtures.Capture();
    Fixtures.Capture e = new Fixtures.Capture();
    assertThat(SparkSweep.execute(o.writer, e.writer, grid.toString(), "--spark", "local[2]", "--out",
        out.toString())).as(e.toString()).isZero();
    assertThat(e.toString()).contains((RUNS - kept.size()) + " runs to do, " + kept.size() + " already in the store");
    assertThat(Fixtures.lines(store)).isEqualTo(expected);
    Fixtures.assertSameRunFiles(reference, out.resolve("killed"));
  }

  private static int runsIn(Path store) throws java.io.IOException {
    return Files.exists(store) ? (int) Files.readString(store).chars().filter(c -> c == '\n').count() : 0;
  }

  /** The store's whole lines, as the next sweep sees it (a torn last line is not a run). */
  private static Map<String, String> wholeLines(Path store) throws java.io.IOException {
    String text = Files.readString(store);
    Path copy = store.resolveSibling("whole.jsonl");
    Files.writeString(copy, text.substring(0, text.lastIndexOf('\n') + 1));
    return Fixtures.lines(copy);
  }
}
