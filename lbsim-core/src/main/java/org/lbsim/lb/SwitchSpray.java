package org.lbsim.lb;

import java.util.SplittableRandom;
import org.lbsim.net.EgressPort;
import org.lbsim.net.Packet;
import org.lbsim.net.PortSelector;
import org.lbsim.net.Routes;
import org.lbsim.net.Switch;

/**
 * The study's Switch Pkt: round-robin spraying over the up ports with one counter per switch,
 * re-permuting the order after every {@code wraps} full rotations (reference-model §4.1 "rr").
 *
 * <p>The reference simulator shares one list among all destinations at a ToR but keeps one list
 * per destination at an aggregation switch (with the shared counter). In an intact tiered fabric
 * every destination above a switch has the same up set, so one list per switch is used at every
 * tier: the rotation is then one global sequence per switch, as at the reference's ToRs. The list
 * starts in a random order, as the reference's lazily permuted ToR lists do. Once routing has
 * been recomputed around failures the up sets and weights differ per destination, and the
 * reference profile rotates over the reference's per-destination lists ({@link DestinationLists}).
 */
final class SwitchSpray implements PortSelector {
  private final SplittableRandom random;
  private final int[] order;
  private final int wraps;
  private final int blockLength;
  private DestinationLists destinationLists;
  private int crt;

  SwitchSpray(Switch sw, int wraps) {
    this.random = sw.random();
    int n = Math.max(1, sw.upCount());
    this.order = Shuffle.randomOrder(n, random);
    this.wraps = wraps;
    this.blockLength = wraps * n;
  }

  @Override
  public int select(Switch sw, Packet p, EgressPort[] candidates, int n) {
    if (crt >= blockLength) {
      crt = 0;
      Shuffle.permute(order, n, random);
    }
    int choice = order[crt % n];
    crt++;
    return choice;
  }

  /**
   * After routing converged: the same counter, over the usable ports in the current order, each
   * repeated as often as its W-ECMP weight once weights have converged (the reference's
   * strategies run over the weighted FIB list, each entry repeated weight times). Under the
   * reference profile's routing view the lists are the study's simulator's, per destination where
   * it keeps them so ({@link DestinationLists}).
   */
  @Override
  public int select(Switch sw, Packet p, EgressPort[] up, int n, long usable, Routes routes) {
    if (routes instanceof ReferenceRoutes) {
      if (destinationLists == null) {
        destinationLists = new DestinationLists();
      }
      int[] list = destinationLists.list(sw, p.dst, order, n, usable, routes);
      if (list != null) {
        if (crt >= wraps * list.length) {
          crt = 0;
          Shuffle.permute(list, list.length, random);
        }
        int choice = list[crt % list.length];
        crt++;
        return choice;
      }
    }
    if (crt >= blockLength) {
      crt = 0;
      Shuffle.permute(order, n, random);
    }
    int[] w = routes.weights(sw, p.dst);
    long total = 0;
    for (int port : order) {
      total += (usable >>> port & 1) == 0 ? 0 : w == null ? 1 : w[port];
    }
    if (total == 0) {
      w = null;
      total = Long.bitCount(usable);
    }
    long k = crt % total;
    crt++;
    for (int port : order) {
      if ((usable >>> port & 1) != 0) {
        k -= w == null ? 1 : w[port];
        if (k < 0) {
          return port;
        }
      }
    }
    throw new IllegalStateException("no usable port in the rotation");
  }
}
