package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

  @Test
  void medianIntervalUsesOrderStatistics() {
    double[] ten = {10, 1, 9, 2, 8, 3, 7, 4, 6, 5};
    assertThat(Stats.medianInterval(ten, 0.95)).containsExactly(2, 9);
    assertThat(Stats.medianInterval(new double[] {1, 2, 3, 4, 5}, 0.95)).isNull();
    assertThat(Stats.medianInterval(new double[] {1, 2, 3, 4, 5, 6}, 0.95)).containsExactly(1, 6);
  }
}
