package org.lbsim.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.experiment.GridFile;
import org.lbsim.experiment.ResultStore;
import org.lbsim.experiment.SweepSummary;

/**
 * The Spark sweep against the local thread-pool sweep of the same grid: same runs, byte for
 * byte; a failed task attempt retried by Spark still gives exactly one result; a failed job
 * resumes like a local sweep.
 */
class SparkSweepTest {
  @TempDir
  static Path dir;
  static Path grid;
  static Path reference;

  @BeforeAll
  static void localSweep() throws Exception {
    grid = Fixtures.writeGrid(dir, Fixtures.GRID);
    reference = Fixtures.localSweep(grid, dir.resolve("local"));
    assertThat(Fixtures.lines(reference.resolve("runs.jsonl"))).containsOnlyKeys(Fixtures.RUNS);
  }

  @Test
  void sparkSweepOnTwoSlotsMatchesTheLocalSweepByteForByte() throws Exception {
    Path out = dir.resolve("spark");
    Fixtures.Capture o = new Fixtures.Capture();
    Fixtures.Capture e = new Fixtures.Capture();
    int code = SparkSweep.execute(o.writer, e.writer, grid.toString(), "--spark", "local[2]", "--out", out.toString());

    assertThat(code).as(e.toString()).isZero();
    Path store = out.resolve("tiny");
    assertThat(Fixtures.lines(store.resolve("runs.jsonl")))
        .isEqualTo(Fixtures.lines(reference.resolve("runs.jsonl")));
    Fixtures.assertSameRunFiles(reference, store);
    String localSummary;
    try (ResultStore s = ResultStore.open(reference)) {
      GridFile g = GridFile.read(grid);
      localSummary = SweepSummary.csv(g.axes(), SweepSummary.rows(g.grid(), s.records()));
    }
    assertThat(Files.readString(store.resolve("summary.csv"))).isEqualTo(localSummary);
    assertThat(o.toString()).contains("ecmp", "host-spray");
    assertThat(e.toString()).contains("tiny: 4 runs to do, 0 already in the store", "4/4 done");

    // everything is done: a second job has nothing to run and leaves the store as it was
    byte[] before = Files.readAllBytes(store.resolve("runs.jsonl"));
    Fixtures.Capture e2 = new Fixtures.Capture();
    assertThat(SparkSweep.execute(o.writer, e2.writer, grid.toString(), "--spark", "local[2]", "--out",
        out.toString())).isZero();
    assertThat(e2.toString()).contains("0 runs to do, 4 already in the store");
    assertThat(Files.readAllBytes(store.resolve("runs.jsonl"))).isEqualTo(before);
  }

  @Test
  void aSparkSweepAfterAChangedSetRedoesOnlyTheChangedRuns() throws Exception {
    Path out = dir.resolve("changed");
    Files.createDirectories(out);
    Path subflows = Fixtures.writeGrid(out, Fixtures.GRID.replace("host-spray", "subflow"));
    Fixtures.localSweep(subflows, out);
    Path store = out.resolve("tiny");
    Map<String, String> before = Fixtures.lines(store.resolve("runs.jsonl"));
    Fixtures.Capture o = new Fixtures.Capture();
    Fixtures.Capture e = new Fixtures.Capture();
    // a setting of the subflow design changes its two runs and leaves the ECMP ones as they were
    assertThat(SparkSweep.execute(o.writer, e.writer, subflows.toString(), "--spark", "local[2]", "--set",
        "subflow.count?=2", "--out", out.toString())).as(e.toString()).isZero();
    assertThat(e.toString()).contains("tiny: 2 runs changed since the store was written",
        "tiny: 2 runs to do, 2 already in the store");
    try (ResultStore s = ResultStore.open(store)) {
      Map<String, com.fasterxml.jackson.databind.JsonNode> after = s.records();
      for (String seed : List.of("1", "2")) {
        assertThat(after.get("lb-subflow_seed-" + seed).toString()).isNotEqualTo(before.get("lb-subflow_seed-" + seed));
        assertThat(after.get("lb-ecmp_seed-" + seed).toString()).isEqualTo(before.get("lb-ecmp_seed-" + seed));
      }
    }
  }

