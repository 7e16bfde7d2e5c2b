package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.scenario.Catalog;
import org.lbsim.scenario.ScenarioException;

class GridRulesTest {
  private static final List<Axis> LB = List.of(Axis.of("lb", "ecmp", "ofan"));

  @Test
  void conflictingSeedSpecificationsAreRefused() {
    assertThatThrownBy(() -> GridRules.check("g.yaml", LB, 3, List.of("seed=7")))
        .isInstanceOf(ScenarioException.class).hasMessageContaining("--set seed=7: conflicts with the grid's seeds");
    assertThatThrownBy(() -> GridRules.check("g.yaml", List.of(Axis.of("seed", "1"), Axis.of("lb", "ecmp")), 1,
        List.of())).isInstanceOf(ScenarioException.class).hasMessageContaining("g.yaml: axes.seed:");
  }

  @Test
  void anOverrideOfASweptKeyIsRefusedNamingTheAxisAndItsValues() {
    assertThatThrownBy(() -> GridRules.check("g.yaml", LB, 3, List.of("lr=sack", "lb=ecmp")))
        .isInstanceOf(ScenarioException.class)
        .hasMessage("--set lb=ecmp: conflicts with the axis lb of g.yaml (ecmp, ofan): every point would run lb=ecmp "
            + "while its run name and table row keep the axis's value; drop the --set, or sweep the values you want");
    // the conditional spelling is the same key, on either side
    assertThatThrownBy(() -> GridRules.check("g.yaml", List.of(Axis.of("reps.evs?", "1000", "4000")), 1,
        List.of("reps.evs=1000"))).isInstanceOf(ScenarioException.class).hasMessageContaining("axis reps.evs?");
    assertThatThrownBy(() -> GridRules.check("g.yaml", LB, 1, List.of(" lb? = ofan")))
        .isInstanceOf(ScenarioException.class).hasMessageContaining("axis lb of g.yaml");
  }

  @Test
  void aKeyGivenTwiceIsRefusedNamingBothValues() {
    assertThatThrownBy(() -> GridRules.check("g.yaml", LB, 1, List.of("lr=sack", "topology.k=4", "lr?=erasure")))
        .isInstanceOf(ScenarioException.class)
        .hasMessage("--set lr?=erasure: lr is already set by --set lr=sack (allowed: each key once)");
    assertThat(org.lbsim.scenario.OverrideList.repeats(List.of("lr=sack", "cc=ideal"))).isEmpty();
  }

  @Test
  void anOverrideThatEqualsTheAxisOnlyValueOrSetsAnotherKeyIsTaken() {
    GridRules.check("g.yaml", LB, 3, List.of("lr=sack", "lb.planes?=2"));
    GridRules.check("g.yaml", List.of(Axis.of("lb", "ofan")), 3, List.of("lb=ofan"));
  }

  @Test
  void aPresetRefusesAnOverrideOfItsAxisBeforeRunningAnything(@TempDir Path out) {
    Preset fig1 = Presets.find("fig1");
    List<GridPoint> grid = fig1.grid(1);
    assertThatThrownBy(() -> ExperimentRunner.plan(BaseScenario.defaults("preset fig1"), fig1.base(), grid,
        List.of("lb=ecmp"), out, new ExperimentRunner.Existing(false, false), Catalog.builtIn()))
        .isInstanceOf(ScenarioException.class).hasMessageStartingWith("--set lb=ecmp: conflicts with the axis lb of "
            + "preset fig1 (");
    assertThat(out).isEmptyDirectory();
  }

  @Test
  void theAxesOfAPlannedGridAreItsPointsKeysWithTheirValuesInFirstSeenOrder() {
    List<GridPoint> grid = GridPoint.expand(List.of(Axis.of("lb", "ofan", "ecmp"), Axis.of("workload.size", "1MiB",
        "64KiB")), 2);
    assertThat(ExperimentRunner.axes(grid)).containsExactly(Axis.of("lb", "ofan", "ecmp"),
        Axis.of("workload.size", "1MiB", "64KiB"));
    assertThat(ExperimentRunner.axes(List.of(new GridPoint(Map.of(), 1)))).isEmpty();
  }
}
