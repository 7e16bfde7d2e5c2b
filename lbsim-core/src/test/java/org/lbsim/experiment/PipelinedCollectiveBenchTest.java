package org.lbsim.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.experiment.CollectiveBench.Outcome;
import org.lbsim.experiment.CollectiveBench.Request;
import org.lbsim.experiment.CollectiveBench.Row;
import org.lbsim.net.PacketFormat;
import org.lbsim.scenario.Catalog;
import org.lbsim.workload.CollectiveBound;

/** Broadcast and Reduce in bench-collective: NCCL's pipeline keeps them no slower than the AllReduce of their buffer, above their bounds. */
class PipelinedCollectiveBenchTest {
  private static final long KIB = 1 << 10;
  private static final String TINY_FAT_TREE = "topology: {k: 4}\n";
  private static final String ONE_SWITCH = "topology: {kind: leaf-spine, leaves: 1, hosts_per_leaf: 4, spines: 1}\n"
      + "links: {rate_gbps: 100}\n";

  private static Row bench(String yaml, CollectiveOp op, long size, List<String> settings) {
    BaseScenario source = new BaseScenario(yaml, "bench.yaml", null);
    Request req = new Request(op, ElementType.FLOAT, new SizeRange(size, size, 2, 0), List.of("host-spray"));
    CollectiveBench.Plan plan = CollectiveBench.plan(source, settings, req, Catalog.builtIn());
    Outcome o = CollectiveBench.run(source, settings, plan, 1, null, false, (run, done) -> { }, Catalog.builtIn());
    return o.rows().get(0);
  }

  @Test
  void aSixtyFourKibBroadcastOverSixteenRanksIsNoSlowerThanItsAllReduce() {
    for (String algo : List.of("ring", "tree")) {
      List<String> set = List.of("workload.nccl_algo=" + algo);
      Row broadcast = bench(TINY_FAT_TREE, CollectiveOp.BROADCAST, 64 * KIB, set);
      Row reduce = bench(TINY_FAT_TREE, CollectiveOp.REDUCE, 64 * KIB, set);
      Row allReduce = bench(TINY_FAT_TREE, CollectiveOp.ALL_REDUCE, 64 * KIB, set);
      for (Row r : List.of(broadcast, reduce, allReduce)) {
        assertThat(r.finished()).isTrue();
        assertThat(r.boundPs()).as(algo).isPositive().isLessThanOrEqualTo(r.timePs());
      }
      assertThat(broadcast.timePs()).as(algo).isLessThanOrEqualTo(allReduce.timePs());
      assertThat(reduce.timePs()).as(algo).isLessThanOrEqualTo(allReduce.timePs());
    }
  }

  /**
   * On one switch, a 64 KiB Broadcast over 4 ranks is one piece per hop down the chain 0, 1, 2, 3:
   * its bound is the three hops in a row, each the piece's packets on the sender's link and its last
   * packet's crossing of the switch; the run adds only the last ACK's way back.
   */
  @Test
  void aSmallBroadcastFinishesJustAboveItsBound() {
    Row r = bench(ONE_SWITCH, CollectiveOp.BROADCAST, 64 * KIB, List.of());
    assertThat(r.boundPs()).isEqualTo(3 * CollectiveBound.pieceOnTheFabricPs(
        new CollectiveBound.HostLink(PacketFormat.of(4096, 62, 64, 20), 100_000_000_000L, 500_000L), 64 * KIB));
    assertThat(r.timePs()).isGreaterThanOrEqualTo(r.boundPs()).isLessThan(r.boundPs() + 2_000_000L);
  }
}
