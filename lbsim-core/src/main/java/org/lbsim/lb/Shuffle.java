package org.lbsim.lb;

import java.util.SplittableRandom;

/** The study simulator's in-place permutation, drawn from a switch's own random stream. */
final class Shuffle {
  private Shuffle() {}

  /** For i = 0..n-1: j = random in [0, n-i), swap list[j] and list[n-1-i] (reference-model §4.1). */
  static void permute(int[] list, int n, SplittableRandom random) {
    for (int i = 0; i < n; i++) {
      int j = random.nextInt(n - i);
      int last = n - 1 - i;
      int t = list[j];
      list[j] = list[last];
      list[last] = t;
    }
  }

  /** 0, 1, ..., n-1 in a random order. */
  static int[] randomOrder(int n, SplittableRandom random) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    permute(a, n, random);
    return a;
  }
}
