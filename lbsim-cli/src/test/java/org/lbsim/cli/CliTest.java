package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CliTest {
  @TempDir
  Path dir;

  private static CliRunner.Outcome run(String... args) {
    return CliRunner.run(args);
  }

  @Test
  void badScenarioPrintsOneLinePerProblemAndNoStackTrace() throws IOException {
    Path bad = dir.resolve("bad.yaml");
    Files.writeString(bad, "topology:\n  k: 7\nworkload:\n  size: -1MiB\ncolour: blue\n");
    CliRunner.Outcome o = run("run", bad.toString(), "--out", dir.resolve("res").toString());
    assertThat(o.code()).isEqualTo(2);
    String[] lines = o.err().strip().split("\n");
    assertThat(lines).hasSize(3);
    assertThat(lines).allSatisfy(l -> assertThat(l).startsWith("error: " + bad));
    assertThat(o.err()).contains("topology.k").contains("workload.size").contains("colour")
        .doesNotContain("Exception").doesNotContain("\tat ");
    assertThat(dir.resolve("res")).doesNotExist();
  }

  @Test
  void runsAFileAndPrintsTheTable() throws IOException {
    Path ok = dir.resolve("tiny.yaml");
    Files.writeString(ok, "topology: {k: 4}\nworkload: {kind: permutation, size: 64KiB}\n");
    Path res = dir.resolve("res");
    CliRunner.Outcome o = run("run", ok.toString(), "--set", "lb=ecmp", "--out", res.toString());
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.out()).contains("scenario").contains("% over bound").contains("tiny").contains("ecmp")
        .contains("permutation 64KiB");
    // named by the file and the override, so that another --set never meets these results
    assertThat(res.resolve("tiny_lb-ecmp/summary.json")).exists();
    assertThat(res.resolve("tiny_lb-ecmp/flows.csv")).exists();
    assertThat(res.resolve("tiny_lb-ecmp/ports.csv")).exists();
  }

  @Test
  void theBuiltInComparisonTakesALeafSpineFromTheCommandLine() {
    Path res = dir.resolve("res");
    CliRunner.Outcome o = run("run", "--set", "topology.kind=leaf-spine", "--set", "topology.leaves=2", "--set",
        "topology.hosts_per_leaf=4", "--set", "topology.spines=2", "--set", "workload.size=16KiB", "--out", res.toString());
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.out()).contains("permutation-ecmp").contains("all-to-all-host-spray");
    assertThat(res.resolve("default-comparison").resolve("permutation-ecmp").resolve("summary.json")).content().contains("\"topology.kind\" : \"leaf-spine\"")
        .contains("\"topology.spines\" : \"2\"");
  }

  @Test
  void listShowsDesignsAndKeys() {
    CliRunner.Outcome o = run("list");
    assertThat(o.code()).isZero();
    assertThat(o.out()).contains("host-spray").contains("ecmp").contains("topology.k").contains("[default 8]");
  }

  @Test
  void unknownOptionIsAUsageErrorNotACrash() {
    CliRunner.Outcome o = run("run", "--frobnicate");
    assertThat(o.code()).isEqualTo(2);
    assertThat(o.err()).contains("Unknown option");
  }
}
