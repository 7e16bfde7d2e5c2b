package org.lbsim.failure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.lbsim.net.Switch;
import org.lbsim.topo.FatTree;

/**
 * The reference's lazily built, stale forwarding entries at aggregation switches, on a k = 8 fat
 * tree with agg0-core0 failed: agg8 (switch id 40, pod 2, position 0) reaches pod 0 through cores
 * 0, 4, 8, 12 on its uplinks 0–3, and core 0 no longer reaches agg0.
 */
class LazyTablesTest {
  private static final long US = 1_000_000;
  private final Links links = new Links(new FatTree(8, 1));
  private final Switch agg8 = new Switch(40, "agg8", 1, 32, 48, 4, 4, 4, new SplittableRandom(1));
  private final Switch tor8 = new Switch(8, "tor8", 0, 32, 36, 1, 4, 4, new SplittableRandom(1));
  private final boolean[] down = new boolean[links.count()];
  private final boolean[] intact = new boolean[links.count()];

  LazyTablesTest() {
    down[links.parse("agg0-core0")] = true;
  }

  @Test
  void anEntryBuiltBeforeTheFailureStaysStaleWhileOneBuiltAfterAvoidsTheDeadLink() {
    Convergence c = new Convergence(links);
    LazyTables t = new LazyTables(c);
    assertThat(t.usable(agg8, 0)).as("host 0's entry, built before the failure").isEqualTo(0b1111L);
    t.linksChanged(down, 50 * US);
    assertThat(t.usable(agg8, 0)).as("stale until routes converge").isEqualTo(0b1111L);
    assertThat(t.usable(agg8, 1)).as("host 1's entry, built after the failure").isEqualTo(0b1110L);
    assertThat(t.usable(agg8, 100)).as("towards pod 6 every core works").isEqualTo(0b1111L);
    assertThat(t.usable(tor8, 1)).as("ToRs follow the converged view").isEqualTo(0b1111L);
    c.convergeRoutes(down);
    t.routesConverged(down);
    assertThat(t.usable(agg8, 0)).as("rebuilt from the converged routes").isEqualTo(0b1110L);
    assertThat(t.usable(agg8, 1)).isEqualTo(0b1110L);
  }

  @Test
  void aFailureAtTimeZeroFindsEveryEntryBuilt() {
    Convergence c = new Convergence(links);
    LazyTables t = new LazyTables(c);
    t.linksChanged(down, 0);
    assertThat(t.usable(agg8, 1)).as("the reference fills every table before a failure at time 0").isEqualTo(0b1111L);
    c.convergeRoutes(down);
    t.routesConverged(down);
    assertThat(t.usable(agg8, 1)).isEqualTo(0b1110L);
  }

  @Test
  void afterARecoveryNewEntriesUseTheLinkAgainBeforeRoutesConverge() {
    Convergence c = new Convergence(links);
    LazyTables t = new LazyTables(c);
    t.linksChanged(down, 50 * US);
    c.convergeRoutes(down);
    t.routesConverged(down);
    assertThat(t.usable(agg8, 0)).isEqualTo(0b1110L);
    t.linksChanged(intact, 300 * US);
    assertThat(t.usable(agg8, 0)).as("built while the link was dead: stale").isEqualTo(0b1110L);
    assertThat(t.usable(agg8, 2)).as("built after the recovery").isEqualTo(0b1111L);
    c.convergeRoutes(intact);
    t.routesConverged(intact);
    assertThat(t.usable(agg8, 0)).isEqualTo(0b1111L);
  }

  @Test
  void anAggHoldsOneEntryPerDestinationItRoutedUntilRoutesConverge() {
    Convergence c = new Convergence(links);
    LazyTables t = new LazyTables(c);
    assertThat(t.entries()).isZero();
    t.linksChanged(down, 50 * US);
    int[] dsts = {0, 1, 5, 17, 100, 127};
    for (int round = 0; round < 3; round++) {
      for (int d : dsts) {
        t.usable(agg8, d);
        t.usable(tor8, d);
      }
    }
    assertThat(t.entries()).as("one per destination agg8 routed, none for the ToR").isEqualTo(dsts.length);
    c.convergeRoutes(down);
    t.routesConverged(down);
    assertThat(t.entries()).as("convergence drops every entry").isZero();
    assertThat(t.usable(agg8, 1)).isEqualTo(0b1110L);
    assertThat(t.entries()).isEqualTo(1);
  }
}
