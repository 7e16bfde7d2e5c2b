package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.lbsim.metrics.RunResult;
import org.lbsim.transport.FlowOutcome;

/** Throughput gain and latency reductions over a baseline, exact on hand-made results. */
class GainTest {
  /** A run of 100 flows of 1000 B each, FCTs 1..100 x {@code unitPs}, CCT {@code cctPs}. */
  private static RunResult run(long cctPs, long unitPs, boolean allFinished) {
    List<FlowOutcome> flows = new ArrayList<>();
    for (int i = 1; i <= 100; i++) {
      long finish = allFinished || i < 100 ? i * unitPs : -1;
      flows.add(FlowOutcome.builder().id(i - 1).src(0).dst(1).bytes(1000).startPs(0).finishPs(finish)
          .receivedPs(finish).packetsSent(1).build());
    }
    return new RunResult("r", Map.of(), allFinished ? cctPs : -1, -1, cctPs, 0, flows, List.of(), Map.of());
  }

  @Test
  void aRunTwiceAsFastGains100PercentThroughputAndHalvesItsLatency() {
    Gain g = Gain.of(run(500, 4, true), run(1000, 10, true));
    assertThat(g.throughputPct()).isCloseTo(100.0, within(1e-9));
    assertThat(g.cctReductionPct()).isCloseTo(50.0, within(1e-9));
    // nearest-rank p99 of 100 flows is the 99th smallest FCT: 396 against 990
    assertThat(g.p99FctReductionPct()).isCloseTo(60.0, within(1e-9));
  }

  @Test
  void unfinishedRunsHaveNoGain() {
    Gain g = Gain.of(run(500, 4, false), run(1000, 10, true));
    assertThat(g.throughputPct()).isNaN();
    assertThat(g.cctReductionPct()).isNaN();
    assertThat(g.p99FctReductionPct()).isNaN();
  }

  @Test
  void theSpreadIsTheMedianAndTheExtremesOverSeeds() {
    Gain.Spread s = Gain.Spread.of(List.of(new Gain(10, 1, 2), new Gain(30, 3, Double.NaN), new Gain(20, 2, 4)));
    assertThat(s.throughput()).isEqualTo(new Gain.Figure(20, 10, 30, 3));
    assertThat(s.throughput().text()).isEqualTo("+20.0 [+10.0, +30.0]");
    assertThat(s.p99FctReduction()).isEqualTo(new Gain.Figure(3, 2, 4, 2));
    assertThat(Gain.Spread.of(List.of(new Gain(-5, -4.75, 1))).cctReduction().text()).isEqualTo("-4.8");
    assertThat(Gain.Spread.of(List.of()).throughput().text()).isEqualTo("-");
  }

  @Test
  void gainsPairRunsOfTheSameSeed() {
    List<RunRecord> design = List.of(record(1, run(500, 1, true)), record(2, run(250, 1, true)), record(3, run(1, 1,
        true)));
    List<RunRecord> baseline = List.of(record(2, run(1000, 1, true)), record(1, run(1000, 1, true)));
    Gain.Spread s = Recommender.gains(design, baseline);
    assertThat(s.seeds()).isEqualTo(2); // seed 3 has no baseline run
    assertThat(s.throughput()).isEqualTo(new Gain.Figure(200, 100, 300, 2));
  }

  private static RunRecord record(long seed, RunResult r) {
    return new RunRecord(new GridPoint(Map.of("lb", "x"), seed), r);
  }
}
