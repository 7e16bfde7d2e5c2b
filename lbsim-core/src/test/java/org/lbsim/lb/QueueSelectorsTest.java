package org.lbsim.lb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** jsq, rsq and switch-ar: queue-driven (or blind) per-packet choices. */
class QueueSelectorsTest {
  private static final int PKT = 4158;

  @Test
  void jsqPicksTheExactMinimum() {
    TestSwitch t = TestSwitch.tor(4);
    t.load(0, 3 * PKT);
    t.load(1, PKT + 1);
    t.load(2, PKT);
    t.load(3, 5 * PKT);
    Jsq jsq = new Jsq(t.sw);
    for (int i = 0; i < 1000; i++) {
      assertThat(t.choose(jsq)).isEqualTo(2);
    }
  }

  @Test
  void jsqSpreadsTies() {
    TestSwitch t = TestSwitch.tor(4);
    t.load(0, PKT);
    t.load(3, 2 * PKT);
    Jsq jsq = new Jsq(t.sw);
    int[] chosen = new int[4];
    for (int i = 0; i < 10_000; i++) {
      chosen[t.choose(jsq)]++;
    }
    assertThat(chosen[0]).isZero();
    assertThat(chosen[3]).isZero();
    assertThat(chosen[1]).isBetween(4000, 6000);
    assertThat(chosen[2]).isBetween(4000, 6000);
  }

  @Test
  void rsqDrawsEachPacketFromTheSwitchStream() {
    TestSwitch t = TestSwitch.tor(4);
    t.load(0, 10 * PKT); // queues are ignored
    Rsq rsq = new Rsq();
    SplittableRandom mirror = TestSwitch.mirrorOfSwitchRandom();
    for (int i = 0; i < 1000; i++) {
      assertThat(t.choose(rsq)).isEqualTo(mirror.nextInt(4));
    }
  }

  private static SwitchAr ar(TestSwitch t) {
    // the study's values: refresh after 0.1 us, buckets at 5, 10 and 20 % of a 100 kB buffer
    return new SwitchAr(t.sw, t::clock, 100_000, 100_000, 5, 10, 20);
  }

  @Test
  void switchArQuantizesAgainstTheBufferFractions() {
    TestSwitch t = TestSwitch.tor(4);
    t.load(0, 4_999); // < 5 %: level 0
    t.load(1, 5_000); // level 1
    t.load(2, 19_999); // level 2
    t.load(3, 20_000); // level 3
    SwitchAr ar = ar(t);
    t.now = 1_000_000;
    for (int i = 0; i < 4; i++) {
      assertThat(ar.level(i, t.up[i], t.now)).as("port %d", i).isEqualTo(i);
    }
  }

  @Test
  void switchArPicksAtRandomAmongTheLowestNonEmptyBucket() {
    TestSwitch t = TestSwitch.tor(4);
    t.load(0, 12_000); // level 2
    t.load(1, 6_000); // level 1
    t.load(2, 9_999); // level 1
    t.load(3, 25_000); // level 3
    SwitchAr ar = ar(t);
    int[] chosen = new int[4];
    for (int i = 0; i < 10_000; i++) {
      t.now = 1_000_000 + i * 200_000L;
      chosen[t.choose(ar)]++;
    }
    assertThat(chosen[0]).isZero();
    assertThat(chosen[3]).isZero();
    assertThat(chosen[1]).isBetween(4000, 6000);
    assertThat(chosen[2]).isBetween(4000, 6000);
  }

  @Test
  void switchArDoesNotRefreshWithinTheInterval() {
    TestSwitch t = TestSwitch.tor(4);
    t.load(0, 12_000); // level 2
    t.load(1, 6_000); // level 1
    t.load(2, 25_000); // level 3
    t.load(3, 25_000); // level 3
    SwitchAr ar = ar(t);
    t.now = 1_000_000;
    assertThat(t.choose(ar)).isEqualTo(1); // refreshed: port 1 alone at level 1
    t.load(1, 20_000); // now level 3, but the cache is fresh
    t.now = 1_100_000; // exactly 0.1 us later: not "more than"
    assertThat(t.choose(ar)).isEqualTo(1);
    t.now = 1_100_001;
    assertThat(t.choose(ar)).isEqualTo(0);
  }

  @Test
  void switchArLevelsStartAtZeroUntilTheFirstRefresh() {
    TestSwitch t = TestSwitch.tor(4);
    t.load(0, 50_000);
    t.load(1, 50_000);
    t.load(2, 50_000);
    SwitchAr ar = ar(t);
    int[] chosen = new int[4];
    for (int i = 0; i < 4000; i++) {
      t.now = i * 25; // within the first 0.1 us every cached level is still 0
      chosen[t.choose(ar)]++;
    }
    for (int c : chosen) {
      assertThat(c).isBetween(800, 1200);
    }
  }
}
