package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The study's queue model (Appendices C–E) beside the simulator, on the queue-scaling runs. */
class QueueModelPresetTest {
  @Test
  void presetIsTheQueueScalingSetupForTheModelledSchemes() {
    Preset p = Presets.find("queue-model");
    Preset scaling = Presets.find("queue-scaling");
    assertThat(p.base()).isEqualTo(scaling.base());
    assertThat(p.axes().get(0).values()).containsExactly("simple-rr", "jsq", "rsq", "host-spray", "host-dr", "ofan");
    assertThat(p.axes().get(1)).isEqualTo(scaling.axes().get(1));
    assertThat(p.grid(p.seeds())).hasSize(6 * 7 * 10);
    assertThat(p.quickVariant().grid(p.quickVariant().seeds())).hasSize(6 * 7 * 3);
  }

  /**
   * k = 4, 2 seeds, m = 64, 256, 1024: the simulator and the model in the same class for Simple RR
   * (linear), RSQ (√m) and Ofan (flat); RSQ's agg-down ports' mean largest queue within 25 % of
   * the model's at every m; the model without synchronization loses Simple RR's linear growth, the
   * model with phases within the slot keeps every class.
   */
  @Test
  void simulatorAndModelAgreeOnTheQueueClasses() {
    Preset p = Presets.find("queue-model");
    List<Axis> axes = List.of(Axis.of("lb", "simple-rr", "rsq", "ofan"),
        Axis.of("workload.size", 64 * 4096 + "B", 256 * 4096 + "B", 1024 * 4096 + "B"));
    List<RunRecord> runs = ExperimentRunner.run(p.name(), p.base(), GridPoint.expand(axes, 2),
        List.of("topology.k=4"), 2, null, (run, done) -> { });
    Table t = p.analysis().analyze(runs);
    for (String measure : List.of(QueueModelTable.SIM_MAX, QueueModelTable.MODEL_MAX)) {
      assertThat(QueueModelTable.slope(t, "simple-rr", measure)).as(t.render()).isGreaterThanOrEqualTo(0.85);
      assertThat(QueueModelTable.slope(t, "rsq", measure)).as(t.render()).isBetween(0.3, 0.7);
      assertThat(QueueModelTable.slope(t, "ofan", measure)).as(t.render()).isLessThanOrEqualTo(0.15);
    }
    assertThat(QueueModelTable.slope(t, "simple-rr", QueueModelTable.SHUFFLED_MAX)).as(t.render())
        .isLessThanOrEqualTo(0.7);
    // with phases within the slot the classes stay: Simple RR linear, RSQ a walk, Ofan flat
    assertThat(QueueModelTable.slope(t, "simple-rr", QueueModelTable.PHASED_MAX)).as(t.render())
        .isGreaterThanOrEqualTo(0.85);
    assertThat(QueueModelTable.slope(t, "rsq", QueueModelTable.PHASED_MAX)).as(t.render()).isBetween(0.3, 0.7);
    assertThat(QueueModelTable.slope(t, "ofan", QueueModelTable.PHASED_MAX)).as(t.render()).isLessThanOrEqualTo(0.15);
    List<String> sim = row(t, "rsq", QueueModelTable.SIM_DOWN);
    List<String> model = row(t, "rsq", QueueModelTable.MODEL_DOWN);
    for (int i = 2; i < 5; i++) {
      assertThat(Double.parseDouble(sim.get(i))).as(t.render())
          .isCloseTo(Double.parseDouble(model.get(i)), org.assertj.core.data.Percentage.withPercentage(25));
    }
    assertThat(row(t, "any", QueueModelTable.WALK_END).subList(2, 5)).containsExactly("4.5", "9.0", "18.1");
  }

  private static List<String> row(Table t, String lb, String measure) {
    return t.rows().stream().filter(r -> r.get(0).equals(lb) && r.get(1).equals(measure)).findFirst().orElseThrow();
  }
}
