package org.lbsim.lb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A flowlet table larger than 2^16 slots holds only the slots its flows use, and behaves as the dense one. */
class FlowletTableTest {
  private static final long GAP = 10_000_000; // 10 us

  /**
   * The same random sequence of packets and path choices gives the same answers, slot for slot: most
   * packets belong to 2,000 busy flows, which continue their flowlets; the rest to keys from a range
   * four times the slots, which collide with the busy flows and evict them.
   */
  @Test
  void aSparseTableAnswersAsTheDenseOneOfTheSameSize() {
    int bits = 17;
    FlowletTable dense = new FlowletTable(bits, true);
    FlowletTable sparse = new FlowletTable(bits, false);
    SplittableRandom random = new SplittableRandom(45);
    boolean[] started = new boolean[4 << bits];
    long now = 0;
    int continued = 0;
    int evicted = 0;
    for (int i = 0; i < 600_000; i++) {
      int key = random.nextInt(10) < 7 ? random.nextInt(2000) : random.nextInt(4 << bits);
      now += random.nextLong(2000);
      int held = dense.previous(key);
      assertThat(sparse.previous(key)).isEqualTo(held);
      evicted += started[key] && held < 0 ? 1 : 0;
      int path = dense.current(key, now, GAP);
      assertThat(sparse.current(key, now, GAP)).isEqualTo(path);
      if (path < 0) {
        int chosen = random.nextInt(8);
        dense.start(key, chosen);
        sparse.start(key, chosen);
        started[key] = true;
      } else {
        continued++;
      }
    }
    assertThat(continued).as("packets that continued a flowlet").isGreaterThan(100_000);
    assertThat(evicted).as("flows whose slot another flow took").isGreaterThan(1000);
    assertThat(sparse.capacity()).as("a sparse table never holds more than twice the slots").isLessThanOrEqualTo(2 << bits);
  }

  /** 2^24 slots (the registry's largest) held densely would be 256 MiB per switch. */
  @Test
  void theLargestTableHoldsOnlyTheSlotsItsFlowsUse() {
    FlowletTable table = new FlowletTable(24);
    for (int key = 0; key < 1000; key++) {
      assertThat(table.current(key, key, GAP)).isEqualTo(-1);
      table.start(key, key % 8);
    }
    for (int key = 0; key < 1000; key++) {
      assertThat(table.current(key, 2000, GAP)).isEqualTo(key % 8);
    }
    assertThat(table.capacity()).isLessThanOrEqualTo(2048);
    assertThat(new FlowletTable(FlowletTable.DENSE_BITS).capacity()).isEqualTo(1 << FlowletTable.DENSE_BITS);
  }
}
