package org.lbsim.lb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** switch-spray and simple-rr: per-switch rotations, with and without re-permutation. */
class RoundRobinTest {
  private static final int N = 4;

  @Test
  void switchSprayKeepsOneOrderPerBlockOfFiveWrapsAndRedrawsItBetweenBlocks() {
    TestSwitch t = TestSwitch.tor(N);
    SwitchSpray rr = new SwitchSpray(t.sw, 5);
    List<List<Integer>> orders = new ArrayList<>();
    for (int block = 0; block < 30; block++) {
      int[] used = new int[N];
      List<Integer> order = new ArrayList<>();
      for (int j = 0; j < 5 * N; j++) {
        int c = rr.select(t.sw, null, t.up, N);
        used[c]++;
        if (j < N) {
          order.add(c);
        } else {
          assertThat(c).as("block %d decision %d follows the block's order", block, j).isEqualTo(order.get(j % N));
        }
      }
      assertThat(used).as("block %d", block).containsOnly(5);
      assertThat(new HashSet<>(order)).hasSize(N);
      orders.add(order);
    }
    int changes = 0;
    for (int b = 1; b < orders.size(); b++) {
      changes += orders.get(b).equals(orders.get(b - 1)) ? 0 : 1;
    }
    // a fresh uniform permutation of 4 repeats the previous one with probability 1/24
    assertThat(changes).isGreaterThan(20);
    assertThat(new HashSet<>(orders)).hasSizeGreaterThan(10);
  }

  @Test
  void switchSprayBlockLengthFollowsTheParameter() {
    TestSwitch t = TestSwitch.tor(N);
    SwitchSpray rr = new SwitchSpray(t.sw, 2);
    Set<List<Integer>> orders = new HashSet<>();
    for (int block = 0; block < 40; block++) {
      List<Integer> seq = new ArrayList<>();
      for (int j = 0; j < 2 * N; j++) {
        seq.add(rr.select(t.sw, null, t.up, N));
      }
      assertThat(seq.subList(N, 2 * N)).isEqualTo(seq.subList(0, N));
      orders.add(seq.subList(0, N));
    }
    assertThat(orders).hasSizeGreaterThan(10);
  }

  @Test
  void simpleRrNeverChangesItsOrder() {
    TestSwitch t = TestSwitch.tor(N);
    SimpleRr rr = new SimpleRr(t.sw);
    int[] first = new int[N];
    int[] used = new int[N];
    for (int i = 0; i < 10_000; i++) {
      int c = rr.select(t.sw, DATA, t.up, N);
      if (i < N) {
        first[i] = c;
      } else {
        assertThat(c).isEqualTo(first[i % N]);
      }
      used[c]++;
    }
    assertThat(used).containsOnly(10_000 / N);
  }

  private static final org.lbsim.net.Packet DATA = new org.lbsim.net.Packet();
  private static final org.lbsim.net.Packet ACK = new org.lbsim.net.Packet();

  static {
    ACK.type = org.lbsim.net.Packet.ACK;
  }

  @Test
  void simpleRrRotatesAcksOnTheirOwnCounter() {
    TestSwitch t = TestSwitch.tor(N);
    SimpleRr rr = new SimpleRr(t.sw);
    TestSwitch u = TestSwitch.tor(N);
    SimpleRr twin = new SimpleRr(u.sw); // same seed: same order and start
    for (int i = 0; i < 1_000; i++) {
      int acks = i % 3;
      for (int a = 0; a < acks; a++) {
        rr.select(t.sw, ACK, t.up, N);
      }
      assertThat(rr.select(t.sw, DATA, t.up, N)).isEqualTo(twin.select(u.sw, DATA, u.up, N));
    }
  }

  @Test
  void simpleRrStartsAtARandomPositionOfARandomOrder() {
    Set<List<Integer>> sequences = new HashSet<>();
    int[] firstPort = new int[N];
    for (long seed = 0; seed < 200; seed++) {
      TestSwitch t = new TestSwitch(0, 0, 4, 1, N, seed);
      SimpleRr rr = new SimpleRr(t.sw);
      List<Integer> seq = new ArrayList<>();
      for (int i = 0; i < N; i++) {
        seq.add(rr.select(t.sw, DATA, t.up, N));
      }
      sequences.add(seq);
      firstPort[seq.get(0)]++;
    }
    assertThat(sequences).hasSizeGreaterThan(18); // of the 24 orders
    for (int c : firstPort) {
      assertThat(c).isBetween(25, 75);
    }
  }
}
