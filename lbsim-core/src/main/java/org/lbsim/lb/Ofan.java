package org.lbsim.lb;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.lbsim.net.EgressPort;
import org.lbsim.net.Packet;
import org.lbsim.net.PortSelector;
import org.lbsim.net.Routes;
import org.lbsim.net.Switch;

/**
 * Ofan (study §6; the reference simulator's "llss", reference-model §4.3): switch-side
 * destination rotation. Each destination's traffic is spread evenly over the up ports, so the
 * downlinks towards it, which have no choice left, are balanced too; a per-switch rotation
 * (Simple RR) balances only the uplinks.
 *
 * <p>Pointers are consolidated by mandatory waypoint: one per destination ToR at a ToR (leaf at a
 * leaf) and one per destination pod at an aggregation switch, i.e. one per {@code dst / span()},
 * and separately for data and for ACK/NACK (the study's two packet-size bins). A key's pointers are
 * created on its first packet: that class's pointer at a random slot i, the other class's m/2
 * slots away (data = ack + m/2 mod m), so a pair's data and ACKs do not start on the same port.
 *
 * <p>Pointers walk an IWRR schedule ({@link Iwrr}) built lazily per destination pod (per
 * destination leaf in a leaf-spine) from per-port weights over a port order shuffled with the
 * switch's own stream, as the reference does; every schedule thus has its own random order.
 * Without failures all weights are 1 and a schedule is just a shuffled list of the up ports.
 */
final class Ofan implements PortSelector {
  private final SplittableRandom random;
  private final int span;
  private final int scheduleGroupHosts;
  private final int n;
  private final int[] dataPtr;
  private final int[] ackPtr;
  private final int[][] schedules;
  private int routesEpoch; // the routing convergence the schedules were built for

  /**
   * @param hosts hosts in the fabric (sizes the pointer arrays)
   * @param scheduleGroupHosts hosts per schedule group: a pod in a fat tree, a leaf in a leaf-spine
   */
  Ofan(Switch sw, int hosts, int scheduleGroupHosts) {
    this.random = sw.random();
    this.span = sw.span();
    this.scheduleGroupHosts = scheduleGroupHosts;
    this.n = Math.max(1, sw.upCount());
    int keys = (hosts + span - 1) / span;
    this.dataPtr = new int[keys];
    this.ackPtr = new int[keys];
    Arrays.fill(dataPtr, -1);
    Arrays.fill(ackPtr, -1);
    this.schedules = new int[(hosts + scheduleGroupHosts - 1) / scheduleGroupHosts][];
  }

  @Override
  public int select(Switch sw, Packet p, EgressPort[] candidates, int count) {
    int key = p.dst / span;
    int[] schedule = schedule(p.dst / scheduleGroupHosts);
    int m = schedule.length;
    boolean data = p.type == Packet.DATA;
    int[] ptrs = data ? dataPtr : ackPtr;
    int ptr = ptrs[key];
    if (ptr < 0) {
      // First packet of this destination, either class: both pointers are set together.
      ptr = random.nextInt(m);
      if (data) {
        ackPtr[key] = Math.floorMod(ptr - m / 2, m);
      } else {
        dataPtr[key] = (ptr + m / 2) % m;
      }
    }
    ptrs[key] = ptr + 1 == m ? 0 : ptr + 1;
    return schedule[ptr];
  }

  /**
   * After routing converged around failures. As the reference does when routes converge, every
   * schedule and pointer is dropped and rebuilt lazily, now from the converged per-port weights
   * towards the destination's pod (W-ECMP: reachable cores; before the weights converge, 1 for
   * every usable port). A slot whose port is not usable towards this particular destination
   * (e.g. its ToR lost the link from that aggregation switch) is skipped, like the reference's
   * BGP validity check. Under {@code profile: reference} the weights are those the study's
   * simulator builds its rotations from ({@link ReferenceRoutes#rotationWeights}).
   */
  @Override
  public int select(Switch sw, Packet p, EgressPort[] up, int count, long usable, Routes routes) {
    if (routes.epoch() != routesEpoch) {
      routesEpoch = routes.epoch();
      Arrays.fill(dataPtr, -1);
      Arrays.fill(ackPtr, -1);
      Arrays.fill(schedules, null);
    }
    int g = p.dst / scheduleGroupHosts;
    if (schedules[g] == null) {
      int[] w = routes instanceof ReferenceRoutes r ? r.rotationWeights(sw, p.dst) : routes.weights(sw, p.dst);
      int[] weights = new int[n];
      for (int i = 0; i < n; i++) {
        weights[i] = (usable >>> i & 1) == 0 ? 0 : w == null ? 1 : w[i];
      }
      schedules[g] = build(weights);
    }
    for (int tries = schedules[g].length; tries > 0; tries--) {
      int port = select(sw, p, up, count);
      if ((usable >>> port & 1) != 0) {
        return port;
      }
    }
    return Routes.nth(usable, 0);
  }

  /** The rotation for destination group {@code g}, built on first use. */
  int[] schedule(int g) {
    int[] s = schedules[g];
    if (s == null) {
      s = build(weights(g));
      schedules[g] = s;
    }
    return s;
  }

  private int[] build(int[] weights) {
    int[] s = Iwrr.schedule(weights, Shuffle.randomOrder(n, random));
    if (s.length == 0) {
      // Nothing usable towards the group: keep forwarding over every port rather than fail
      // mid-run (the masked select then skips to a usable port per destination).
      s = Shuffle.randomOrder(n, random);
    }
    return s;
  }

  /**
   * Per-up-port weights towards destination group {@code g} in an intact fabric: all equal.
   * With failures the masked select takes the converged weights from {@link Routes} instead.
   */
  private int[] weights(int g) {
    int[] w = new int[n];
    Arrays.fill(w, 1);
    return w;
  }

  /** The data (or ACK) pointer of destination key {@code key}, -1 before its first packet. */
  int pointer(int key, boolean data) {
    return data ? dataPtr[key] : ackPtr[key];
  }
}
