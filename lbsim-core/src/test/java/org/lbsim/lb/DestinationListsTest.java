package org.lbsim.lb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.lbsim.net.Packet;
import org.lbsim.net.Switch;

/**
 * switch-spray under the reference profile's routing view: the study's simulator's
 * per-destination lists (weighted copies side by side at a ToR, port order above it), one
 * counter per switch, and a wrap that re-permutes only the current destination's list.
 */
class DestinationListsTest {
  /** A routing view with per-destination weights; every up port usable but {@code dead}. */
  private static final class FakeRoutes implements ReferenceRoutes {
    final Map<Integer, int[]> weights = new HashMap<>();
    long dead;
    int epoch;

    @Override
    public int epoch() {
      return epoch;
    }

    @Override
    public long usable(Switch sw, int dst) {
      return 0b1111 & ~dead;
    }

    @Override
    public int[] weights(Switch sw, int dst) {
      return weights.get(dst);
    }

    @Override
    public boolean routeUsable(int src, int dst, int route) {
      return true;
    }

    @Override
    public int[] rotationWeights(Switch sw, int dst) {
      return null;
    }
  }

  @Test
  void aTorWithWeightsRotatesOverItsWeightedCopiesInTheSharedOrder() {
    TestSwitch t = TestSwitch.tor(4);
    FakeRoutes r = new FakeRoutes();
    r.weights.put(9, new int[] {2, 1, 3, 1});
    r.dead = 0b1000;
    int[] shared = {2, 0, 3, 1};
    int[] l = new DestinationLists().list(t.sw, 9, shared, 4, r.usable(t.sw, 9), r);
    assertThat(l).containsExactly(2, 2, 2, 0, 0, 1);
  }

  @Test
  void aTorWithoutWeightsKeepsTheSharedList() {
    TestSwitch t = TestSwitch.tor(4);
    FakeRoutes r = new FakeRoutes();
    assertThat(new DestinationLists().list(t.sw, 9, new int[] {2, 0, 3, 1}, 4, 0b1111, r)).isNull();
  }

  @Test
  void aSwitchAboveTheTorsListsItsUsablePortsInPortOrderPerDestinationUntilRoutingConvergesAgain() {
    TestSwitch agg = new TestSwitch(1, 0, 8, 2, 4);
    FakeRoutes r = new FakeRoutes();
    r.dead = 0b0001;
    DestinationLists lists = new DestinationLists();
    int[] l = lists.list(agg.sw, 9, new int[] {3, 2, 1, 0}, 4, r.usable(agg.sw, 9), r);
    assertThat(l).containsExactly(1, 2, 3);
    assertThat(lists.list(agg.sw, 9, null, 4, r.usable(agg.sw, 9), r)).as("kept").isSameAs(l);
    assertThat(lists.list(agg.sw, 10, null, 4, r.usable(agg.sw, 10), r)).as("another destination's").isNotSameAs(l);
    r.dead = 0b0010;
    r.epoch++;
    assertThat(lists.list(agg.sw, 9, null, 4, r.usable(agg.sw, 9), r)).containsExactly(0, 2, 3);
  }

  @Test
  void oneCounterRunsOverEveryDestinationsListAndAWrapPermutesOnlyTheCurrentOne() {
    TestSwitch agg = new TestSwitch(1, 0, 8, 2, 4);
    FakeRoutes r = new FakeRoutes();
    SwitchSpray rr = new SwitchSpray(agg.sw, 2);
    Packet toA = agg.pool.acquire();
    toA.dst = 9;
    Packet toB = agg.pool.acquire();
    toB.dst = 10;
    List<Integer> seq = new ArrayList<>();
    // alternating destinations: the shared counter runs 0..7 over both lists (port order 0, 1, 2, 3)
    for (int i = 0; i < 8; i++) {
      seq.add(rr.select(agg.sw, i % 2 == 0 ? toA : toB, agg.up, 4, 0b1111, r));
    }
    assertThat(seq).containsExactly(0, 1, 2, 3, 0, 1, 2, 3);
    // the counter is at 2 x 4: it restarts, and only B's list (this packet's) is re-permuted
    List<Integer> b = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      b.add(rr.select(agg.sw, toB, agg.up, 4, 0b1111, r));
    }
    assertThat(b).containsExactlyInAnyOrder(0, 1, 2, 3).isNotEqualTo(List.of(0, 1, 2, 3));
    List<Integer> a = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      a.add(rr.select(agg.sw, toA, agg.up, 4, 0b1111, r));
    }
    assertThat(a).as("A's list, counter 4..7").containsExactly(0, 1, 2, 3);
  }
}
