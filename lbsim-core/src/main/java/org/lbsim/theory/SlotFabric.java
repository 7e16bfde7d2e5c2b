package org.lbsim.theory;

/**
 * The k-ary fat tree of the slotted model, numbered as lbsim's {@code FatTree} wires it. With half = k/2:
 * host h is on ToR h/half at down port h % half; ToR t is in pod t/half and its uplink j goes to agg pod·half + j
 * (agg position j); the agg at position pp takes uplink l to core pp + half·l; core c reaches position c % half of
 * every pod through its down port pod.
 *
 * <p>Switches are numbered ToRs 0 … tors−1, then aggs, then cores. Every tier has k³/4 egress ports, and port ids are
 * tier · k³/4 + an index within the tier: tor-up t·half + j, agg-up a·half + l, core-down c·k + pod, agg-down
 * a·half + (t % half) towards ToR t, tor-down h towards host h.
 */
final class SlotFabric {
  /** lbsim's tier labels, in port id order. */
  static final String[] TIERS = {"tor-up", "agg-up", "core-down", "agg-down", "tor-down"};
  static final int TOR_UP = 0;
  static final int AGG_UP = 1;
  static final int CORE_DOWN = 2;
  static final int AGG_DOWN = 3;
  static final int TOR_DOWN = 4;

  final int k;
  final int half;
  final int hosts;
  final int tors;
  final int aggs;
  final int cores;
  /** Ports per tier, k³/4. */
  final int tierPorts;

  SlotFabric(int k) {
    if (k < 2 || k % 2 != 0) {
      throw new IllegalArgumentException("k must be even and at least 2, not " + k);
    }
    this.k = k;
    half = k / 2;
    hosts = k * k * k / 4;
    tors = k * half;
    aggs = k * half;
    cores = half * half;
    tierPorts = hosts;
  }

  int switches() {
    return tors + aggs + cores;
  }

  int ports() {
    return TIERS.length * tierPorts;
  }

  int tier(int port) {
    return port / tierPorts;
  }

  int torOf(int host) {
    return host / half;
  }

  int podOf(int host) {
    return host / (half * half);
  }

  int torUp(int tor, int j) {
    return TOR_UP * tierPorts + tor * half + j;
  }

  int aggUp(int agg, int l) {
    return AGG_UP * tierPorts + agg * half + l;
  }

  int coreDown(int core, int pod) {
    return CORE_DOWN * tierPorts + core * k + pod;
  }

  int aggDown(int agg, int tor) {
    return AGG_DOWN * tierPorts + agg * half + tor % half;
  }

  int torDown(int host) {
    return TOR_DOWN * tierPorts + host;
  }

  /**
   * The ports feeding each switch's inputs, in its input port order: a ToR's hosts (as −1 − host) then its aggs'
   * down ports towards it; an agg's ToRs' up ports towards it then its cores' down ports towards its pod; a core's
   * pods' agg up ports towards it, by pod.
   */
  int[][] feeders() {
    int[][] in = new int[switches()][];
    for (int t = 0; t < tors; t++) {
      int pod = t / half;
      in[t] = new int[2 * half];
      for (int i = 0; i < half; i++) {
        in[t][i] = -1 - (t * half + i);
        in[t][half + i] = aggDown(pod * half + i, t);
      }
    }
    for (int a = 0; a < aggs; a++) {
      int pod = a / half;
      int pp = a % half;
      in[tors + a] = new int[2 * half];
      for (int i = 0; i < half; i++) {
        in[tors + a][i] = torUp(pod * half + i, pp);
        in[tors + a][half + i] = coreDown(pp + half * i, pod);
      }
    }
    for (int c = 0; c < cores; c++) {
      in[tors + aggs + c] = new int[k];
      for (int pod = 0; pod < k; pod++) {
        in[tors + aggs + c][pod] = aggUp(pod * half + c % half, c / half);
      }
    }
    return in;
  }
}
