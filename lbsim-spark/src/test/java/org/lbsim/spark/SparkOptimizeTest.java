package org.lbsim.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.cli.Main;

/**
 * optimize with its runs on Spark ({@code local[2]}) makes the same trials, ranking and Pareto front as with its
 * runs in the local thread pool, and a search stopped part way resumes from the trial store without redoing a
 * stored run: 3 load balancers x DCTCP x SACK on a 16-host fat tree, 16 KiB flows, a budget of 20 runs.
 */
class SparkOptimizeTest {
  @TempDir
  Path dir;

  private List<String> args(Path out, String... more) throws IOException {
    return args(out, 20, more);
  }

  private List<String> args(Path out, int budget, String... more) throws IOException {
    Path s = dir.resolve("tiny.yaml");
    Files.writeString(s, "topology: {k: 4}\nworkload: {kind: all-to-all, size: 16KiB}\n");
    List<String> a = new ArrayList<>(List.of(s.toString(), "--vary", "lb=ecmp,plb,letflow", "--vary", "cc=dctcp",
        "--vary", "lr=sack", "--seeds", "2", "--budget", String.valueOf(budget), "--out", out.toString()));
    a.addAll(List.of(more));
    return a;
  }

  private record Outcome(int code, String out, String err) {}

  private static Outcome local(List<String> args) {
    Fixtures.Capture out = new Fixtures.Capture();
    Fixtures.Capture err = new Fixtures.Capture();
    List<String> all = new ArrayList<>(List.of("optimize"));
    all.addAll(args);
    int code = Main.execute(null, out.writer, err.writer, all.toArray(String[]::new));
    return new Outcome(code, out.toString(), err.toString());
  }

  private static Outcome spark(List<String> args) {
    Fixtures.Capture out = new Fixtures.Capture();
    Fixtures.Capture err = new Fixtures.Capture();
    int code = SparkOptimize.execute(out.writer, err.writer, args.toArray(String[]::new));
    return new Outcome(code, out.toString(), err.toString());
  }

  @Test
  void sparkGivesTheLocalSearchsTrialsAndFrontAndResumesFromItsTrialStore() throws IOException {
    Path here = dir.resolve("local");
    Path there = dir.resolve("spark");
    Outcome l = local(args(here, "--threads", "2"));
    assertThat(l.code()).as(l.err()).isZero();
    Outcome s = spark(args(there, "--spark", "local[2]", "--conf", "spark.ui.enabled=false"));
    assertThat(s.code()).as(s.err()).isZero();
    assertThat(s.err()).contains("on Spark, 2 runs in flight -> " + there.resolve("optimize-tiny"));

    Path expected = here.resolve("optimize-tiny/optimize.json");
    Path actual = there.resolve("optimize-tiny/optimize.json");
    String json = Files.readString(expected);
    assertThat(json).contains("\"stage\" : \"tuning\"").contains("\"pareto_front\"");
    assertThat(Files.readString(actual)).isEqualTo(json);
    assertThat(s.out()).isEqualTo(l.out().replace(here.toString(), there.toString()));

    // as if the driver were killed after 7 runs, in the middle of writing the 8th line
    Path store = there.resolve("optimize-tiny/trials.jsonl");
    List<String> lines = Files.readAllLines(store, StandardCharsets.UTF_8);
    int runs = lines.size();
    assertThat(runs).isGreaterThan(10);
    Files.writeString(store, String.join("\n", lines.subList(0, 7)) + "\n" + lines.get(7).substring(0, 30),
        StandardCharsets.UTF_8);
    Files.delete(actual);
    Outcome again = spark(args(there, "--spark", "local[2]"));
    assertThat(again.code()).as(again.err()).isZero();
    assertThat(again.err()).contains("optimize: 7 runs read back from " + store);
    assertThat(Files.readString(actual)).isEqualTo(json);
    // each run stored once: the 7 read back were not run again, the torn line stays as it was
    assertThat(Files.readAllLines(store, StandardCharsets.UTF_8))
        .filteredOn(line -> line.startsWith("{\"key\"") && line.endsWith("}}")).hasSize(runs)
        .doesNotHaveDuplicates();
  }

  @Test
  void aRunThatFailsIsRetriedOrStopsTheSearchWithWhatFinishedStoredAndTheSameCommandResumes() throws IOException {
    Path here = dir.resolve("local");
    assertThat(local(args(here, "--threads", "2")).code()).isZero();
    String json = Files.readString(here.resolve("optimize-tiny/optimize.json"));
    String fault = "spark.lbsim.test.failFirstAttemptWith=lb=letflow";

    // two attempts per task: every letflow run fails once and is retried, the search is unchanged
    Path retried = dir.resolve("retried");
    Outcome r = spark(args(retried, "--spark", "local[2,2]", "--conf", fault));
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(Files.readString(retried.resolve("optimize-tiny/optimize.json"))).isEqualTo(json);

    // one attempt: the first letflow run stops the search, exit 1, what finished before it is stored
    Path failed = dir.resolve("failed");
    Path store = failed.resolve("optimize-tiny/trials.jsonl");
    Outcome f = spark(args(failed, "--spark", "local[2]", "--conf", fault));
    assertThat(f.code()).as(f.err()).isEqualTo(1);
    assertThat(f.err()).contains("error: the Spark job failed: injected fault (spark.lbsim.test.failFirstAttemptWith): "
        + "first attempt of the run ").contains("lb=letflow")
        .contains("  every run finished so far is in " + store + "; the same command resumes from there")
        .doesNotContain("\tat ");
    assertThat(failed.resolve("optimize-tiny/optimize.json")).doesNotExist();
    List<String> stored = Files.readAllLines(store, StandardCharsets.UTF_8);
    assertThat(stored).isNotEmpty();

    Outcome again = spark(args(failed, "--spark", "local[2]"));
    assertThat(again.code()).as(again.err()).isZero();
    assertThat(again.err()).containsPattern("optimize: \\d+ runs read back from " + java.util.regex.Pattern.quote(
        store.toString()));
    assertThat(Files.readString(failed.resolve("optimize-tiny/optimize.json"))).isEqualTo(json);
  }

  @Test
  void badInputIsOneLineBeforeSparkStarts() throws IOException {
    Outcome o = spark(args(dir.resolve("out"), 3, "--spark", "local[2]"));
    assertThat(o.code()).isEqualTo(2);
    assertThat(o.err()).startsWith("error: --budget 3: too small for this space").doesNotContain("\tat ");
    assertThat(o.err().lines().count()).isEqualTo(1);
    Outcome master = spark(args(dir.resolve("out"), "--conf", "spark.ui.enabled=false"));
    assertThat(master.code()).isEqualTo(2);
    assertThat(master.err()).isEqualTo("error: no Spark master: give --spark MASTER (e.g. --spark 'local[*]') or run "
        + "through spark-submit --master ...\n");
  }
}
