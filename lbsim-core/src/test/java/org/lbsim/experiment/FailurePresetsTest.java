package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioReader;
import org.lbsim.scenario.ScenarioRunner;

class FailurePresetsTest {
  @Test
  void fig4SweepsConvergenceUpToAMillisecondOnTheStudysMessageSize() {
    Preset p = Presets.find("fig4");
    assertThat(p.base()).contains("failures.rate=0.01", "workload.kind=all-to-all", "workload.size=1MiB");
    // a black hole that never converges must not cut the 1 MiB collective short
    assertThat(p.base()).filteredOn(o -> o.startsWith("run.limit_ms=")).containsExactly("run.limit_ms=20");
    assertThat(p.axes().get(1).values()).containsExactly("0", "100", "300", "1000", "never");
    assertThat(p.grid(1)).hasSize(4 * 5);
  }

  @Test
  void fig3AndFig5RunTheStudysMessageSizeAndTheirQuickVariantsASmallerOne() {
    Preset fig3 = Presets.find("fig3");
    assertThat(fig3.base()).contains("failures.convergence_us=never", "workload.size=1MiB");
    // long enough for every design that can finish under a black hole
    assertThat(fig3.base()).filteredOn(o -> o.startsWith("run.limit_ms=")).containsExactly("run.limit_ms=20");
    assertThat(fig3.quickVariant().base()).endsWith("workload.size=256KiB", "run.limit_ms=5");
    assertThat(fig3.quickVariant().seeds()).isEqualTo(3);
    Preset fig5 = Presets.find("fig5");
    assertThat(fig5.base()).contains("failures.convergence_us?=0", "workload.size=1MiB");
    assertThat(fig5.quickVariant().base()).endsWith("workload.size=64KiB", "run.limit_ms=2");
  }

  @Test
  void fig5FullLeavesEveryRunTimeToFinishAtRhoMax() {
    // every run's limit at least twice its lower bound at ρ_max, the highest failure rate included
    Preset p = Presets.find("fig5");
    long largest = 0;
    for (GridPoint g : p.grid(p.seeds())) {
      Scenario s = ExperimentRunner.scenario(BaseScenario.defaults("fig5"), p.base(), g, List.of(),
          org.lbsim.scenario.Catalog.builtIn());
      long bound = ScenarioRunner.prepare(s).boundPs();
      largest = Math.max(largest, bound);
      assertThat(s.engine().limitPs()).as("%s: limit vs bound %d ps", g.name(), bound)
          .isGreaterThanOrEqualTo(2 * bound);
    }
    assertThat(largest).as("the failure-free 1 MiB all-to-all alone is 1.39 ms").isGreaterThan(1_390_000_000L);
  }

  @Test
  void fig5RunsEverySchemeFailureFreeOncePerSeedBesideItsSweepOfTheFailureRate() {
    Preset p = Presets.find("fig5");
    assertThat(p.axes().get(1).values()).containsExactly("0.005", "0.01", "0.02", "0.05");
    // 4 schemes x (4 failure rates + the failure-free run) x 10 seeds
    assertThat(p.grid(p.seeds())).hasSize(4 * 5 * 10);
    Preset q = p.quickVariant();
    List<GridPoint> grid = q.grid(q.seeds());
    assertThat(grid).hasSize(4 * 5 * 2);
    List<GridPoint> failureFree = grid.subList(0, 4 * 2);
    assertThat(failureFree).extracting(GridPoint::overrides).containsExactly(
        List.of("lb=host-spray", "failures.kind=none", "seed=1"), List.of("lb=host-spray", "failures.kind=none", "seed=2"),
        List.of("lb=switch-spray", "failures.kind=none", "seed=1"), List.of("lb=switch-spray", "failures.kind=none", "seed=2"),
        List.of("lb=reps", "failures.kind=none", "seed=1"), List.of("lb=reps", "failures.kind=none", "seed=2"),
        List.of("lb=switch-ar", "failures.kind=none", "seed=1"), List.of("lb=switch-ar", "failures.kind=none", "seed=2"));
    for (GridPoint g : grid) {
      Scenario s = read(q, g);
      boolean free = failureFree.contains(g);
      assertThat(s.failures().active()).as(g.name()).isEqualTo(!free);
      assertThat(s.identity().values().get("workload.size")).isEqualTo("64KiB");
      if (!free) {
        assertThat(s.failures().convergencePs()).isZero();
        assertThat(s.failures().rate()).isEqualTo(Double.parseDouble(g.values().get("failures.rate")));
      }
    }
  }

