package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The study's queue-scaling classes (Table 3, Fig. 6) on a smaller fabric than the preset's: the
 * queue-scaling preset (a permutation at full rate, m = 32..2048 packets, flows at random phases
 * within a slot) on the 16-host fat tree (k = 4), the largest queue per m the median of 3 seeds.
 */
class QueueScalingTest {
  @Test
  void slopesFallIntoTheStudysClasses() {
    Preset p = Presets.find("queue-scaling");
    List<String> schemes = List.of("simple-rr", "jsq", "rsq", "host-spray", "host-dr", "ofan");
    List<Axis> axes = new ArrayList<>(p.axes());
    axes.set(0, new Axis("lb", schemes));
    List<GridPoint> grid = GridPoint.expand(axes, 3);
    List<RunRecord> runs = ExperimentRunner.run(p.name(), p.base(), grid, List.of("topology.k=4"), 2, null,
        done -> {});
    Table t = p.analysis().analyze(runs);
    // Θ(m): sticky synchronized flows collide on downlinks (both about 1.0 here)
    assertThat(QueueScaling.slope(t, "simple-rr")).as(t.render()).isGreaterThanOrEqualTo(0.7);
    assertThat(QueueScaling.slope(t, "jsq")).as(t.render()).isGreaterThanOrEqualTo(0.7);
    // Θ(√m): a zero-drift random walk
    assertThat(QueueScaling.slope(t, "rsq")).as(t.render()).isBetween(0.3, 0.7);
    assertThat(QueueScaling.slope(t, "host-spray")).as(t.render()).isBetween(0.3, 0.7);
    // Θ(1): destination rotation
    assertThat(QueueScaling.slope(t, "host-dr")).as(t.render()).isLessThanOrEqualTo(0.15);
    assertThat(QueueScaling.slope(t, "ofan")).as(t.render()).isLessThanOrEqualTo(0.15);
  }

  @Test
  void slopeOfAPowerLawIsItsExponent() {
    double[] x = {32, 64, 128, 256};
    double[] y = new double[4];
    for (int i = 0; i < 4; i++) {
      y[i] = 3 * Math.sqrt(x[i]);
    }
    assertThat(Stats.logLogSlope(x, y)).isCloseTo(0.5, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(Stats.median(new double[] {5, 1, 3, 2})).isEqualTo(2.5);
  }
}
