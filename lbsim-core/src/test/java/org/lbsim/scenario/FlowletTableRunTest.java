package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.lbsim.metrics.RunResult;

/**
 * The registry's largest flowlet table, 2^24 slots per switch, runs on the study's 128-host fat tree: held as
 * arrays of every slot, the 80 switches' tables alone would take 20 GiB (an OutOfMemoryError under -Xmx8g, which
 * {@code lbsim optimize} met when it tuned {@code letflow.table_bits}).
 */
class FlowletTableRunTest {
  @Test
  void letflowWithTheLargestTableRunsOnTheDefaultFabricAsWithTheDefaultTable() {
    RunResult large = Scenarios.run(Scenarios.of("lb=letflow", "letflow.table_bits=24", "workload.size=16KiB"));
    RunResult small = Scenarios.run(Scenarios.of("lb=letflow", "letflow.table_bits=16", "workload.size=16KiB"));
    assertThat(large.unfinishedFlows()).isZero();
    assertThat(large.flows()).hasSize(128);
    // a permutation's 256 keys collide in neither table: the same flowlets, the same run
    assertThat(large.cctPs()).isEqualTo(small.cctPs());
  }

  @Test
  void congaWithTheLargestTableRunsOnTheDefaultFabric() {
    RunResult r = Scenarios.run(Scenarios.of("lb=conga", "conga.table_bits=24", "workload.size=16KiB"));
    assertThat(r.unfinishedFlows()).isZero();
  }
}
