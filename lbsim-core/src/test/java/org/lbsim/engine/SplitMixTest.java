package org.lbsim.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** SplitMix must draw what java.util.SplittableRandom draws: results depend on every bit of it. */
class SplitMixTest {
  private static final int[] INT_BOUNDS = {1, 2, 3, 7, 8, 100, 1 << 20, (1 << 30) + 1, Integer.MAX_VALUE};
  private static final long[] LONG_BOUNDS = {1, 2, 5, 64, 1_000_003, 1L << 40, (1L << 62) + 3, Long.MAX_VALUE};

  @Test
  void drawsWhatSplittableRandomDrawsForEveryKindOfDraw() {
    SplittableRandom seeds = new SplittableRandom(20261201);
    for (int s = 0; s < 200; s++) {
      long seed = seeds.nextLong();
      SplittableRandom expected = new SplittableRandom(seed);
      SplitMix actual = new SplitMix(seed);
      for (int i = 0; i < 500; i++) {
        switch (i % 7) {
          case 0 -> assertThat(actual.nextLong()).isEqualTo(expected.nextLong());
          case 1 -> assertThat(actual.nextInt()).isEqualTo(expected.nextInt());
          case 2 -> {
            int b = INT_BOUNDS[i % INT_BOUNDS.length];
            assertThat(actual.nextInt(b)).isEqualTo(expected.nextInt(b));
          }
          case 3 -> {
            long b = LONG_BOUNDS[i % LONG_BOUNDS.length];
            assertThat(actual.nextLong(b)).isEqualTo(expected.nextLong(b));
          }
          case 4 -> assertThat(actual.nextDouble()).isEqualTo(expected.nextDouble());
          case 5 -> assertThat(actual.nextBoolean()).isEqualTo(expected.nextBoolean());
          default -> {
            // a split must yield the same child and leave the parent in the same state
            SplittableRandom ec = expected.split();
            SplitMix ac = actual.split();
            for (int k = 0; k < 20; k++) {
              assertThat(ac.nextLong()).isEqualTo(ec.nextLong());
              assertThat(ac.nextInt(1000)).isEqualTo(ec.nextInt(1000));
            }
          }
        }
      }
    }
  }

  @Test
  void splitsOfSplitsMatchToo() {
    SplittableRandom e = new SplittableRandom(42).split().split();
    SplitMix a = new SplitMix(42).split().split();
    for (int i = 0; i < 1000; i++) {
      assertThat(a.nextInt()).isEqualTo(e.nextInt());
    }
  }

  @Test
  void staticHelpersOnCopiedStateDrawWhatTheObjectDraws() {
    SplittableRandom seeds = new SplittableRandom(7);
    for (int s = 0; s < 100; s++) {
      SplitMix object = new SplitMix(seeds.nextLong());
      for (int round = 0; round < 5; round++) {
        // continue the object's stream in two plain fields, then move the object on by as many draws
        SplitMix twin = object.split();
        object = object.split(); // both parent and child of a split are continued below
        long seed = twin.seed();
        long gamma = twin.gamma();
        for (int i = 0; i < 300; i++) {
          switch (i % 4) {
            case 0 -> assertThat(SplitMix.mix32(seed = SplitMix.nextSeed(seed, gamma))).isEqualTo(twin.nextInt());
            case 1 -> assertThat(SplitMix.mix64(seed = SplitMix.nextSeed(seed, gamma))).isEqualTo(twin.nextLong());
            case 2 -> {
              int b = INT_BOUNDS[i % INT_BOUNDS.length];
              int r;
              do {
                r = SplitMix.boundedInt(SplitMix.mix32(seed = SplitMix.nextSeed(seed, gamma)), b);
              } while (r < 0);
              assertThat(r).isEqualTo(twin.nextInt(b));
            }
            default -> {
              long b = LONG_BOUNDS[i % LONG_BOUNDS.length];
              long r;
              do {
                r = SplitMix.boundedLong(SplitMix.mix64(seed = SplitMix.nextSeed(seed, gamma)), b);
              } while (r < 0);
              assertThat(r).isEqualTo(twin.nextLong(b));
            }
          }
          assertThat(seed).isEqualTo(twin.seed());
        }
      }
    }
  }

  @Test
  void boundedDrawsRejectOnlyTheTopPartialBlock() {
    // 2^31 - 1 is the largest 31-bit value: with bound 3, u % 3 = 1 and u + 2 - 1 overflows
    assertThat(SplitMix.boundedInt(-1, 3)).isEqualTo(-1);
    assertThat(SplitMix.boundedInt(-1, 4)).isEqualTo(3); // a power of two never rejects
    assertThat(SplitMix.boundedInt(10, 3)).isEqualTo(2); // u = 5
    assertThat(SplitMix.boundedLong(-1L, 3)).isEqualTo(-1L);
    assertThat(SplitMix.boundedLong(10L, 3)).isEqualTo(2L);
  }

  @Test
  void rejectsBoundsThatAreNotPositive() {
    assertThatThrownBy(() -> new SplitMix(1).nextInt(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("bound must be positive, got 0");
    assertThatThrownBy(() -> new SplitMix(1).nextLong(-5)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("bound must be positive, got -5");
  }
}
