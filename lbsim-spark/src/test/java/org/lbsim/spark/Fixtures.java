package org.lbsim.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.SparkConf;
import org.lbsim.experiment.GridFile;
import org.lbsim.experiment.Sweep;

/** A small grid, its local thread-pool sweep as the reference, and store/file comparisons. */
final class Fixtures {
  /** 2 designs x 2 seeds on a k = 4 fat tree (16 hosts), 64 KiB per flow: a second or so per run. */
  static final String GRID = """
      name: tiny
      base:
        topology: {k: 4}
        workload: {kind: permutation, size: 64KiB}
      axes:
        lb: [ecmp, host-spray]
      seeds: 2
      """;
  static final List<String> RUNS = List.of("lb-ecmp_seed-1", "lb-ecmp_seed-2", "lb-host-spray_seed-1",
      "lb-host-spray_seed-2");
  static final Sweep.Listener QUIET = new Sweep.Listener() {
    @Override
    public void started(int toRun, int alreadyDone) {}

    @Override
    public void finished(String run, int finished, int toRun) {}
  };
  private static final ObjectMapper JSON = new ObjectMapper();

  private Fixtures() {}

  static Path writeGrid(Path dir, String text) throws IOException {
    Path g = dir.resolve("grid.yaml");
    Files.writeString(g, text);
    return g;
  }

  /** The local sweep of the grid (2 threads) into {@code out}/tiny. */
  static Path localSweep(Path grid, Path out) {
    GridFile g = GridFile.read(grid);
    Path dir = out.resolve(g.name());
    Sweep.run(g, List.of(), 2, dir, QUIET).close();
    return dir;
  }

  /** Loopback-only Spark settings for tests; the UI is off. */
  static SparkConf conf(String master) {
    return new SparkConf().setMaster(master).setAppName("lbsim-spark test")
        .set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1")
        .set("spark.ui.enabled", "false");
  }

  /** run name -> its line, exactly as stored; fails on a duplicate run or a line that is not whole. */
  static Map<String, String> lines(Path store) throws IOException {
    String text = Files.readString(store);
    Map<String, String> m = new LinkedHashMap<>();
    if (text.isEmpty()) {
      return m;
    }
    assertThat(text).as("store ends with a whole line").endsWith("\n");
    for (String line : text.strip().split("\n")) {
      String run = JSON.readTree(line).get("run").asText();
      assertThat(m.put(run, line)).as("run %s appears twice in %s", run, store).isNull();
    }
    return m;
  }

  /** Every result file of every run in {@code expected} is byte-identical in {@code actual}. */
  static void assertSameRunFiles(Path expected, Path actual) throws IOException {
    for (String run : lines(expected.resolve("runs.jsonl")).keySet()) {
      Path e = expected.resolve("runs").resolve(run);
      List<Path> files;
      try (Stream<Path> ls = Files.list(e)) {
        files = ls.sorted().toList();
      }
      // engine.json, flows.csv, ports.csv, queues.csv (queue sampling), scenario.key, summary.json
      assertThat(files).hasSize(6);
      for (Path f : files) {
        Path a = actual.resolve("runs").resolve(run).resolve(f.getFileName());
        assertThat(Files.readAllBytes(a)).as(run + "/" + f.getFileName()).isEqualTo(Files.readAllBytes(f));
      }
      try (Stream<Path> ls = Files.list(actual.resolve("runs").resolve(run))) {
        assertThat(ls.count()).as("no leftover temporary files in " + run).isEqualTo(files.size());
      }
    }
  }

  /** A writer whose text the test can read back. */
  static final class Capture {
    final StringWriter text = new StringWriter();
    final PrintWriter writer = new PrintWriter(text, true);

    @Override
    public String toString() {
      return text.toString();
    }
  }
}
