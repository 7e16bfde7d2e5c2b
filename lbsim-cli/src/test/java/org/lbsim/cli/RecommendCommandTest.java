package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecommendCommandTest {
  /** Designs that do not spray packets: one path per flow, per subflow or per flowlet. */
  private static final Set<String> NOT_PACKET_SPRAYING = Set.of("ecmp", "subflow", "plb", "letflow", "conga");

  @TempDir
  Path dir;

  private static CliRunner.Outcome run(String... args) {
    return CliRunner.run(args);
  }

  @Test
  void ranksEveryDesignAndPutsAPacketSprayingOneFirstOnAnAllToAll() throws IOException {
    Path s = dir.resolve("fabric.yaml");
    Files.writeString(s, "topology: {k: 4}\nworkload: {kind: all-to-all, size: 64KiB}\n");
    CliRunner.Outcome o = run("recommend", s.toString(), "--threads", "2", "--out", dir.toString());
    assertThat(o.code()).as(o.err()).isZero();
    List<String> rows = o.out().lines().toList();
    assertThat(rows.get(0)).contains("rank").contains("lb").contains("% over bound").contains("vs ecmp: throughput gain %")
        .contains("CCT reduction %").contains("p99 FCT reduction %");
    // header, rule, then one row per design, best first
    String first = rows.get(2).trim().split("\\s+")[1];
    assertThat(first).isNotIn(NOT_PACKET_SPRAYING);
    assertThat(o.out()).contains("Recommended: " + first).contains("; over ecmp: throughput gain +")
        .contains("Baseline ecmp:");
    // every design but the oracle, which needs the traffic in advance and is run only when named
    assertThat(rows.stream().filter(l -> l.matches("\\s*\\d+\\s+\\S+.*")).count())
        .isEqualTo(org.lbsim.lb.LbDesigns.all().stream().filter(d -> !d.oracle()).count());
    assertThat(o.out()).doesNotContain("central-te");
    assertThat(dir.resolve("recommend-fabric/ranking.csv")).exists();
    // the baseline's row gains exactly nothing over itself
    assertThat(rows.stream().filter(l -> l.trim().split("\\s+").length > 1 && l.trim().split("\\s+")[1].equals("ecmp"))
        .findFirst().orElseThrow()).containsPattern("\\+0\\.0\\s+\\+0\\.0\\s+\\+0\\.0\\s");
  }

  @Test
  void designsWithinTheBestOnesSeedSpreadAreCalledATie() {
    // without loss the loss recovery never acts: both give the same CCT on every seed
    CliRunner.Outcome o = run("recommend", "--set", "topology.k=4", "--set", "workload.size=32KiB", "--vary", "lb=host-spray",
        "--vary", "lr=erasure,sack", "--baseline", "lr=erasure", "--seeds", "3", "--out", dir.toString());
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.out()).contains("Tie: any of these; the choice does not matter here, within 0.00 % (the best one's seed "
        + "spread): host-spray erasure, host-spray sack.");
  }

  @Test
  void aBaselineThatLeavesFlowsUnfinishedGivesWayToTheWeakestFinisher() {
    // a black hole that routes never avoid: ECMP's flows hashed into it never finish
    CliRunner.Outcome o = run("recommend", "--set", "topology.k=4", "--set", "workload.size=64KiB", "--set", "failures.kind=drop",
        "--set", "failures.links=tier2:0", "--set", "failures.convergence_us=never", "--set", "run.limit_ms=2", "--vary",
        "lb=ecmp,host-spray,ofan", "--seeds", "2", "--out", dir.toString());
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.out()).contains("Recommended: host-spray").contains("; over ofan: throughput gain +27.9 % [+0.3, +55.5]")
        .contains("Baseline: the baseline ecmp left 6 flows unfinished in 2 of 2 runs; gains are over ofan instead, the "
            + "weakest design that finished every run.")
        .doesNotContain("Tie:");
  }

  @Test
  void resumeReadsBackTheFinishedRunsAndRanksThemTheSame() throws IOException {
    String[] args = {"recommend", "--set", "topology.k=4", "--set", "workload.size=32KiB", "--vary",
        "lb=ecmp,host-spray,ofan", "--seeds", "2", "--out", dir.toString()};
    CliRunner.Outcome first = run(args);
    assertThat(first.code()).as(first.err()).isZero();
    byte[] ranking = Files.readAllBytes(dir.resolve("recommend-default_topology.k-4_workload.size-32KiB/ranking.csv"));
    // one run lost, as if the first call had been killed before it
    Path lost = dir.resolve("recommend-default_topology.k-4_workload.size-32KiB/lb-ofan_seed-2");
    assertThat(lost).isDirectory();
    try (java.util.stream.Stream<Path> files = Files.walk(lost)) {
      for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(f);
      }
    }
    String[] resumed = java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.stream.Stream.of(
        "--resume")).toArray(String[]::new);
    CliRunner.Outcome again = run(resumed);
    assertThat(again.code()).as(again.err()).isZero();
    assertThat(again.err()).contains("= 6 runs (5 read back from their folders) on ");
    assertThat(again.out()).isEqualTo(first.out());
    assertThat(Files.readAllBytes(dir.resolve("recommend-default_topology.k-4_workload.size-32KiB/ranking.csv"))).isEqualTo(ranking);
  }

  @Test
  void aSetNameNamesTheFolder() {
    CliRunner.Outcome o = run("recommend", "--set", "topology.k=4", "--set", "workload.size=16KiB", "--set", "name=what-if",
        "--vary", "lb=ecmp,ofan", "--out", dir.toString());
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(dir.resolve("recommend-what-if/runs.txt")).content().isEqualTo("lb-ecmp_seed-1\nlb-ofan_seed-1\n");
  }

  @Test
  void variesSeveralKeysAndRejectsUnknownOnes() {
    CliRunner.Outcome bad = run("recommend", "--vary", "colour=red,blue", "--out", dir.toString());
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err()).contains("--vary colour=red,blue").contains("unknown key 'colour'").doesNotContain("\tat ");

    CliRunner.Outcome badValue = run("recommend", "--vary", "lr=ideal,sack", "--out", dir.toString());
    assertThat(badValue.code()).isEqualTo(2);
    assertThat(badValue.err().strip()).startsWith("error: --vary lr").contains("'ideal'")
        .contains("allowed: erasure, sack, gbn, irn").doesNotContain("\tat ");

    CliRunner.Outcome o = run("recommend", "--set", "topology.k=4", "--set", "workload.size=32KiB", "--vary", "lb=ecmp,host-spray",
        "--vary", "lr=erasure,sack", "--out", dir.toString());
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.out()).contains("lb").contains("lr").contains("Recommended: host-spray");
    assertThat(o.err()).contains("4 designs x 1 seed(s) = 4 runs");
  }

  @Test
  void helpShowsThePercentSignAndPicocliWarnsAboutNothing() {
    java.io.PrintStream saved = System.err;
    java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(captured, true));
    try {
      CliRunner.Outcome top = run("--help");
      CliRunner.Outcome help = run("recommend", "--help");
      assertThat(top.out()).contains("by CCT % over").doesNotContain("%%");
      assertThat(help.out()).contains("by CCT % over").doesNotContain("%%").contains("--vary").contains("--baseline");
    } finally {
      System.setErr(saved);
    }
    assertThat(captured.toString()).doesNotContain("WARN");
  }
}
