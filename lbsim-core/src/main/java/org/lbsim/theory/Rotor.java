package org.lbsim.theory;

import java.util.SplittableRandom;

/** A pointer over the choices 0 … n−1 in a random order from a random start; each call takes the next. */
final class Rotor {
  private final int[] order;
  private int position;

  /** Draws from {@code random}: a Fisher–Yates shuffle (i = n−1 down to 1, j = nextInt(i + 1)), then the start nextInt(n). */
  Rotor(int n, SplittableRandom random) {
    order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    shuffle(order, n, random);
    position = random.nextInt(n);
  }

  int next() {
    int choice = order[position];
    position = position + 1 == order.length ? 0 : position + 1;
    return choice;
  }

  /** Shuffles the first {@code n} entries of {@code values}: i = n−1 down to 1, swapping i with nextInt(i + 1). */
  static void shuffle(int[] values, int n, SplittableRandom random) {
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int v = values[i];
      values[i] = values[j];
      values[j] = v;
    }
  }
}
