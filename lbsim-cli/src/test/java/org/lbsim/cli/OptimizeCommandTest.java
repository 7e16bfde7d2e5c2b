package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OptimizeCommandTest {
  @TempDir
  Path dir;

  private Path fabric() throws IOException {
    Path s = dir.resolve("fabric.yaml");
    Files.writeString(s, "topology: {k: 4}\nworkload: {kind: all-to-all, size: 32KiB}\n");
    return s;
  }

  @Test
  void printsTheRankingAndTheAnswerAndWritesEveryTrial() throws IOException {
    CliRunner.Outcome o = CliRunner.run("optimize", fabric().toString(), "--vary", "lb=ecmp,ofan,letflow", "--vary",
        "cc=dctcp", "--vary", "lr=sack", "--budget", "20", "--threads", "2", "--out", dir.toString());
    assertThat(o.code()).as(o.err()).isZero();
    List<String> lines = o.out().lines().toList();
    assertThat(lines.get(0)).contains("rank").contains("design").contains("parameters").contains("% over bound")
        .contains("vs ecmp: throughput gain %").contains("CCT reduction %").contains("p99 FCT reduction %");
    assertThat(o.out()).containsPattern("(?m)^\\d+ runs of a budget of 20; ")
        .containsPattern("(?m)^Recommended( \\(of the tie\\))?: \\S+ dctcp sack")
        .contains("over the lower bound");
    assertThat(o.err()).contains("optimize: 3 design combinations").contains("budget 20 runs, 3 seed(s) from seed 1");
    Path json = dir.resolve("optimize-fabric/optimize.json");
    assertThat(json).exists();
    assertThat(Files.readString(json)).contains("\"trials\"").contains("\"overrides\"").contains("\"rung\"")
        .contains("\"pareto_front\"").contains("\"lb\" : \"ofan\"");
  }

  @Test
  void leavesTheIdealTransportOutUnlessAskedForAndMarksItWhenItIsIn() throws IOException {
    String[] args = {"optimize", fabric().toString(), "--vary", "lb=ecmp,ofan", "--vary", "cc=ideal,dctcp", "--vary",
        "lr=sack", "--seeds", "1", "--budget", "8", "--threads", "2", "--out", dir.toString()};
    CliRunner.Outcome o = CliRunner.run(args);
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.err()).contains("optimize: left out cc ideal: the study's ideal constant rate, which no NIC implements "
        + "(--include-ideal to search it)").contains("optimize: 2 design combinations");
    assertThat(o.out()).doesNotContain("ideal");

    String[] asked = java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.stream.Stream.of(
        "--include-ideal")).toArray(String[]::new);
    CliRunner.Outcome in = CliRunner.run(asked);
    assertThat(in.code()).as(in.err()).isZero();
    assertThat(in.err()).contains("optimize: 4 design combinations").doesNotContain("left out");
    assertThat(Files.readString(dir.resolve("optimize-fabric/optimize.json"))).contains("\"deployable\" : false");
  }

  @Test
  void refusesBadInputWithOneLineBeforeAnythingRuns() throws IOException {
    String f = fabric().toString();
    String out = dir.resolve("out").toString();
    assertRefused(new String[] {"optimize", f, "--budget", "0", "--out", out},
        "error: --budget 0: must be at least 1 run (allowed: a whole number of runs >= 1)");
    assertRefused(new String[] {"optimize", f, "--budget", "-5", "--out", out}, "error: --budget -5: must be at least 1 run");
    assertRefused(new String[] {"optimize", f, "--vary", "lb=plb", "--vary", "cc=dctcp", "--vary", "lr=sack",
        "--range", "plb.colour=1:2", "--out", out}, "error: --range plb.colour=1:2: unknown parameter 'plb.colour' "
            + "(allowed: a numeric parameter of a design searched: plb.window, plb.repath_fraction");
    assertRefused(new String[] {"optimize", f, "--vary", "lb=plb", "--vary", "cc=dctcp", "--vary", "lr=sack",
        "--range", "plb.repath_fraction=0.1:2", "--out", out},
        "error: --range plb.repath_fraction=0.1:2: outside the registry's range (allowed: a number from 0 to 1)");
    assertRefused(new String[] {"optimize", f, "--vary", "lb=ecmp,nope", "--out", out},
        "error: --vary lb=ecmp,nope: unknown design 'nope' (allowed: ecmp, host-spray");
    assertRefused(new String[] {"optimize", f, "--vary", "lb=ecmp,ofan", "--vary", "cc=dctcp", "--vary", "lr=sack",
        "--budget", "5", "--out", out}, "error: --budget 5: too small for this space (allowed: at least 9 runs");
    assertRefused(new String[] {"optimize", f, "--vary", "cc=ideal", "--out", out}, "nothing left to search");
    assertRefused(new String[] {"optimize", f, "--set", "workload.sise=1MiB", "--out", out}, "workload.sise");
    assertThat(dir.resolve("out")).doesNotExist();
  }

  private static void assertRefused(String[] args, String message) {
    CliRunner.Outcome o = CliRunner.run(args);
    assertThat(o.code()).as(o.err()).isEqualTo(2);
    assertThat(o.err()).contains(message).doesNotContain("\tat ");
    assertThat(o.err().lines().filter(l -> l.startsWith("error:")).count()).isEqualTo(1);
    assertThat(o.out()).isEmpty();
  }
}