  /**
   * The quick fig5 on the 16-host fat tree: each normalized cell is the median over seeds of the
   * scheme's CCT over the CCT of the scheme with the lowest median failure-free CCT, same seed
   * (recomputed here from the runs); that scheme's own failure-free cell is 1; the % over the
   * bound at rho_max is what the plain over-bound table gives; a failure rate that fails no link
   * gives the failure-free run.
   */
  @Test
  void fig5NormalizesEveryCctToTheFailureFreeBestOfItsSeed() {
    Preset q = Presets.find("fig5").quickVariant();
    List<RunRecord> runs = ExperimentRunner.run(q.name(), q.base(), q.grid(q.seeds()), List.of("topology.k=4"), 2, null,
        (run, done) -> { });
    Table t = q.analysis().analyze(runs);
    assertThat(t.header()).containsExactly("lb", "measure", "p=0", "p=0.005", "p=0.01", "p=0.02", "p=0.05",
        "unfinished runs");
    List<String> schemes = List.of("host-spray", "switch-spray", "reps", "switch-ar");
    assertThat(q.axes().get(0).values()).isEqualTo(schemes);
    assertThat(t.rows()).hasSize(2 * schemes.size());
    String best = null;
    double bestMedian = Double.POSITIVE_INFINITY;
    for (String lb : schemes) {
      double m = Stats.median(runs.stream().filter(r -> r.value("lb").equals(lb) && r.value("failures.rate") == null)
          .mapToDouble(r -> r.result().cctPs()).toArray());
      if (m < bestMedian) {
        best = lb;
        bestMedian = m;
      }
    }
    List<String> rates = List.of("0", "0.005", "0.01", "0.02", "0.05");
    int marks = 0;
    for (int i = 0; i < schemes.size(); i++) {
      String lb = schemes.get(i);
      List<String> row = t.rows().get(i);
      assertThat(row.subList(0, 2)).containsExactly(lb, FailureFreeNormalized.NORMALIZED);
      for (int c = 0; c < rates.size(); c++) {
        String rate = rates.get(c);
        String bestScheme = best;
        double[] ratios = runs.stream().filter(r -> r.value("lb").equals(lb) && rate(r).equals(rate)).mapToDouble(
            r -> (double) r.result().cctPs() / cct(runs, bestScheme, r.point().seed())).toArray();
        assertThat(ratios).hasSize(2);
        String cell = row.get(2 + c);
        if (cell.endsWith(" *")) {
          marks++;
          assertThat(lb).isEqualTo(best);
          assertThat(rate).isEqualTo("0");
          assertThat(ratios).containsOnly(1.0);
          cell = cell.substring(0, cell.length() - 2);
        }
        assertThat(cell).as(lb + " p=" + rate).isEqualTo(String.format(java.util.Locale.ROOT, "%.3f",
            Stats.median(ratios)));
      }
    }
    assertThat(marks).isEqualTo(1);
    // a failure rate that draws no link to fail gives the failure-free run of the same scheme and seed
    List<RunRecord> nothingFailed = runs.stream().filter(r -> r.value("failures.rate") != null
        && r.result().counters().get("failed_links") == 0).toList();
    assertThat(nothingFailed).isNotEmpty();
    for (RunRecord r : nothingFailed) {
      assertThat(r.result().cctPs()).as(r.point().name()).isEqualTo(cct(runs, r.value("lb"), r.point().seed()));
    }
    Table overBound = new OverBoundTable("lb", "failures.rate").analyze(runs.stream().filter(
        r -> r.value("failures.rate") != null).toList());
    for (int i = 0; i < schemes.size(); i++) {
      List<String> row = t.rows().get(schemes.size() + i);
      assertThat(row.subList(0, 2)).containsExactly(schemes.get(i), FailureFreeNormalized.OVER_BOUND);
      assertThat(row.subList(3, 7)).isEqualTo(overBound.rows().get(i).subList(1, 5));
      assertThat(row.get(7)).isEqualTo("0");
    }
  }

  /** Reference runs come first, on the quick variant's own axes; a reference axis the preset lacks is refused. */
  @Test
  void aPresetsReferenceRunsPrecedeItsGridAndFollowItsQuickAxes() {
    Preset p = new Preset("t", "t", "t", List.of(), List.of(Axis.of("x", "1", "2"), Axis.of("y", "a", "b", "c")), 1,
        runs -> null).withReference(new Preset.Reference(List.of("x"), java.util.Map.of("z", "off")))
        .withQuick(1, List.of(Axis.of("x", "2"), Axis.of("y", "a")));
    assertThat(p.grid(1)).extracting(GridPoint::overrides).startsWith(List.of("x=1", "z=off", "seed=1"),
        List.of("x=2", "z=off", "seed=1"), List.of("x=1", "y=a", "seed=1")).hasSize(2 + 6);
    assertThat(p.quickVariant().grid(2)).extracting(GridPoint::name).containsExactly("x-2_z-off_seed-1",
        "x-2_z-off_seed-2", "x-2_y-a_seed-1", "x-2_y-a_seed-2");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> p.withReference(new Preset.Reference(List.of("w"),
        java.util.Map.of()))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[w]");
  }

  private static String rate(RunRecord r) {
    return r.value("failures.rate") == null ? "0" : r.value("failures.rate");
  }

  /** The failure-free CCT of {@code lb} with {@code seed}. */
  private static long cct(List<RunRecord> runs, String lb, long seed) {
    return runs.stream().filter(r -> r.value("lb").equals(lb) && r.value("failures.rate") == null
        && r.point().seed() == seed).findFirst().orElseThrow().result().cctPs();
  }

  private static Scenario read(Preset p, GridPoint g) {
    List<String> all = new ArrayList<>(p.base());
    all.addAll(g.overrides());
    return ScenarioReader.fromText("", "preset " + p.name(), null, g.name(), all);
  }
}
