package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A preset whose runs are cut by their run.limit_ms says so and exits with 3. */
class ReproduceUnfinishedTest {
  @TempDir
  Path dir;

  @Test
  void runsCutByTheirLimitAreNamedOnStderrAndTheExitCodeIsThree() {
    // the 1 MiB permutation's bound is 17 µs: 5 µs leaves every flow unfinished
    CliRunner.Outcome o = CliRunner.run("reproduce", "link-overload", "--seeds", "1", "--threads", "1",
        "--set", "run.limit_ms=0.005", "--out", dir.toString());
    assertThat(o.code()).as(o.err()).isEqualTo(3);
    assertThat(o.out()).contains("study:", "(with --set run.limit_ms=0.005: the runs differ from the preset's own "
        + "setup, which the line above and the study's line describe)");
    assertThat(o.err()).containsPattern("warning: (\\d+) of \\1 runs left flows unfinished by run.limit_ms")
        .contains("flows unfinished at 0.005 ms", "--set run.limit_ms=<ms>", "reproduce-link-overload");
  }

  @Test
  void runsThatFinishExitWithZeroAndNoWarning() {
    CliRunner.Outcome o = CliRunner.run("reproduce", "link-overload", "--seeds", "1", "--threads", "1",
        "--out", dir.toString());
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.err()).doesNotContain("unfinished");
    assertThat(o.out()).contains("study:").doesNotContain("with --set");
  }
}
