package org.lbsim.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

class MemoryLatencyBenchTest {

  @Test
  void theChainIsOneCycleThroughEveryLine() {
    int lines = 4096;
    int[] chain = MemoryLatencyBench.chain(lines, 7);
    BitSet seen = new BitSet(lines);
    int p = 0;
    for (int s = 0; s < lines; s++) {
      assertThat(p % MemoryLatencyBench.INTS_PER_LINE).isZero();
      int line = p / MemoryLatencyBench.INTS_PER_LINE;
      assertThat(seen.get(line)).as("line %d visited twice after %d steps", line, s).isFalse();
      seen.set(line);
      p = chain[p];
    }
    assertThat(seen.cardinality()).isEqualTo(lines);
    assertThat(p).isZero(); // back at the start: a single cycle
  }

  @Test
  void theOrderIsShuffledNotSequential() {
    int[] chain = MemoryLatencyBench.chain(1024, 7);
    int sequentialSteps = 0;
    int p = 0;
    for (int s = 0; s < 1024; s++) {
      int next = chain[p];
      if (next == p + MemoryLatencyBench.INTS_PER_LINE) {
        sequentialSteps++;
      }
      p = next;
    }
    assertThat(sequentialSteps).isLessThan(16); // a prefetcher must not see a stream
  }

  @Test
  void tooSmallAChaseIsRefused() {
    assertThatThrownBy(() -> MemoryLatencyBench.chain(1, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least 2 cache lines, got 1");
  }
}
