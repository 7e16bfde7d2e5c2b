package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.scenario.ScenarioException;

class SweepTest {
  @TempDir
  Path dir;

  private Path grid(String text) throws IOException {
    Path f = dir.resolve("g.yaml");
    Files.writeString(f, text);
    return f;
  }

  @Test
  void badGridsAreReportedWithFileKeyAndValue() throws IOException {
    Path f = grid("base: {topology: {k: 4}}\naxes:\n  lb: [ecmp, magic]\n  topology.kk: [4]\nseeds: 0\ncolour: red\n");
    assertThatThrownBy(() -> GridFile.read(f)).isInstanceOf(ScenarioException.class)
        .satisfies(e -> assertThat(((ScenarioException) e).problems()).containsExactly(
            f + ": colour: unknown key (allowed: name, base, base_file, axes, seeds)",
            f + ": seeds: invalid value (got '0'; allowed: an integer from 1 to 10000)"));
    Path g = grid("base: {topology: {k: 4}}\naxes:\n  lb: [ecmp, magic]\n  topology.kk: [4]\n");
    GridFile gf = GridFile.read(g);
    assertThatThrownBy(() -> Sweep.scenarios(gf, List.of())).isInstanceOf(ScenarioException.class)
        .satisfies(e -> assertThat(((ScenarioException) e).problems()).anySatisfy(l -> assertThat(l)
            .isEqualTo(g + " axis lb: invalid value (got 'magic'; allowed: " + String.join(", ",
                org.lbsim.scenario.ScenarioSchema.get("lb").choices()) + ")"))
            .anySatisfy(l -> assertThat(l).startsWith(g + " axis topology.kk: unknown key")));
  }

  /** A grid of 10^6 runs is refused with its count before any scenario is checked, not validated for minutes. */
  @Test
  void aGridOfTooManyRunsIsRefusedWithItsCount() throws IOException {
    String thousand = java.util.stream.IntStream.rangeClosed(1, 1000).mapToObj(Integer::toString)
        .collect(java.util.stream.Collectors.joining(", ", "[", "]"));
    Path f = grid("base: {topology: {k: 4}}\naxes:\n  transport.initial_rto_us: " + thousand
        + "\n  transport.min_rto_us: " + thousand + "\n");
    assertThatThrownBy(() -> GridFile.read(f)).isInstanceOf(ScenarioException.class)
        .satisfies(e -> assertThat(((ScenarioException) e).problems()).containsExactly(f + ": the grid has "
            + "1,000,000 runs (1000 × 1000 × 1 seed); allowed: at most 100,000 runs per sweep (each is a simulation "
            + "of its own): split the axes over several grids"));
    Path ok = grid("base: {topology: {k: 4}}\naxes:\n  transport.initial_rto_us: " + thousand + "\nseeds: 100\n");
    assertThat(GridFile.read(ok).grid()).hasSize(100_000);
  }

  @Test
  void sweepRunsEveryPointOnceAndSkipsThemTheSecondTime() throws IOException {
    GridFile g = GridFile.read(grid("base: {topology: {k: 4}, workload: {size: 64KiB}}\naxes:\n"
        + "  lb: [ecmp, ofan]\nseeds: 2\n"));
    List<String> seen = new ArrayList<>();
    Sweep.Listener l = new Sweep.Listener() {
      @Override
      public void started(int toRun, int alreadyDone) {
        seen.add(toRun + "/" + alreadyDone);
      }

      @Override
      public void finished(String run, int finished, int toRun) {}
    };
    try (ResultStore s = Sweep.run(g, List.of(), 2, dir.resolve("out"), l)) {
      assertThat(s.records()).hasSize(4).containsKeys("lb-ecmp_seed-1", "lb-ecmp_seed-2", "lb-ofan_seed-1",
          "lb-ofan_seed-2");
      Table t = SweepSummary.table(g.axes(), g.grid(), s.records());
      assertThat(t.rows()).hasSize(2);
      assertThat(t.rows().get(0).get(0)).isEqualTo("ecmp");
      assertThat(t.rows().get(0).get(1)).isEqualTo("2");
    }
    try (ResultStore s = Sweep.run(g, List.of(), 2, dir.resolve("out"), l)) {
      assertThat(s.records()).hasSize(4);
    }
    assertThat(seen).containsExactly("4/0", "0/4");
  }

