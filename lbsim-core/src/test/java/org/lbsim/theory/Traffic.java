package org.lbsim.theory;

import java.util.SplittableRandom;

/** Destination arrays and fits the slotted model's tests share. */
final class Traffic {
  private Traffic() {}

  static int hosts(int k) {
    return k * k * k / 4;
  }

  /** A uniformly random derangement of {@code n} hosts: uniform shuffles (Fisher–Yates) until one has no fixed point. */
  static int[] derangement(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    while (true) {
      int[] p = shuffled(n, r);
      boolean fixed = false;
      for (int i = 0; i < n; i++) {
        fixed |= p[i] == i;
      }
      if (!fixed) {
        return p;
      }
    }
  }

  /**
   * A random permutation of a k fat tree's hosts in which every host sends outside its pod: a uniform shuffle, then
   * each host still in its own pod swaps destinations with a random host where the swap takes both out of their pods.
   */
  static int[] crossPod(int k, long seed) {
    int hosts = hosts(k);
    int podHosts = k * k / 4;
    SplittableRandom r = new SplittableRandom(seed);
    int[] p = shuffled(hosts, r);
    for (boolean again = true; again; ) {
      again = false;
      for (int h = 0; h < hosts; h++) {
        if (p[h] / podHosts == h / podHosts) {
          again = true;
          int g = r.nextInt(hosts);
          if (p[g] / podHosts != h / podHosts && p[h] / podHosts != g / podHosts) {
            int v = p[h];
            p[h] = p[g];
            p[g] = v;
          }
        }
      }
    }
    return p;
  }

  /** Nobody sends: destination −1 for every host. */
  static int[] silent(int k) {
    int[] d = new int[hosts(k)];
    java.util.Arrays.fill(d, -1);
    return d;
  }

  /** The least-squares slope of log y over log x. */
  static double logLogSlope(long[] x, double[] y) {
    int n = x.length;
    double mx = 0;
    double my = 0;
    for (int i = 0; i < n; i++) {
      mx += Math.log(x[i]);
      my += Math.log(y[i]);
    }
    mx /= n;
    my /= n;
    double sxy = 0;
    double sxx = 0;
    for (int i = 0; i < n; i++) {
      double dx = Math.log(x[i]) - mx;
      sxy += dx * (Math.log(y[i]) - my);
      sxx += dx * dx;
    }
    return sxy / sxx;
  }

  static double median(double[] values) {
    double[] v = values.clone();
    java.util.Arrays.sort(v);
    int n = v.length;
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  }

  /** 0..n-1 in a Fisher–Yates order drawn from {@code r} (the model's own draw of a rotor order). */
  static int[] shuffled(int n, SplittableRandom r) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      int v = p[i];
      p[i] = p[j];
      p[j] = v;
    }
    return p;
  }
}
