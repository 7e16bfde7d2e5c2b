package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.experiment.ResultStore;

/** What the commands promise about result folders and sweep stores, end to end. */
class ResultFoldersCliTest {
  @TempDir
  Path dir;

  private static final String TINY = "topology: {k: 4}\nworkload: {kind: permutation, size: 64KiB}\n";

  private Path file(String name, String text) throws IOException {
    Path f = dir.resolve(name);
    Files.writeString(f, text);
    return f;
  }

  /** Every file below {@code root}, relative, with its bytes as text. */
  private static Map<String, String> files(Path root) throws IOException {
    Map<String, String> m = new TreeMap<>();
    if (!Files.exists(root)) {
      return m;
    }
    try (Stream<Path> all = Files.walk(root)) {
      for (Path p : all.filter(Files::isRegularFile).toList()) {
        m.put(root.relativize(p).toString(), Files.readString(p));
      }
    }
    return m;
  }

  @Test
  void aRerunOfTheSameScenarioGivesTheSameFilesWithoutAFlag() throws IOException {
    Path s = file("s.yaml", TINY);
    Path out = dir.resolve("out");
    assertThat(CliRunner.run("run", s.toString(), "--out", out.toString()).code()).isZero();
    Map<String, String> first = files(out);
    assertThat(first).containsOnlyKeys("s/summary.json", "s/flows.csv", "s/ports.csv", "s/queues.csv",
        "s/engine.json", "s/scenario.key");
    assertThat(CliRunner.run("run", s.toString(), "--out", out.toString()).code()).isZero();
    assertThat(files(out)).isEqualTo(first);
  }

  @Test
  void replacingADifferentScenariosResultsNeedsOverwrite() throws IOException {
    Path s = file("s.yaml", TINY);
    Path out = dir.resolve("out");
    assertThat(CliRunner.run("run", s.toString(), "--out", out.toString()).code()).isZero();
    Map<String, String> first = files(out);
    // named as the first run's results, which hold another scenario
    CliRunner.Outcome refused = CliRunner.run("run", s.toString(), "--set", "name=s", "--set", "workload.size=32KiB", "--set",
        "metrics.queue_sample_us=0", "--out", out.toString());
    assertThat(refused.code()).isEqualTo(2);
    assertThat(refused.err()).contains("error: " + s + ": name: " + out.resolve("s")
        + " holds the results of a different scenario (got 's'; allowed: another name or --out, or --overwrite");
    assertThat(refused.err()).doesNotContain("running");
    assertThat(files(out)).isEqualTo(first);
    CliRunner.Outcome replaced = CliRunner.run("run", s.toString(), "--set", "name=s", "--set", "workload.size=32KiB", "--set",
        "metrics.queue_sample_us=0", "--out", out.toString(), "--overwrite");
    assertThat(replaced.code()).isZero();
    Map<String, String> second = files(out);
    assertThat(second).as("one run's files, none of the earlier one's").containsOnlyKeys("s/summary.json",
        "s/flows.csv", "s/ports.csv", "s/engine.json", "s/scenario.key");
    assertThat(second.get("s/scenario.key")).isNotEqualTo(first.get("s/scenario.key"));
    assertThat(second.get("s/summary.json")).contains("\"workload.size\" : \"32KiB\"");
  }

  @Test
  void twoScenariosOfOneRunInOneFolderAreRefusedBeforeAnythingRuns() throws IOException {
    Path a = file("a.yaml", "name: same\n" + TINY);
    Path b = file("b.yaml", "name: same\n" + TINY.replace("64KiB", "32KiB"));
    Path out = dir.resolve("out");
    CliRunner.Outcome o = CliRunner.run("run", a.toString(), b.toString(), "--out", out.toString());
    assertThat(o.code()).isEqualTo(2);
    assertThat(o.err()).contains("error: " + b + ": name: " + a + " has the same name");
    assertThat(out).doesNotExist();
  }

  @Test
  void aNameOfDotDotWritesNothingOutsideTheOutputFolder() throws IOException {
    Path s = file("s.yaml", TINY);
    Path out = dir.resolve("nested").resolve("out");
    Files.createDirectories(out);
    Files.writeString(dir.resolve("nested").resolve("summary.json"), "mine");
    for (List<String> args : List.of(List.of("--set", "name=.."), List.of("--set", "name=."))) {
      List<String> all = new java.util.ArrayList<>(List.of("run", s.toString(), "--out", out.toString()));
      all.addAll(args);
      CliRunner.Outcome o = CliRunner.run(all.toArray(String[]::new));
      assertThat(o.code()).as(o.err()).isEqualTo(2);
      assertThat(o.err()).containsPattern("error: .*name: .*\\(got '\\.\\.?'; allowed: a name other than '\\.' and '\\.\\.'");
    }
    assertThat(files(dir.resolve("nested"))).containsExactly(Map.entry("summary.json", "mine"));
  }

  @Test
  void theBuiltInComparisonRerunsWithoutAFlagWhateverItsSettings() {
    Path out = dir.resolve("out");
    for (String size : List.of("64KiB", "64KiB", "32KiB")) {
      CliRunner.Outcome o = CliRunner.run("run", "--set", "topology.k=4", "--set", "workload.size=" + size,
          "--set", "metrics.queue_sample_us=0", "--out", out.toString());
      assertThat(o.code()).as(o.err()).isZero();
    }
    assertThat(out.resolve("default-comparison/permutation-ecmp/summary.json")).content()
        .contains("\"workload.size\" : \"32KiB\"");
    // --set lb=... makes variants the same scenario: it runs once, not refused as a clash
    CliRunner.Outcome same = CliRunner.run("run", "--set", "topology.k=4", "--set", "workload.size=32KiB",
        "--set", "lb=ecmp", "--out", out.toString());
    assertThat(same.code()).as(same.err()).isZero();
  }

