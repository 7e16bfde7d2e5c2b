package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ReportCommandTest {
  @TempDir
  Path dir;

  private int run(StringWriter out, StringWriter err, String... args) {
    CommandLine cl = new CommandLine(new Main());
    cl.setExecutionExceptionHandler(new Errors());
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  @Test
  void aFolderWithoutResultsIsOneLineAndExitCode2() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = run(out, err, "report", dir.toString());
    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).isEqualTo("error: " + dir + ": no summary.json found in it or its subfolders\n");
  }

  @Test
  void aRecommendationsReportLeavesOutTheRunsOfAnEarlierOneInItsFolder() throws IOException {
    String[] first = {"recommend", "--set", "topology.k=4", "--set", "workload.size=16KiB", "--vary", "lb=ecmp,host-spray,ofan",
        "--seeds", "2", "--out", dir.toString()};
    assertThat(run(new StringWriter(), new StringWriter(), first)).isZero();
    String[] second = {"recommend", "--set", "topology.k=4", "--set", "workload.size=16KiB", "--vary", "lb=ecmp,switch-ar",
        "--seeds", "2", "--out", dir.toString()};
    StringWriter err = new StringWriter();
    assertThat(run(new StringWriter(), err, second)).isZero();
    assertThat(err.toString()).containsPattern("  4/4 done \\(.*\\): lb-(ecmp|switch-ar)_seed-[12]\n");
    Path folder = dir.resolve("recommend-default_topology.k-4_workload.size-16KiB");
    assertThat(folder.resolve("runs.txt")).content().isEqualTo("lb-ecmp_seed-1\nlb-ecmp_seed-2\nlb-switch-ar_seed-1\n"
        + "lb-switch-ar_seed-2\n");
    StringWriter out = new StringWriter();
    assertThat(run(out, new StringWriter(), "report", folder.toString())).isZero();
    assertThat(out.toString()).contains("report.html: 4 runs,").contains("left out 4 run folder(s) that "
        + folder.resolve("runs.txt") + " does not list, from an earlier command in this folder");
    assertThat(folder.resolve("report.html")).content().contains("Left out: 4 run folder(s) that runs.txt does not list")
        .contains("lb-host-spray_seed-1, lb-host-spray_seed-2, lb-ofan_seed-1, lb-ofan_seed-2");
  }

  @Test
  void aSweepsReportLeavesOutTheRunsOfAnEarlierGridOfTheSameName() throws IOException {
    Path grid = dir.resolve("g.yaml");
    Files.writeString(grid, "name: g\nbase: {topology: {k: 4}, workload: {size: 16KiB}}\naxes:\n  lb: [ecmp, host-spray]\n");
    assertThat(run(new StringWriter(), new StringWriter(), "sweep", grid.toString(), "--out", dir.toString())).isZero();
    Files.writeString(grid, "name: g\nbase: {topology: {k: 4}, workload: {size: 16KiB}}\naxes:\n  lb: [ecmp, ofan]\n");
    assertThat(run(new StringWriter(), new StringWriter(), "sweep", grid.toString(), "--out", dir.toString())).isZero();
    assertThat(dir.resolve("g/runs.txt")).content().isEqualTo("lb-ecmp_seed-1\nlb-ofan_seed-1\n");
    StringWriter out = new StringWriter();
    assertThat(run(out, new StringWriter(), "report", dir.resolve("g").toString())).isZero();
    assertThat(out.toString()).contains("report.html: 2 runs,").contains("left out 1 run folder(s)");
    assertThat(dir.resolve("g/report.html")).content().contains("(lb-host-spray_seed-1)");
  }

  @Test
  void aPresetsReportLeavesOutTheRunsOfAnEarlierCallWithMoreSeeds() throws IOException {
    String[] preset = {"reproduce", "perm-bound", "--set", "topology.k=4", "--set", "workload.size=16KiB", "--out",
        dir.toString(), "--seeds"};
    assertThat(run(new StringWriter(), new StringWriter(), append(preset, "2"))).isZero();
    StringWriter err = new StringWriter();
    assertThat(run(new StringWriter(), err, append(preset, "1"))).isZero();
    assertThat(err.toString()).contains("  12/12 done (").containsPattern("1/12 done \\(.*\\): lb-[a-z-]+_workload\\.locality-");
    Path folder = dir.resolve("reproduce-perm-bound");
    assertThat(Files.readAllLines(folder.resolve("runs.txt"))).hasSize(12).allMatch(r -> r.endsWith("_seed-1"));
    StringWriter out = new StringWriter();
    assertThat(run(out, new StringWriter(), "report", folder.toString())).isZero();
    assertThat(out.toString()).contains("report.html: 12 runs,").contains("left out 12 run folder(s)");
  }

  @Test
  void aCollectiveBenchmarksReportDrawsItsOwnRuns() throws IOException {
    String[] bench = {"bench-collective", "--op", "all-gather", "--sizes", "16KiB", "--set", "topology.k=4", "--out",
        dir.toString(), "--lb"};
    assertThat(run(new StringWriter(), new StringWriter(), append(bench, "ecmp,ofan"))).isZero();
    StringWriter err = new StringWriter();
    assertThat(run(new StringWriter(), err, append(bench, "ofan"))).isZero();
    assertThat(err.toString()).containsPattern("1/1 done \\(.*\\): lb-ofan_workload\\.size-\\d+_seed-1");
    Path folder = dir.resolve("bench-all-gather-default_topology.k-4");
    assertThat(Files.readAllLines(folder.resolve("runs.txt"))).singleElement().asString().startsWith("lb-ofan_");
    StringWriter out = new StringWriter();
    assertThat(run(out, new StringWriter(), "report", folder.toString())).isZero();
    assertThat(out.toString()).contains("report.html: 1 runs,").contains("left out 1 run folder(s)");
  }

  private static String[] append(String[] args, String last) {
    String[] all = java.util.Arrays.copyOf(args, args.length + 1);
    all[args.length] = last;
    return all;
  }

  @Test
  void reportsARunFolderToTheGivenFile() throws IOException {
    Path res = dir.resolve("res");
    Path yaml = dir.resolve("tiny.yaml");
    Files.writeString(yaml, "topology: {k: 4}\nworkload: {kind: permutation, size: 64KiB}\n");
    assertThat(run(new StringWriter(), new StringWriter(), "run", yaml.toString(), "--out", res.toString())).isZero();
    Path html = dir.resolve("out").resolve("r.html");
    StringWriter out = new StringWriter();
    int code = run(out, new StringWriter(), "report", res.toString(), "--out", html.toString());
    assertThat(code).isZero();
    assertThat(out.toString()).contains("1 runs");
    assertThat(Files.readString(html)).contains("id=\"chart-fct-cdf\"");
  }

  @Test
  void pngsGoIntoTheChartsFolderAndTheOutputSaysWhere() throws IOException {
    Path res = dir.resolve("res");
    Path yaml = dir.resolve("tiny.yaml");
    Files.writeString(yaml, "topology: {k: 4}\nworkload: {kind: permutation, size: 64KiB}\n");
    assertThat(run(new StringWriter(), new StringWriter(), "run", yaml.toString(), "--out", res.toString())).isZero();
    StringWriter out = new StringWriter();
    assertThat(run(out, new StringWriter(), "report", res.toString(), "--png")).isZero();
    Path charts = res.resolve("charts").toAbsolutePath();
    assertThat(charts.resolve("fct-cdf.png")).isRegularFile();
    assertThat(out.toString()).contains(" PNGs in " + charts + " (over-bound.png, ...)");
    try (var loose = Files.list(res)) {
      assertThat(loose.filter(p -> p.toString().endsWith(".png"))).isEmpty();
    }
  }
}
