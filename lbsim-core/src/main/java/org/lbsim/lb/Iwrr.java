package org.lbsim.lb;

/**
 * Interleaved weighted round-robin schedule, as Ofan builds one per destination (study §6): the
 * weights are divided by their gcd, and round r lists, in the given port order, every port whose
 * reduced weight exceeds r. A port with weight w therefore appears w times, spread across the
 * rounds rather than in a burst, so a rotation pointer never sends consecutive packets to the same
 * heavy port while lighter ones idle.
 */
final class Iwrr {
  private Iwrr() {}

  /**
   * @param weights per-port weights (0 = not usable), indexed by port
   * @param order the ports in the order the rounds visit them (a shuffled permutation of indices)
   * @return port indices, one per slot; empty when no weight is positive
   */
  static int[] schedule(int[] weights, int[] order) {
    int g = 0;
    for (int w : weights) {
      if (w < 0) {
        throw new IllegalArgumentException("negative IWRR weight " + w);
      }
      g = gcd(g, w);
    }
    if (g == 0) {
      return new int[0];
    }
    int rounds = 0;
    int slots = 0;
    for (int w : weights) {
      rounds = Math.max(rounds, w / g);
      slots += w / g;
    }
    int[] schedule = new int[slots];
    int k = 0;
    for (int r = 0; r < rounds; r++) {
      for (int port : order) {
        if (weights[port] / g > r) {
          schedule[k++] = port;
        }
      }
    }
    return schedule;
  }

  static int gcd(int a, int b) {
    while (b != 0) {
      int t = a % b;
      a = b;
      b = t;
    }
    return a;
  }
}