  @Test
  void aTaskThatFailsOnceIsRetriedBySparkAndRecordedExactlyOnce() throws Exception {
    Path out = dir.resolve("retry").resolve("tiny");
    String failing = "lb-host-spray_seed-1";
    List<String> failedAttempts = new ArrayList<>();
    List<Integer> succeededAttempts = new ArrayList<>();
    // local[2,3]: 2 task slots, up to 3 attempts per task (plain local[N] never retries)
    try (JavaSparkContext sc = new JavaSparkContext(Fixtures.conf("local[2,3]"))) {
      sc.sc().addSparkListener(new SparkListener() {
        @Override
        public void onTaskEnd(SparkListenerTaskEnd end) {
          synchronized (failedAttempts) {
            if (end.taskInfo().failed()) {
              failedAttempts.add(end.taskInfo().attemptNumber() + ": " + end.reason());
            } else {
              succeededAttempts.add(end.taskInfo().attemptNumber());
            }
          }
        }
      });
      SparkSweepJob.Plan plan = SparkSweepJob.plan(GridFile.read(grid), List.of(), out, Set.of(failing));
      assertThat(plan.todo()).hasSize(4);
      SparkSweepJob.run(sc, plan, out, Fixtures.QUIET);
      plan.store().close();
    } // stopping the context delivers every pending listener event

    assertThat(failedAttempts).hasSize(1);
    assertThat(failedAttempts.get(0)).startsWith("0: ").contains("injected fault", failing);
    assertThat(succeededAttempts).containsExactlyInAnyOrder(0, 0, 0, 1);
    Map<String, String> stored = Fixtures.lines(out.resolve("runs.jsonl"));
    assertThat(stored).isEqualTo(Fixtures.lines(reference.resolve("runs.jsonl")));
    Fixtures.assertSameRunFiles(reference, out);
  }

  @Test
  void aJobThatFailsKeepsWhatFinishedAndTheSameCommandResumes() throws Exception {
    Path out = dir.resolve("resume");
    Path store = out.resolve("tiny").resolve("runs.jsonl");
    String failing = "lb-host-spray_seed-2";
    Fixtures.Capture o = new Fixtures.Capture();
    Fixtures.Capture e = new Fixtures.Capture();
    // local[2]: one attempt per task, so the injected fault fails the job
    int code = SparkSweep.execute(o.writer, e.writer, grid.toString(), "--spark", "local[2]", "--out", out.toString(),
        "--conf", SparkSweep.FAIL_FIRST_ATTEMPT + "=" + failing);

    assertThat(code).isEqualTo(SparkSweep.JOB_FAILED);
    assertThat(e.toString()).contains("error: the Spark job failed: injected fault", failing,
        "the same command resumes from there");
    Map<String, String> kept = Fixtures.lines(store);
    assertThat(kept).doesNotContainKey(failing).hasSizeLessThan(4);
    Map<String, String> expected = Fixtures.lines(reference.resolve("runs.jsonl"));
    kept.forEach((run, line) -> assertThat(line).isEqualTo(expected.get(run)));

    Fixtures.Capture e2 = new Fixtures.Capture();
    assertThat(SparkSweep.execute(o.writer, e2.writer, grid.toString(), "--spark", "local[2]", "--out",
        out.toString())).as(e2.toString()).isZero();
    assertThat(e2.toString()).contains((4 - kept.size()) + " runs to do, " + kept.size() + " already in the store");
    assertThat(Fixtures.lines(store)).isEqualTo(expected);
    Fixtures.assertSameRunFiles(reference.resolve(""), out.resolve("tiny"));
  }

  @Test
  void badInputIsOneClearLineAndNoJob() throws Exception {
    Fixtures.Capture o = new Fixtures.Capture();
    Fixtures.Capture e = new Fixtures.Capture();
    Path out = dir.resolve("bad");
    assertThat(SparkSweep.execute(o.writer, e.writer, grid.toString(), "--out", out.toString()))
        .isEqualTo(SparkSweep.BAD_INPUT);
    assertThat(e.toString()).startsWith("error: no Spark master: give --spark MASTER");

    Fixtures.Capture e2 = new Fixtures.Capture();
    assertThat(SparkSweep.execute(o.writer, e2.writer, grid.toString(), "--spark", "local[1]", "--out",
        out.toString(), "--conf", SparkSweep.FAIL_FIRST_ATTEMPT + "=lb-nope_seed-1")).isEqualTo(SparkSweep.BAD_INPUT);
    assertThat(e2.toString()).contains("spark.lbsim.test.failFirstAttempt: no such run", "lb-nope_seed-1");

    Fixtures.Capture e3 = new Fixtures.Capture();
    assertThat(SparkSweep.execute(o.writer, e3.writer, grid.toString(), "--spark", "local[1]", "--out",
        out.toString(), "--set", "lb=nope")).isEqualTo(SparkSweep.BAD_INPUT);
    assertThat(e3.toString()).contains("error: ", "lb", "nope");
    assertThat(out.resolve("tiny").resolve("runs.jsonl")).doesNotExist();
  }
}
