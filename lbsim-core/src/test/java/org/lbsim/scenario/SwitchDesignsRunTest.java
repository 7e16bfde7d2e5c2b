package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.lbsim.metrics.RunResult;

/** Every switch-side design runs the basic collectives to completion, and Ofan's queue stays flat. */
class SwitchDesignsRunTest {
  @ParameterizedTest
  @ValueSource(strings = {"switch-spray", "simple-rr", "jsq", "rsq", "switch-ar", "ofan", "letflow", "drill", "conga"})
  void completesAPermutationAndAnAllToAllOnASmallFatTree(String lb) {
    RunResult perm = Scenarios.run(Scenarios.of("lb=" + lb, "topology.k=4", "workload.kind=permutation",
        "workload.size=256KiB"));
    assertThat(perm.unfinishedFlows()).isZero();
    assertThat(perm.cctPs()).isGreaterThanOrEqualTo(perm.boundPs());
    RunResult ata = Scenarios.run(Scenarios.of("lb=" + lb, "topology.k=4", "workload.kind=all-to-all",
        "workload.size=32KiB"));
    assertThat(ata.flows()).hasSize(16 * 15);
    assertThat(ata.unfinishedFlows()).isZero();
    assertThat(ata.cctPs()).isGreaterThanOrEqualTo(ata.boundPs());
  }

  @ParameterizedTest
  @ValueSource(strings = {"switch-spray", "simple-rr", "jsq", "rsq", "switch-ar", "ofan", "letflow", "drill", "conga"})
  void completesAPermutationOnALeafSpine(String lb) {
    RunResult r = Scenarios.run(Scenarios.of("lb=" + lb, "topology.kind=leaf-spine", "topology.hosts_per_leaf=4",
        "topology.leaves=4", "topology.spines=4", "workload.kind=permutation", "workload.size=128KiB"));
    assertThat(r.unfinishedFlows()).isZero();
  }

  @Test
  void perPacketSwitchDesignsStayNearTheBoundOnAPermutation() {
    // the oblivious and queue-aware sprayers; flow- and flowlet-level designs may collide
    for (String lb : new String[] {"switch-spray", "rsq", "jsq", "switch-ar", "drill", "ofan"}) {
      RunResult r = Scenarios.run(Scenarios.of("lb=" + lb, "topology.k=4", "workload.kind=permutation",
          "workload.size=512KiB"));
      assertThat(r.drops()).as(lb).isZero();
      assertThat(r.overBoundPct()).as(lb).isLessThan(25.0);
    }
  }

  /**
   * The study's queue argument (§6): Simple RR balances uplinks but not the traffic towards each
   * destination, so downlink queues grow with the message; Ofan's per-destination rotation keeps
   * them O(1). Permutation at full rate on k = 4, m = 64 vs 512 packets, summed over three seeds,
   * with buffers large enough that drop-tail does not cap the growth.
   */
  @Test
  void simpleRrQueuesGrowWithTheMessageWhileOfansStayFlat() {
    long[] rr = maxQueues("simple-rr");
    long[] ofan = maxQueues("ofan");
    double rrGrowth = (double) rr[1] / rr[0];
    double ofanGrowth = (double) ofan[1] / ofan[0];
    assertThat(rrGrowth).as("simple-rr: %s", java.util.Arrays.toString(rr)).isGreaterThan(1.5);
    assertThat(ofanGrowth).as("ofan: %s", java.util.Arrays.toString(ofan)).isLessThan(1.3);
    assertThat(rr[1] - rr[0]).isGreaterThan(50 * (ofan[1] - ofan[0]));
    assertThat(rr[1]).isGreaterThan(20 * ofan[1]);
  }

  private static long[] maxQueues(String lb) {
    long[] q = new long[2];
    String[] sizes = {"256KiB", "2MiB"};
    for (int i = 0; i < 2; i++) {
      for (int seed = 1; seed <= 3; seed++) {
        RunResult r = Scenarios.run(Scenarios.of("lb=" + lb, "topology.k=4", "workload.kind=permutation",
            "workload.size=" + sizes[i], "buffer.bytes=8MB", "seed=" + seed));
        assertThat(r.unfinishedFlows()).isZero();
        q[i] += r.maxSwitchQueueBytes();
      }
    }
    return q;
  }
}
