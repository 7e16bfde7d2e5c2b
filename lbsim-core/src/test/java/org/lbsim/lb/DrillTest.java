package org.lbsim.lb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** drill: least loaded of d random samples and the m remembered best. */
class DrillTest {
  private static final int PKT = 4158;

  @Test
  void choosesTheLeastLoadedOfTheSamplesAndTheRememberedPort() {
    TestSwitch t = new TestSwitch(0, 0, 4, 1, 8);
    int[] load = {5, 3, 7, 2, 6, 4, 1, 8}; // packets queued per port, all different
    for (int i = 0; i < 8; i++) {
      t.load(i, load[i] * PKT);
    }
    Drill drill = new Drill(t.sw, 2, 1);
    SplittableRandom mirror = TestSwitch.mirrorOfSwitchRandom();
    int memory = -1;
    for (int i = 0; i < 200; i++) {
      int best = memory;
      for (int s = 0; s < 2; s++) {
        int sample = mirror.nextInt(8);
        if (best < 0 || load[sample] < load[best]) {
          best = sample;
        }
      }
      assertThat(t.choose(drill)).as("decision %d", i).isEqualTo(best);
      memory = best;
    }
    // once the shortest queue has been sampled, the memory holds on to it
    assertThat(memory).isEqualTo(6);
  }

  @Test
  void withoutMemoryItIsThePowerOfDChoices() {
    TestSwitch t = new TestSwitch(0, 0, 4, 1, 4);
    int[] load = {4, 1, 3, 2};
    for (int i = 0; i < 4; i++) {
      t.load(i, load[i] * PKT);
    }
    Drill drill = new Drill(t.sw, 3, 0);
    SplittableRandom mirror = TestSwitch.mirrorOfSwitchRandom();
    for (int i = 0; i < 200; i++) {
      int best = -1;
      for (int s = 0; s < 3; s++) {
        int sample = mirror.nextInt(4);
        if (best < 0 || load[sample] < load[best]) {
          best = sample;
        }
      }
      assertThat(t.choose(drill)).isEqualTo(best);
    }
  }

  @Test
  void aRememberedPortThatIsNoLongerBestIsDropped() {
    TestSwitch t = new TestSwitch(0, 0, 4, 1, 2);
    t.load(0, PKT);
    Drill drill = new Drill(t.sw, 1, 1);
    // with two ports and one sample per packet, port 1 (empty) is found and then kept
    int last = -1;
    for (int i = 0; i < 50; i++) {
      last = t.choose(drill);
    }
    assertThat(last).isEqualTo(1);
    t.load(1, 3 * PKT); // port 1 now holds more than port 0
    for (int i = 0; i < 50; i++) {
      last = t.choose(drill);
    }
    assertThat(last).isEqualTo(0);
  }
}
