package org.lbsim.lb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IwrrTest {
  private static final int P1 = 0;
  private static final int P2 = 1;
  private static final int P3 = 2;
  private static final int P4 = 3;

  @Test
  void theStudysExample() {
    // weights [1600, 1600, 1600, 800] reduce to [2, 2, 2, 1]; order [P3, P2, P4, P1]
    int[] s = Iwrr.schedule(new int[] {1600, 1600, 1600, 800}, new int[] {P3, P2, P4, P1});
    assertThat(s).containsExactly(P3, P2, P4, P1, P3, P2, P1);
  }

  @Test
  void equalWeightsGiveTheOrderItself() {
    assertThat(Iwrr.schedule(new int[] {1, 1, 1, 1}, new int[] {2, 0, 3, 1})).containsExactly(2, 0, 3, 1);
    assertThat(Iwrr.schedule(new int[] {7, 7, 7}, new int[] {1, 2, 0})).containsExactly(1, 2, 0);
  }

  @Test
  void zeroWeightsAreLeftOutAndRoundsInterleave() {
    assertThat(Iwrr.schedule(new int[] {3, 0, 1, 2}, new int[] {3, 2, 1, 0})).containsExactly(3, 2, 0, 3, 0, 0);
    assertThat(Iwrr.schedule(new int[] {0, 0}, new int[] {0, 1})).isEmpty();
  }
}
