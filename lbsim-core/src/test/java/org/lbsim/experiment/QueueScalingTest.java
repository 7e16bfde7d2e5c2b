package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The study's queue-scaling classes (Table 3, Fig. 6) on the 128-host fat tree: the largest
 * queue against the message size m = 32..2048 packets of a permutation at full rate.
 */
class QueueScalingTest {
  @Test
  void slopesFallIntoTheStudysClasses() {
    Preset p = Presets.find("queue-scaling");
    List<String> schemes = List.of("simple-rr", "jsq", "rsq", "host-spray", "host-dr", "ofan");
    List<Axis> axes = new ArrayList<>(p.axes());
    axes.set(0, new Axis("lb", schemes));
    List<GridPoint> grid = GridPoint.expand(axes, 1);
    List<RunRecord> runs = ExperimentRunner.run(p.name(), p.base(), grid, List.of(), 2, null, done -> {});
    Table t = p.analysis().analyze(runs);
    // Θ(m): sticky synchronized flows collide on downlinks (JSQ ~1.0 here; Simple RR ~0.67, see docs)
    assertThat(QueueScaling.slope(t, "jsq")).as(t.render()).isGreaterThanOrEqualTo(0.7);
    assertThat(QueueScaling.slope(t, "simple-rr")).as(t.render()).isGreaterThanOrEqualTo(0.6);
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
