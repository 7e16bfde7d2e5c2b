package org.lbsim.lb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EdgeColoringTest {

  @Test
  void aRegularBipartiteMultigraphGetsAProperColoringWithDegreeManyColors() {
    // 8 + 8 vertices, every vertex of degree 4 (a union of 4 random perfect matchings, with repeats)
    SplittableRandom r = new SplittableRandom(3);
    int n = 8;
    int c = 4;
    int[] left = new int[n * c];
    int[] right = new int[n * c];
    for (int m = 0; m < c; m++) {
      int[] perm = shuffled(n, r);
      for (int i = 0; i < n; i++) {
        left[m * n + i] = i;
        right[m * n + i] = perm[i];
      }
    }
    int[] color = EdgeColoring.equitable(left, right, n, n, c);
    assertThat(maxPerColor(left, color, n, c)).isEqualTo(1);
    assertThat(maxPerColor(right, color, n, c)).isEqualTo(1);
  }

  @Test
  void highDegreeVerticesGetEveryColorEvenly() {
    // each left vertex has degree 13 over 4 colors: at most ceil(13/4) = 4 of one color
    SplittableRandom r = new SplittableRandom(11);
    int n = 6;
    int deg = 13;
    int[] left = new int[n * deg];
    int[] right = new int[n * deg];
    for (int e = 0; e < left.length; e++) {
      left[e] = e / deg;
      right[e] = r.nextInt(n);
    }
    int[] color = EdgeColoring.equitable(left, right, n, n, 4);
    assertThat(maxPerColor(left, color, n, 4)).isEqualTo(4);
    int[] rightDegree = new int[n];
    for (int v : right) {
      rightDegree[v]++;
    }
    int[][] count = counts(right, color, n, 4);
    for (int v = 0; v < n; v++) {
      for (int k = 0; k < 4; k++) {
        assertThat(count[v][k]).as("right vertex %d color %d", v, k).isLessThanOrEqualTo((rightDegree[v] + 3) / 4);
      }
    }
  }

  @Test
  void coloringIsDeterministicAndColorsAreInRange() {
    int[] left = {0, 0, 1, 1, 2};
    int[] right = {1, 2, 2, 0, 0};
    int[] a = EdgeColoring.equitable(left, right, 3, 3, 2);
    assertThat(a).containsExactly(EdgeColoring.equitable(left, right, 3, 3, 2));
    assertThat(a).containsOnly(0, 1);
    assertThat(maxPerColor(left, a, 3, 2)).isEqualTo(1);
    assertThat(maxPerColor(right, a, 3, 2)).isEqualTo(1);
  }

  @Test
  void badInputIsRefused() {
    assertThatThrownBy(() -> EdgeColoring.equitable(new int[] {0}, new int[] {0}, 1, 1, 0))
        .hasMessageContaining("at least one color");
    assertThatThrownBy(() -> EdgeColoring.equitable(new int[] {0}, new int[] {5}, 1, 2, 1))
        .hasMessageContaining("vertex 5 outside 0..1");
  }

  private static int[] shuffled(int n, SplittableRandom r) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      int t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    return p;
  }

  private static int[][] counts(int[] ends, int[] color, int n, int c) {
    int[][] count = new int[n][c];
    for (int e = 0; e < ends.length; e++) {
      count[ends[e]][color[e]]++;
    }
    return count;
  }

  private static int maxPerColor(int[] ends, int[] color, int n, int c) {
    int max = 0;
    for (int[] row : counts(ends, color, n, c)) {
      for (int x : row) {
        max = Math.max(max, x);
      }
    }
    return max;
  }
}
