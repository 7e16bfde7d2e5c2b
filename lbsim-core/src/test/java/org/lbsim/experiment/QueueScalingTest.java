package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.lbsim.metrics.PortStats;
import org.lbsim.metrics.RunResult;
import org.lbsim.transport.FlowOutcome;

/**
 * The study's queue-scaling classes (Table 3, Fig. 6) on a smaller fabric than the preset's: the
 * queue-scaling preset (a permutation at full rate, m = 32..2048 packets, flows at random phases
 * within a slot) on the 16-host fat tree (k = 4), the largest queue per m the median of 3 seeds;
 * the CCT's excess over the best scheme's follows the same classes.
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
        (run, done) -> { });
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
    // the CCT's excess over the best scheme's grows in the same classes (measured: 1.02, 0.90; 0.61,
    // 0.53), and destination rotation is the fastest at every m, the other one within 1 %
    assertThat(QueueScaling.slope(t, "simple-rr", CctBySize.EXCESS)).as(t.render()).isGreaterThanOrEqualTo(0.7);
    assertThat(QueueScaling.slope(t, "jsq", CctBySize.EXCESS)).as(t.render()).isGreaterThanOrEqualTo(0.7);
    assertThat(QueueScaling.slope(t, "rsq", CctBySize.EXCESS)).as(t.render()).isBetween(0.3, 0.75);
    assertThat(QueueScaling.slope(t, "host-spray", CctBySize.EXCESS)).as(t.render()).isBetween(0.3, 0.75);
    for (String lb : List.of("host-dr", "ofan")) {
      List<String> ratios = t.rows().stream().filter(r -> r.get(0).equals(lb) && r.get(1).equals(CctBySize.RATIO))
          .findFirst().orElseThrow();
      for (String cell : ratios.subList(2, ratios.size() - 1)) {
        assertThat(Double.parseDouble(cell.replace(" *", ""))).as(t.render()).isLessThanOrEqualTo(1.01);
      }
    }
  }

  /** A run of one flow of m packets of 100 B; {@code cctUs} < 0 leaves it unfinished. */
  private static RunRecord run(String lb, long m, long seed, long cctUs, long queueBytes) {
    long cct = cctUs < 0 ? -1 : cctUs * 1_000_000;
    FlowOutcome f = FlowOutcome.builder().id(0).src(0).dst(1).bytes(m * 100).startPs(0).finishPs(cct).receivedPs(cct)
        .packetsSent(m).build();
    PortStats port = new PortStats("s>h", "tier1", 0, 0, queueBytes, 0, 0, 0, 0, 0, 0, 0);
    Map<String, String> values = new LinkedHashMap<>(Map.of("lb", lb, "workload.size", m * 100 + "B"));
    return new RunRecord(new GridPoint(values, seed), new RunResult("r", Map.of("packet.payload", "100"), cct, -1,
        Math.abs(cct), 0, List.of(f), List.of(port), Map.of()));
  }

  @Test
  void cctRowsCompareEveryRunWithTheBestSchemesRunOfTheSameSeed() {
    Table t = new QueueScaling(100).analyze(List.of(
        run("a", 2, 1, 100, 200), run("a", 2, 2, 120, 200), run("a", 4, 1, 200, 400), run("a", 4, 2, 240, 400),
        // b is slower at m = 2 (median 120 against 110) and has an unfinished run at m = 4, so a is the best at both
        run("b", 2, 1, 110, 300), run("b", 2, 2, 130, 300), run("b", 4, 1, 220, 300), run("b", 4, 2, -1, 300)));
    assertThat(t.header()).containsExactly("lb", "measure", "m=2", "m=4", "slope");
    assertThat(t.rows()).containsExactly(
        List.of("a", QueueScaling.QUEUE, "2.0", "4.0", "1.00"),
        List.of("b", QueueScaling.QUEUE, "3.0", "3.0", "0.00"),
        List.of("a", CctBySize.RATIO, "1.000 *", "1.000 *", "-"),
        // (110/100 + 130/120) / 2 = 1.0917; the unfinished run is left out: 220/200
        List.of("b", CctBySize.RATIO, "1.092", "1.100", "-"),
        List.of("a", CctBySize.EXCESS, "0.00", "0.00", "-"),
        // 10 us at m = 2 and 20 us at m = 4: slope 1
        List.of("b", CctBySize.EXCESS, "10.00", "20.00", "1.00"));
    assertThat(QueueScaling.slope(t, "b")).isEqualTo(0.0);
    assertThat(QueueScaling.slope(t, "b", CctBySize.EXCESS)).isEqualTo(1.0);
    assertThat(QueueScaling.slope(t, "a", CctBySize.EXCESS)).isNaN();
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
