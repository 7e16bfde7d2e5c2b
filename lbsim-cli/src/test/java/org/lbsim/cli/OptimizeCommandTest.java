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

    String[] named = java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.stream.Stream.of(
        "--set", "name=no-ideal")).toArray(String[]::new);
    CliRunner.Outcome n = CliRunner.run(named);
    assertThat(n.code()).as(n.err()).isZero();
    assertThat(Files.readString(dir.resolve("optimize-no-ideal/optimize.json"))).contains("\"deployable\" : true");
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
    assertRefused(new String[] {"optimize", f, "--spark", "local[2]", "--out", out}, "error: --spark: lbsim.jar has no "
        + "Spark in it; run it through the launcher (./lbsim optimize ... --spark local[2]) or spark-submit lbsim-spark.jar");
    assertRefused(new String[] {"optimize", f, "--conf", "spark.task.cpus=1", "--out", out},
        "error: --conf spark.task.cpus=1: a Spark setting; give it with --spark MASTER");
    assertThat(dir.resolve("out")).doesNotExist();
  }

  /** A fabric whose first timeout is short, and two workloads for it. */
  private String[] robust(String out, String... more) throws IOException {
    Path f = dir.resolve("robust.yaml");
    Files.writeString(f, "topology: {k: 4}\nworkload: {kind: permutation, size: 16KiB}\n"
        + "transport: {initial_rto_us: 20}\nrun: {limit_ms: 1}\n");
    Files.writeString(dir.resolve("perm64.yaml"), "workload: {kind: permutation, size: 64KiB}\n");
    Files.writeString(dir.resolve("a2a.yaml"), "workload: {kind: all-to-all, size: 8KiB}\n");
    List<String> args = new java.util.ArrayList<>(List.of("optimize", f.toString(), "--workloads",
        dir.resolve("perm64.yaml") + "," + dir.resolve("a2a.yaml"), "--failures", "rate=0.1,tiers=tier2,convergence_us=0",
        "--draws", "2", "--vary", "lb=ecmp,host-spray,ofan", "--vary", "cc=dctcp", "--vary", "lr=sack", "--seeds", "2",
        "--budget", "36", "--threads", "2", "--out", out));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  @Test
  void scoresEveryCandidateOnEveryWorkloadAndDrawAndReportsTheWorstBesideTheMedian() throws IOException {
    CliRunner.Outcome o = CliRunner.run(robust(dir.resolve("one").toString()));
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.err()).contains("optimize: 3 design combinations, 4 knobs, budget 36 runs, 2 seed(s) from seed 1, "
        + "4 conditions (workloads x failure draws) ranked by the worst on 2 threads");
    List<String> lines = o.out().lines().toList();
    assertThat(lines.get(0)).contains("seeds  conditions  CCT (us) median / worst  score % median / worst")
        .contains("p99 FCT (us) median / worst  max queue KB median / worst");
    assertThat(o.out()).contains("Robust: 4 conditions, 2 workloads (perm64, a2a) x 2 failure draws (draw 0 fails "
        + "agg3-core1; draw 1 fails no link); ranked by the worst condition (--robust worst)")
        .containsPattern("(?m)^Recommended: \\S+ dctcp sack — score [0-9.]+ % in the median condition, [0-9.]+ % in the "
            + "worst; over ecmp dctcp sack: .* \\(median \\[min, max\\] over 8 runs: each seed under each condition\\)\\.");
    Path json = dir.resolve("one/optimize-robust/optimize.json");
    com.fasterxml.jackson.databind.JsonNode doc = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.toFile());
    assertThat(doc.get("robust").asText()).isEqualTo("worst");
    assertThat(doc.get("conditions")).hasSize(4);
    // per-workload trials: every design at rung 1 under both workloads, each under both draws
    for (String lb : List.of("ecmp", "host-spray", "ofan")) {
      for (int k = 0; k < 4; k++) {
        int condition = k;
        assertThat(doc.get("trials")).filteredOn(t -> t.get("lb").asText().equals(lb) && t.get("rung").asInt() == 1
            && t.get("stage").asText().equals("designs") && t.get("condition").asInt() == condition).hasSize(1);
      }
    }
    // the worst case beside the median, and never below it
    assertThat(doc.get("ranking")).isNotEmpty().allSatisfy(r -> {
      assertThat(r.get("conditions").asInt()).isEqualTo(4);
      assertThat(r.get("worst_score").asDouble()).isGreaterThanOrEqualTo(r.get("median_score").asDouble());
      assertThat(r.get("worst_cct_us").asDouble()).isGreaterThanOrEqualTo(r.get("median_cct_us").asDouble());
      assertThat(r.get("worst_p99_fct_us").asDouble()).isGreaterThanOrEqualTo(r.get("median_p99_fct_us").asDouble());
      assertThat(r.get("worst_max_queue_kb").asDouble()).isGreaterThanOrEqualTo(r.get("median_max_queue_kb").asDouble());
      assertThat(r.get("score").asDouble()).isEqualTo(r.get("worst_score").asDouble());
    });
    // the same command again, into a fresh folder and into the same one: the same bytes
    CliRunner.Outcome two = CliRunner.run(robust(dir.resolve("two").toString()));
    assertThat(Files.readString(dir.resolve("two/optimize-robust/optimize.json"))).isEqualTo(Files.readString(json));
    assertThat(two.out().replace(dir.resolve("two").toString(), "OUT")).isEqualTo(o.out().replace(
        dir.resolve("one").toString(), "OUT"));
    String before = Files.readString(json);
    CliRunner.Outcome again = CliRunner.run(robust(dir.resolve("one").toString()));
    assertThat(again.err()).contains("runs read back from");
    assertThat(again.out()).isEqualTo(o.out());
    assertThat(Files.readString(json)).isEqualTo(before);
  }

  @Test
  void refusesBadRobustnessInputWithOneLineBeforeAnythingRuns() throws IOException {
    String out = dir.resolve("out").toString();
    String f = fabric().toString();
    Files.writeString(dir.resolve("big.yaml"), "workload: {kind: incast, senders: 40, size: 16KiB}\n");
    Files.writeString(dir.resolve("whole.yaml"), "topology: {k: 8}\nworkload: {kind: permutation}\n");
    assertRefused(new String[] {"optimize", f, "--workloads", dir.resolve("nope.yaml").toString(), "--out", out},
        "error: --workloads " + dir.resolve("nope.yaml") + ": no such file (allowed: a YAML file with a workload section)");
    assertRefused(new String[] {"optimize", f, "--workloads", dir.resolve("big.yaml").toString(), "--out", out},
        "error: --workloads " + dir.resolve("big.yaml") + ": workload.senders: invalid value (got '40'; allowed: 1 to 15 "
            + "senders on 16 hosts)");
    assertRefused(new String[] {"optimize", f, "--workloads", dir.resolve("whole.yaml").toString(), "--out", out},
        "error: --workloads " + dir.resolve("whole.yaml") + ": topology.k: differs from the scenario's (got '8'; the "
            + "scenario has '4')");
    assertRefused(new String[] {"optimize", f, "--failures", "rate=0.01", "--draws", "0", "--out", out},
        "error: --draws 0: must be at least 1 (allowed: a whole number of failure draws >= 1)");
    assertRefused(new String[] {"optimize", f, "--failures", "rate=1", "--out", out},
        "error: --failures rate=1: rate 1 is outside [0, 1) (allowed: rate=P, the probability that each link fails, "
            + "at least 0 and below 1)");
    assertRefused(new String[] {"optimize", f, "--failures", "rate=-0.5", "--out", out},
        "error: --failures rate=-0.5: rate -0.5 is outside [0, 1)");
    assertRefused(new String[] {"optimize", f, "--failures", "kind=hold", "--out", out},
        "error: --failures kind=hold: rate missing");
    assertRefused(new String[] {"optimize", f, "--draws", "3", "--out", out},
        "error: --draws 3: needs --failures rate=P");
    assertRefused(new String[] {"optimize", f, "--failures", "rate=0.01,colour=red", "--out", out},
        "error: --failures failures.colour: unknown key");
    assertRefused(new String[] {"optimize", f, "--robust", "best", "--out", out},
        "error: --robust best: unknown (allowed: worst, median)");
    assertRefused(new String[] {"optimize", f, "--workloads", dir.resolve("big.yaml").toString(), "--set",
        "workload.size=1KiB", "--out", out}, "error: --set workload.size=1KiB: the workloads come from --workloads");
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