  @Test
  void tornLastLineIsDroppedOnOpen() throws IOException {
    Path out = dir.resolve("store");
    try (ResultStore s = ResultStore.open(out)) {
      s.append(new java.util.LinkedHashMap<>(java.util.Map.of("run", "a")));
    }
    Files.writeString(out.resolve("runs.jsonl"), "{\"run\":\"b\",\"cc", java.nio.file.StandardOpenOption.APPEND);
    try (ResultStore s = ResultStore.open(out)) {
      assertThat(s.records()).containsOnlyKeys("a");
      s.append(new java.util.LinkedHashMap<>(java.util.Map.of("run", "c")));
    }
    assertThat(Files.readString(out.resolve("runs.jsonl"))).isEqualTo("{\"run\":\"a\"}\n{\"run\":\"c\"}\n");
  }

  /** Records what a sweep tells its listener. */
  private static final class Recording implements Sweep.Listener {
    final List<String> events = new ArrayList<>();
    final List<String> finished = new ArrayList<>();

    @Override
    public synchronized void started(int toRun, int alreadyDone) {
      events.add("started " + toRun + "/" + alreadyDone);
    }

    @Override
    public synchronized void finished(String run, int n, int toRun) {
      finished.add(run);
    }

    @Override
    public synchronized void changed(int runs) {
      events.add("changed " + runs);
    }

    @Override
    public synchronized void warning(String line) {
      events.add(line);
    }
  }

  private static final String TWO_DESIGNS = "base: {topology: {k: 4}, workload: {size: 64KiB}}\naxes:\n"
      + "  lb: [ecmp, host-spray]\nseeds: 2\n";

  @Test
  void aChangedSetRedoesExactlyTheRunsItChanges() throws IOException {
    GridFile g = GridFile.read(grid(TWO_DESIGNS.replace("host-spray", "subflow")));
    Path out = dir.resolve("out");
    Recording first = new Recording();
    Map<String, com.fasterxml.jackson.databind.JsonNode> before;
    try (ResultStore s = Sweep.run(g, List.of(), 2, out, first)) {
      before = s.records();
    }
    // --set subflow.count?=2 changes the subflow points only; the ECMP points stay as they were
    Recording second = new Recording();
    try (ResultStore s = Sweep.run(g, List.of("subflow.count?=2"), 2, out, second)) {
      Map<String, com.fasterxml.jackson.databind.JsonNode> after = s.records();
      assertThat(second.events).containsExactly("changed 2", "started 2/2");
      assertThat(second.finished).containsExactlyInAnyOrder("lb-subflow_seed-1", "lb-subflow_seed-2");
      for (String seed : List.of("1", "2")) {
        assertThat(after.get("lb-ecmp_seed-" + seed)).isEqualTo(before.get("lb-ecmp_seed-" + seed));
        assertThat(after.get("lb-subflow_seed-" + seed).get("key"))
            .isNotEqualTo(before.get("lb-subflow_seed-" + seed).get("key"));
        assertThat(after.get("lb-subflow_seed-" + seed).get("key").asText()).as("the store's key is the run's")
            .isEqualTo(Files.readString(out.resolve("runs/lb-subflow_seed-" + seed + "/scenario.key")).strip());
      }
    }
    // the same command again: nothing to do
    Recording third = new Recording();
    Sweep.run(g, List.of("subflow.count?=2"), 2, out, third).close();
    assertThat(third.events).containsExactly("started 0/4");
    assertThat(Files.readString(out.resolve("runs.jsonl")).lines().count()).as("2 lines superseded, none lost")
        .isEqualTo(6);
  }

  @Test
  void anOverrideOfAnAxisIsRefusedBeforeAnythingRuns() throws IOException {
    GridFile g = GridFile.read(grid(TWO_DESIGNS));
    Path out = dir.resolve("out");
    assertThatThrownBy(() -> Sweep.run(g, List.of("lb=ecmp"), 2, out, new Recording()))
        .isInstanceOf(ScenarioException.class)
        .hasMessageContaining("--set lb=ecmp: conflicts with the axis lb of ").hasMessageContaining("(ecmp, host-spray)");
    assertThat(out).doesNotExist();
  }

  @Test
  void aChangedBaseScenarioRedoesEveryRun() throws IOException {
    Path out = dir.resolve("out");
    Sweep.run(GridFile.read(grid(TWO_DESIGNS)), List.of(), 2, out, new Recording()).close();
    Recording edited = new Recording();
    GridFile g = GridFile.read(grid(TWO_DESIGNS.replace("size: 64KiB", "size: 32KiB")));
    try (ResultStore s = Sweep.run(g, List.of(), 2, out, edited)) {
      assertThat(edited.events).containsExactly("changed 4", "started 4/0");
      assertThat(s.records().get("lb-ecmp_seed-1").get("key").asText())
          .isEqualTo(org.lbsim.scenario.ScenarioKey.of(Sweep.scenarios(g, List.of()).keySet().stream()
              .filter(p -> p.name().equals("lb-ecmp_seed-1")).map(p -> Sweep.scenarios(g, List.of()).get(p))
              .findFirst().orElseThrow()));
    }
  }

