package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The study's Fig. 18: Host DR's largest queue over Ofan's grows with the fat tree. */
class Fig18PresetTest {
  @Test
  void presetSweepsTheFatTreeForHostDrAndOfanInTheQueueScalingSetup() {
    Preset p = Presets.find("fig18");
    assertThat(p.base()).containsAll(Presets.find("queue-scaling").base()).endsWith("workload.size=1048576B");
    assertThat(p.axes().get(0).values()).containsExactly("host-dr", "ofan");
    assertThat(p.axes().get(1).values()).containsExactly("4", "8", "12", "16", "20", "24");
    assertThat(p.grid(p.seeds())).hasSize(2 * 6 * 10);
    assertThat(p.quickVariant().grid(p.quickVariant().seeds())).hasSize(2 * 4 * 3);
  }

  /** At k = 4 and 8, 2 seeds, 64 packets per flow: even at k = 4, Host DR ahead at k = 8. */
  @Test
  void hostDrQueuesGrowFasterThanOfansWithTheFabric() {
    Preset p = Presets.find("fig18");
    List<GridPoint> grid = GridPoint.expand(List.of(p.axes().get(0), Axis.of("topology.k", "4", "8")), 2);
    List<RunRecord> runs = ExperimentRunner.run(p.name(), p.base(), grid, List.of("workload.size=262144B"), 2, null,
        (run, done) -> { });
    Table t = p.analysis().analyze(runs);
    assertThat(t.header()).containsExactly("topology.k", "flows", "host-dr max queue (pkts)",
        "ofan max queue (pkts)", "host-dr / ofan");
    assertThat(t.rows()).extracting(r -> r.get(1)).containsExactly("16", "128");
    double k4 = Double.parseDouble(t.rows().get(0).get(4));
    double k8 = Double.parseDouble(t.rows().get(1).get(4));
    assertThat(k4).as(t.render()).isBetween(0.9, 1.1);
    assertThat(k8).as(t.render()).isGreaterThan(1.15);
  }

  @Test
  void ratioIsNumeratorOverDenominatorOfTheMedians() {
    Table t = new QueueRatioTable("k", "a", "b", 100).analyze(List.of());
    assertThat(t.rows()).isEmpty();
    assertThat(t.header()).containsExactly("k", "flows", "a max queue (pkts)", "b max queue (pkts)", "a / b");
  }
}
