package org.lbsim.failure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.lbsim.net.Switch;
import org.lbsim.topo.FatTree;

/**
 * The study simulator's tables under several failed links (profile: reference), on a k = 8 fat
 * tree: ToRs are switches 0–31, aggs 32–63 (agg a = pod a / 4, position a mod 4), and agg a's
 * uplink l goes to core (a mod 4) + 4·l. With agg0-core0 and agg0-core4 failed at time 0, the
 * tables are filled once before each failure, so the second fill already avoids agg0-core0; once
 * weights converge every ToR weighs its uplinks alike for every destination.
 */
class ReferenceFailureTablesTest {
  private final Links links = new Links(new FatTree(8, 1));
  private final Switch agg0 = new Switch(32, "agg0", 1, 0, 16, 4, 4, 4, new SplittableRandom(1));
  private final Switch agg8 = new Switch(40, "agg8", 1, 32, 48, 4, 4, 4, new SplittableRandom(1));
  private final Switch tor0 = new Switch(0, "tor0", 0, 0, 4, 1, 4, 4, new SplittableRandom(1));
  private final Switch tor8 = new Switch(8, "tor8", 0, 32, 36, 1, 4, 4, new SplittableRandom(1));

  private int[] ids(String... names) {
    int[] out = new int[names.length];
    for (int i = 0; i < names.length; i++) {
      out[i] = links.parse(names[i]);
    }
    return out;
  }

  private boolean[] down(int[] failed) {
    boolean[] d = new boolean[links.count()];
    for (int id : failed) {
      d[id] = true;
    }
    return d;
  }

  @Test
  void twoLinksFailingAtTimeZeroLeaveEntriesFilledOnceBeforeEachFailure() {
    int[] failed = ids("agg0-core0", "agg0-core4");
    Convergence c = new Convergence(links);
    LazyTables t = new LazyTables(c, links, failed);
    t.linksChanged(down(failed), 0);
    assertThat(t.usable(agg0, 100)).as("every entry is stale: all four uplinks listed").isEqualTo(0b1111L);
    assertThat(t.weights(agg0, 100)).as("the second fill lists cores 4, 8, 12 again, not core 0")
        .containsExactly(1, 2, 2, 2);
    assertThat(t.weights(agg8, 0)).as("towards pod 0 the second fill skips core 0, whose link to agg0 failed")
        .containsExactly(1, 2, 2, 2);
    assertThat(t.weights(agg8, 100)).as("towards pod 6 both fills list every core").containsExactly(2, 2, 2, 2);
    assertThat(t.weights(tor8, 0)).as("ToRs have no weights before weights converge").isNull();
    c.convergeRoutes(down(failed));
    t.routesConverged(down(failed));
    assertThat(t.weights(agg0, 100)).as("entries rebuilt once routes converge").isNull();
    assertThat(t.usable(agg0, 100)).isEqualTo(0b1100L);
  }

  @Test
  void ofansRotationsComeFromTheLastFill() {
    int[] failed = ids("agg0-core0", "agg0-core4");
    Convergence c = new Convergence(links);
    LazyTables t = new LazyTables(c, links, failed);
    t.linksChanged(down(failed), 0);
    assertThat(t.rotationWeights(agg0, 100)).as("core 0 failed before the last fill, core 4 after it")
        .containsExactly(0, 1, 1, 1);
    assertThat(t.rotationWeights(agg8, 0)).containsExactly(0, 1, 1, 1);
    assertThat(t.rotationWeights(tor8, 0)).as("agg8 reaches pod 0 through 3 cores").containsExactly(3, 4, 4, 4);
    assertThat(t.rotationWeights(tor8, 100)).containsExactly(4, 4, 4, 4);
    c.convergeRoutes(down(failed));
    t.routesConverged(down(failed));
    assertThat(c.weights(tor8, 0)).as("W-ECMP weights never converge").isNull();
    assertThat(t.rotationWeights(tor8, 0)).as("rebuilt from the links failed now").containsExactly(2, 4, 4, 4);
    assertThat(t.rotationWeights(agg0, 100)).containsExactly(0, 0, 1, 1);
  }

  @Test
  void oneLinkOrALaterFailureHasNoSequentialFills() {
    int[] one = ids("agg0-core0");
    LazyTables t = new LazyTables(new Convergence(links), links, one);
    t.linksChanged(down(one), 0);
    assertThat(t.weights(agg0, 100)).isNull();
    assertThat(t.rotationWeights(agg0, 100)).isNull();
    int[] two = ids("agg0-core0", "agg0-core4");
    LazyTables later = new LazyTables(new Convergence(links), links, two);
    later.linksChanged(down(two), 20_000_000);
    assertThat(later.weights(agg0, 100)).isNull();
    assertThat(later.rotationWeights(agg0, 100)).as("a rotation built after the failure avoids both links")
        .containsExactly(0, 0, 1, 1);
  }

  /** Routing and the reference tables after {@code failed} fail at time 0 and routes and weights converge. */
  private record Converged(Convergence routing, LazyTables tables) {}

  private Converged converged(int[] failed) {
    Convergence c = new Convergence(links);
    LazyTables t = new LazyTables(c, links, failed);
    t.linksChanged(down(failed), 0);
    c.convergeRoutes(down(failed));
    t.routesConverged(down(failed));
    c.convergeWeights(down(failed));
    t.weightsConverged(down(failed));
    return new Converged(c, t);
  }

  @Test
  void convergedWeightsAreTheFailedAggPositionsWeightsForEveryDestination() {
    int[] failed = ids("agg0-core0", "agg0-core4");
    Converged conv = converged(failed);
    Convergence c = conv.routing();
    LazyTables t = conv.tables();
    assertThat(c.weights(tor8, 100)).as("routing's own weights towards pod 6").containsExactly(4, 4, 4, 4);
    assertThat(t.weights(tor8, 100)).as("each failed link adds agg0's 2 live uplinks and 4 for the others")
        .containsExactly(4, 8, 8, 8);
    assertThat(t.weights(tor8, 0)).containsExactly(4, 8, 8, 8);
    assertThat(c.weights(tor0, 4)).as("routing's own weights inside pod 0").containsExactly(1, 1, 1, 1);
    assertThat(t.weights(tor0, 4)).containsExactly(4, 8, 8, 8);
    assertThat(t.weights(agg8, 0)).as("aggs keep routing's weights").isEqualTo(c.weights(agg8, 0));
  }

  @Test
  void theFailedAggsPositionIsTakenForAPodNumber() {
    // agg13 is pod 3, position 1: the reference weighs by the aggs of pod 1, which lost nothing
    int[] failed = ids("agg13-core5");
    Converged conv = converged(failed);
    Convergence c = conv.routing();
    LazyTables t = conv.tables();
    assertThat(c.weights(tor0, 48)).as("routing's weights towards pod 3").containsExactly(4, 3, 4, 4);
    assertThat(t.weights(tor0, 48)).containsExactly(4, 4, 4, 4);
  }
}
