package org.lbsim.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PlacementTest {
  @Test
  void packedTakesConsecutiveServers() {
    int[][] p = Placement.place("packed", new int[] {2, 3}, 8, new SplittableRandom(1));
    assertThat(p[0]).containsExactly(0, 1);
    assertThat(p[1]).containsExactly(2, 3, 4);
  }

  @Test
  void spreadDealsServersRoundRobin() {
    int[][] p = Placement.place("spread", new int[] {3, 2}, 8, new SplittableRandom(1));
    assertThat(p[0]).containsExactly(0, 2, 4);
    assertThat(p[1]).containsExactly(1, 3);
  }

  @Test
  void randomIsASeededPermutationWithoutOverlap() {
    int[][] a = Placement.place("random", new int[] {4, 4}, 8, new SplittableRandom(7));
    int[][] b = Placement.place("random", new int[] {4, 4}, 8, new SplittableRandom(7));
    assertThat(a).isDeepEqualTo(b);
    int[] all = new int[8];
    System.arraycopy(a[0], 0, all, 0, 4);
    System.arraycopy(a[1], 0, all, 4, 4);
    Arrays.sort(all);
    assertThat(all).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
  }

  @Test
  void tooManyServersIsRefused() {
    assertThatThrownBy(() -> Placement.place("packed", new int[] {5, 4}, 8, new SplittableRandom(1)))
        .hasMessage("the jobs need 9 servers but the fabric has 8");
  }

  @Test
  void railOptimizedNumbersNicIOfEveryServerUnderLeafI() {
    Cluster c = new Cluster(16, 8, true);
    assertThat(c.host(5, 3)).isEqualTo(3 * 16 + 5);
    assertThat(new Cluster(16, 8, false).host(5, 3)).isEqualTo(5 * 8 + 3);
  }
}
