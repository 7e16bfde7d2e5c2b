package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.failure.FailureSetup;
import org.lbsim.topo.FatTree;
import org.lbsim.topo.LeafSpine;

/**
 * The lazy forwarding tables' share of the heap estimate: per aggregation switch its table, per
 * flow at most k entries (k/2 aggs of each end's pod), and never more than one entry per agg and
 * host; only runs whose aggs build their entries lazily count them.
 */
class MemoryEstimateTest {
  private static final FatTree K16 = new FatTree(16, 1); // 1,024 hosts, 128 aggs

  @Test
  void aK16PermutationAddsEachAggsTableAndSixteenEntriesPerFlow() {
    MemoryEstimate e = new MemoryEstimate(1024, 6144, 1024, 50_000);
    MemoryEstimate lazy = e.withLazyTables(K16);
    assertThat(lazy.lazyTables()).isEqualTo(128);
    assertThat(lazy.lazyEntries()).isEqualTo(1024 * 16);
    assertThat(lazy.bytes() - e.bytes()).isEqualTo(128 * 520 + 1024 * 16 * 32).isEqualTo(590_848);
    assertThat(e.lazyTables()).isZero();
    assertThat(e.lazyEntries()).isZero();
  }

  @Test
  void entriesNeverExceedOnePerAggAndHost() {
    long flows = 1024L * 1023; // all-to-all
    MemoryEstimate e = new MemoryEstimate(1024, 6144, flows, 50_000);
    MemoryEstimate lazy = e.withLazyTables(K16);
    assertThat(lazy.lazyEntries()).isEqualTo(128 * 1024);
    assertThat(lazy.bytes() - e.bytes()).isEqualTo(128 * 520 + 128L * 1024 * 32);
  }

  @Test
  void aLeafSpineHasNoLazyTables() {
    MemoryEstimate e = new MemoryEstimate(1024, 2048, 1024, 50_000);
    assertThat(e.withLazyTables(new LeafSpine(32, 32, 16))).isEqualTo(e);
  }

  @Test
  void onlyTheReferenceProfileWithLinksFailingHardBuildsLazyTables() {
    assertThat(lazy("reference", "failures.kind=drop", "failures.links=agg0-core0")).isTrue();
    assertThat(lazy("reference", "failures.kind=hold", "failures.links=agg0-core0")).isTrue();
    assertThat(lazy("reference", "failures.kind=degraded", "failures.links=agg0-core0")).isFalse();
    assertThat(lazy("reference")).as("no failures").isFalse();
    assertThat(lazy("default", "failures.kind=drop", "failures.links=agg0-core0")).isFalse();
  }

  private static boolean lazy(String profile, String... failures) {
    List<String> o = new ArrayList<>(List.of("topology.k=4", "workload.kind=permutation", "profile=" + profile));
    o.addAll(List.of(failures));
    Scenario s = Scenarios.of(o);
    return FailureSetup.usesLazyTables(s.failures(), s.profile().lazyForwardingTables());
  }
}