  @Test
  void corruptLinesAreReportedDroppedAndTheirRunsRedone() throws IOException {
    GridFile g = GridFile.read(grid("base: {topology: {k: 4}, workload: {size: 64KiB}}\naxes:\n  lb: [ecmp]\n"
        + "seeds: 3\n"));
    Path out = dir.resolve("out");
    Sweep.run(g, List.of(), 1, out, new Recording()).close(); // one thread: lines in seed order
    Path file = out.resolve("runs.jsonl");
    List<String> lines = new ArrayList<>(Files.readAllLines(file));
    lines.set(1, "{\"run\":\"lb-ecmp_seed-2\",\"point\":{\"lb\":\"ec"); // cut short mid-file
    lines.add(1, "{\"cct_ps\": 5}");
    Files.writeString(file, String.join("\n", lines) + "\n");
    Recording r = new Recording();
    try (ResultStore s = Sweep.run(g, List.of(), 2, out, r)) {
      assertThat(r.events).containsExactly(
          "warning: " + file + ":2: not a run record (no \"run\" name); that run will be redone",
          "warning: " + file + ":3: not a run record (not JSON); that run will be redone",
          "started 1/2");
      assertThat(r.finished).containsExactly("lb-ecmp_seed-2");
      assertThat(s.records()).containsOnlyKeys("lb-ecmp_seed-1", "lb-ecmp_seed-3", "lb-ecmp_seed-2");
    }
    assertThat(Files.readAllLines(file)).hasSize(3).allSatisfy(l -> assertThat(l).startsWith("{\"run\":"));
    Recording again = new Recording();
    Sweep.run(g, List.of(), 2, out, again).close();
    assertThat(again.events).containsExactly("started 0/3");
  }

  @Test
  void aStoreOpenElsewhereIsRefusedAndFreedWhenClosed() throws IOException {
    GridFile g = GridFile.read(grid(TWO_DESIGNS));
    Path out = dir.resolve("out");
    try (ResultStore held = ResultStore.open(out)) {
      assertThatThrownBy(() -> Sweep.run(g, List.of(), 2, out, new Recording()))
          .isInstanceOf(ScenarioException.class)
          .hasMessage(out + ": another sweep is using this results store (" + out.resolve(".lock")
              + " is locked); wait for it to finish, or give another --out");
    }
    Sweep.run(g, List.of(), 2, out, new Recording()).close();
  }

  @Test
  void aLockHeldByAnotherProcessRefusesAndAKilledHolderDoesNotBlock() throws Exception {
    Path out = dir.resolve("out");
    String java = ProcessHandle.current().info().command().orElse("java");
    Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), StoreHolder.class.getName(),
        out.toString()).redirectErrorStream(true).start();
    try {
      String first = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream())).readLine();
      assertThat(first).isEqualTo("holding");
      assertThatThrownBy(() -> ResultStore.open(out)).isInstanceOf(ScenarioException.class)
          .hasMessageContaining("another sweep is using this results store");
    } finally {
      p.destroyForcibly(); // SIGKILL: the lock file stays, the OS lock goes
      p.waitFor();
    }
    assertThat(out.resolve(".lock")).exists();
    ResultStore.open(out).close();
  }

  @Test
  void pointsThatNameTheSameRunAreRefused() throws IOException {
    GridFile g = GridFile.read(grid("base: {topology: {k: 4}}\naxes:\n  workload.size: [\"64 KiB\", 64-KiB]\n"));
    assertThatThrownBy(() -> Sweep.scenarios(g, List.of())).isInstanceOf(ScenarioException.class)
        .hasMessageContaining("both name the run 'workload.size-64-KiB_seed-1'");
  }

  @Test
  void aGridNameThatIsNotOneFolderIsRefused() throws IOException {
    for (String name : List.of("..", ".", "a/b", "x".repeat(201))) {
      Path f = grid("name: \"" + name + "\"\nbase: {topology: {k: 4}}\naxes: {lb: [ecmp]}\n");
      assertThatThrownBy(() -> GridFile.read(f)).isInstanceOf(ScenarioException.class)
          .hasMessageStartingWith(f + ": name: ");
    }
  }

  @Test
  void medianIntervalUsesOrderStatistics() {
    double[] ten = {10, 1, 9, 2, 8, 3, 7, 4, 6, 5};
    assertThat(Stats.medianInterval(ten, 0.95)).containsExactly(2, 9);
    assertThat(Stats.medianInterval(new double[] {1, 2, 3, 4, 5}, 0.95)).isNull();
    assertThat(Stats.medianInterval(new double[] {1, 2, 3, 4, 5, 6}, 0.95)).containsExactly(1, 6);
  }
}
