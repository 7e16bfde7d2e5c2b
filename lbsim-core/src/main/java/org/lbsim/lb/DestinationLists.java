package org.lbsim.lb;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import java.util.Arrays;
import org.lbsim.net.Routes;
import org.lbsim.net.Switch;

/**
 * The per-destination forwarding lists that the study's simulator's {@code rr} strategy rotates
 * over once routes have been recomputed around failures ({@code profile: reference};
 * csg-htsim {@code fat_tree_switch.cpp}, {@code FatTreeSwitch::getNextHop} case RR and
 * {@code applyWeights}; {@code routetable.cpp}, {@code RouteTable::addWeightedRoute}):
 * <ul>
 *   <li>a ToR whose W-ECMP weights towards a destination have not converged rotates over the list
 *       it shares among destinations (the caller's);
 *   <li>a ToR with weights towards it rotates over that destination's own list: the usable up
 *       ports in the shared list's order when the list is made, each repeated as often as its
 *       weight, the copies side by side;
 *   <li>a switch above the ToRs rotates over the destination's own list of usable up ports in
 *       port order (each repeated as often as its weight, if it has weights).
 * </ul>
 * One counter per switch runs over whichever list the packet's destination has; when it reaches
 * {@code wraps} times that list's length it restarts at 0 and only that list is re-permuted. Lists
 * are made when a destination is first seen after routing last converged.
 */
final class DestinationLists {
  private final Int2ObjectOpenHashMap<int[]> lists = new Int2ObjectOpenHashMap<>();
  private int epoch = -1;

  /**
   * The destination's own list, or null when the caller's shared list applies (a ToR without
   * weights towards {@code dst}).
   */
  int[] list(Switch sw, int dst, int[] shared, int n, long usable, Routes routes) {
    if (routes.epoch() != epoch) {
      lists.clear();
      epoch = routes.epoch();
    }
    int[] l = lists.get(dst);
    if (l != null) {
      return l;
    }
    int[] w = routes.weights(sw, dst);
    boolean tor = sw.tier() == 0;
    if (tor && w == null) {
      return null;
    }
    l = build(tor ? shared : identity(n), n, usable, w);
    if (l.length == 0) {
      l = build(identity(n), n, usable, null);
    }
    lists.put(dst, l);
    return l;
  }

  private static int[] build(int[] order, int n, long usable, int[] w) {
    int[] out = new int[0];
    int size = 0;
    for (int i = 0; i < n; i++) {
      int port = order[i];
      if ((usable >>> port & 1) == 0) {
        continue;
      }
      int copies = w == null ? 1 : w[port];
      if (size + copies > out.length) {
        out = Arrays.copyOf(out, Math.max(2 * out.length, size + copies));
      }
      Arrays.fill(out, size, size + copies, port);
      size += copies;
    }
    return Arrays.copyOf(out, size);
  }

  private static int[] identity(int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    return a;
  }
}
