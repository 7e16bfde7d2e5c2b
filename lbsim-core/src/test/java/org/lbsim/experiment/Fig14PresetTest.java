package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioReader;

class Fig14PresetTest {
  @Test
  void everyPointIsAValidTrainingScenarioOfTheStudysSchemesAndModels() {
    Preset p = Presets.find("fig14");
    assertThat(p).isNotNull();
    List<GridPoint> grid = p.grid(1);
    assertThat(grid).hasSize(7 * 3);
    for (GridPoint g : grid) {
      List<String> all = new ArrayList<>(p.base());
      all.addAll(g.overrides());
      Scenario s = ScenarioReader.fromText("", "preset fig14", null, "fig14", all);
      assertThat(s.workload().kind()).isEqualTo("training");
      assertThat(s.values().get("job.precision")).isEqualTo("fp8");
      assertThat(s.payloadBytes()).isEqualTo(4096);
    }
    assertThat(grid.stream().map(g -> g.values().get("lb")).distinct())
        .containsExactly("ecmp", "host-spray", "reps", "switch-spray", "switch-ar", "host-dr", "ofan");
  }
}