  @Test
  void recommendReplacesADifferentScenariosRunsOnlyWithOverwrite() throws IOException {
    Path s = file("s.yaml", TINY);
    Path out = dir.resolve("out");
    String[] base = {"recommend", s.toString(), "--vary", "lb=ecmp", "--out", out.toString()};
    assertThat(CliRunner.run(base).code()).isZero();
    Map<String, String> first = files(out);
    assertThat(first).containsKey("recommend-s/lb-ecmp_seed-1/scenario.key");
    assertThat(CliRunner.run(base).code()).as("the same scenario again").isZero();
    assertThat(files(out)).isEqualTo(first);
    // a --set names a folder of its own, and leaves this one as it is
    List<String> set = new java.util.ArrayList<>(List.of(base));
    set.addAll(List.of("--set", "workload.size=32KiB"));
    assertThat(CliRunner.run(set.toArray(String[]::new)).code()).isZero();
    assertThat(files(out)).containsAllEntriesOf(first)
        .containsKey("recommend-s_workload.size-32KiB/lb-ecmp_seed-1/scenario.key");
    // the file changed under the same name: its runs are another scenario's
    Files.writeString(s, TINY.replace("64KiB", "32KiB"));
    CliRunner.Outcome refused = CliRunner.run(base);
    assertThat(refused.code()).isEqualTo(2);
    assertThat(refused.err()).contains("error: " + s + ": run lb-ecmp_seed-1: " + out.resolve("recommend-s")
        .resolve("lb-ecmp_seed-1") + " holds the results of a different scenario");
    assertThat(files(out)).containsAllEntriesOf(first);
    List<String> changed = new java.util.ArrayList<>(List.of(base));
    changed.add("--overwrite");
    assertThat(CliRunner.run(changed.toArray(String[]::new)).code()).isZero();
    assertThat(files(out).get("recommend-s/lb-ecmp_seed-1/summary.json")).contains("\"workload.size\" : \"32KiB\"");
  }

  private static final String GRID = "name: g\nbase: {topology: {k: 4}, workload: {size: 64KiB}}\n"
      + "axes:\n  lb: [ecmp, host-spray]\n";

  @Test
  void aSweepRedoesTheRunsASetChangedAndSaysSo() throws IOException {
    Path g = file("g.yaml", GRID.replace("host-spray", "subflow"));
    Path out = dir.resolve("out");
    assertThat(CliRunner.run("sweep", g.toString(), "--out", out.toString(), "--threads", "2").code()).isZero();
    String before = Files.readString(out.resolve("g/summary.csv"));
    // a setting of the subflow design changes its run only
    CliRunner.Outcome o = CliRunner.run("sweep", g.toString(), "--set", "subflow.count?=2", "--out", out.toString(),
        "--threads", "2");
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.err()).contains("g: 1 run changed since the store was written (base scenario, --set or a "
        + "referenced file differs): redoing it", "g: 1 runs to do, 1 already in the store");
    List<String> rows = Files.readString(out.resolve("g/summary.csv")).lines().toList();
    assertThat(rows.get(1)).as("the ECMP row is as it was").isEqualTo(before.lines().toList().get(1));
    assertThat(rows.get(2)).as("the subflow row shows the new run").isNotEqualTo(before.lines().toList().get(2));
  }

  @Test
  void aCorruptStoreLineIsAWarningAndItsRunIsRedone() throws IOException {
    Path g = file("g.yaml", GRID);
    Path out = dir.resolve("out");
    assertThat(CliRunner.run("sweep", g.toString(), "--out", out.toString(), "--threads", "2").code()).isZero();
    Path store = out.resolve("g/runs.jsonl");
    List<String> lines = Files.readAllLines(store);
    Files.writeString(store, lines.get(0) + "\nthis is not json\n[1, 2]\n");
    CliRunner.Outcome o = CliRunner.run("sweep", g.toString(), "--out", out.toString(), "--threads", "2");
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.err()).contains(
        "warning: " + store + ":2: not a run record (not JSON); that run will be redone",
        "warning: " + store + ":3: not a run record (not a JSON object); that run will be redone",
        "g: 1 runs to do, 1 already in the store").doesNotContain("internal error").doesNotContain("\tat ");
    assertThat(Files.readAllLines(store)).hasSize(2);
  }

  @Test
  void aSecondSweepOnAStoreInUseIsRefused() throws IOException {
    Path g = file("g.yaml", GRID);
    Path out = dir.resolve("out");
    try (ResultStore held = ResultStore.open(out.resolve("g"))) {
      CliRunner.Outcome o = CliRunner.run("sweep", g.toString(), "--out", out.toString());
      assertThat(o.code()).isEqualTo(2);
      assertThat(o.err()).contains("error: " + out.resolve("g") + ": another sweep is using this results store");
    }
    assertThat(CliRunner.run("sweep", g.toString(), "--out", out.toString(), "--threads", "2").code()).isZero();
  }

  @Test
  void everyCommandsHelpListsTheExitCodes() {
    for (String command : List.of("run", "sweep", "reproduce", "recommend", "report", "list")) {
      CliRunner.Outcome o = CliRunner.run(command, "--help");
      assertThat(o.code()).isZero();
      assertThat(o.out()).as(command).contains("Exit codes:").containsPattern("\\n  0 +done")
          .containsPattern("\\n  2 +bad input").containsPattern("\\n  3 +the runs finished")
          .containsPattern("\\n  70 +internal error");
    }
    assertThat(CliRunner.run("run", "--help").out()).contains("--overwrite");
  }
}
