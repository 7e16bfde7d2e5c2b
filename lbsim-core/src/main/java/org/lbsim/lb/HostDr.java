package org.lbsim.lb;

import java.util.List;
import java.util.SplittableRandom;
import org.lbsim.engine.RandomStreams;
import org.lbsim.engine.SplitMix;
import org.lbsim.net.Packet;
import org.lbsim.net.Routes;

/**
 * Host DR: destination-based rotation at the host, i.e. DRB (Cao et al., "Per-packet Load-balanced,
 * Low-latency Routing for Clos-based Data Center Networks", CoNEXT 2013), the study's Host DR.
 *
 * <p>Why: in a fat tree the path down from the top tier has no choice left, so a source that
 * sprays its packets to one destination unevenly over the top switches overloads some of that
 * destination's downlinks. Rotating a pointer per destination sends each destination's packets
 * round-robin over every top switch, so downlinks are balanced as well as uplinks.
 *
 * <p>One pointer per flow, i.e. per (source, destination), over {@link DrPaths#candidates}; the
 * packets are fully source-routed ({@code p.route}), the entropy only records the slot. Data and
 * ACKs (the study's two packet-size classes) have separate pointers: the data pointer lives in
 * the sender's policy, the ACK pointer in the receiver's, rotating over the reverse direction's
 * set. As in the reference (reference-model §4.3): {@code d0 = rnd % m_data},
 * {@code a0 = rnd % m_ack}, and if {@code m_ack > 1} and {@code a0 = d0},
 * {@code a0 = (a0 + 1 + rnd % (m_ack − 1)) mod m_ack}; data packet n = 1, 2, … uses slot
 * {@code (d0 + n) mod m}, ACK j = 0, 1, … uses slot {@code (a0 + j) mod m}.
 *
 * <p>Under failures, Host DR narrows its rotation to the paths routing believes alive each time
 * routing converges. Under {@code profile: reference} ({@link ReferenceRoutes}, rotation order)
 * it does what the study's sender does instead: the rotation keeps the length m it had when the
 * flow started, each slot keeps the route it was given the first time a packet took it, and slot
 * s is given {@code live[s mod |live|]} of the paths routing believes alive then; the data
 * pointer's initial slot d0 (the one before the first packet) is given its intact route when the
 * flow starts. With 14 of 16 cores alive, two cores take two of every 16 packets, and d0's route
 * may run into a dead link for good.
 *
 * <p>Both policies of a flow must see the same draws, but are created apart and get independent
 * random streams; so both take {@code d0} and {@code a0} from the run's named stream
 * {@code "host-dr"} indexed by the flow id ({@link #starts}), which the data and the ACK
 * factory can each recompute.
 */
final class HostDr implements PathPolicy {
  /** {@code host-dr.order}: the same order every cycle, or a fresh random order per cycle. */
  static final List<String> ORDERS = List.of("rotation", "shuffled");

  private int[] routes;
  private int next;
  // host-dr.order: shuffled: the flow's stream, and whether routes is this policy's own copy
  private SplitMix shuffle;
  private boolean ownRoutes;
  // With failures: the full rotation set, narrowed to the paths routing believes alive each time
  // routing converges (reference-model §5: the DRB validity table is rebuilt at convergence).
  private Routes view;
  private int[] all;
  private int src;
  private int dst;
  private int viewEpoch;
  // profile: reference: per slot, the route it was first given (UNSET before); null otherwise
  private int[] slotRoutes;
  private int[] live; // the paths believed alive at liveEpoch
  private int liveEpoch;
  private static final int UNSET = Integer.MIN_VALUE;

  /** @param first the slot the first packet takes */
  HostDr(int[] routes, int first) {
    this.routes = routes;
    this.next = Math.floorMod(first, routes.length);
  }

  static HostDr data(int[] routes, int d0) {
    return new HostDr(routes, d0 + 1);
  }

  static HostDr ack(int[] routes, int a0) {
    return new HostDr(routes, a0);
  }

  /**
   * The data and ACK start slots {d0, a0} of {@code flow}, drawn as the reference draws them,
   * from a stream both ends of the flow can derive.
   */
  static int[] starts(RandomStreams random, int flow, int mData, int mAck) {
    SplittableRandom r = random.stream("host-dr", flow);
    int d0 = r.nextInt(mData);
    int a0 = r.nextInt(mAck);
    if (mAck > 1 && a0 == d0) {
      a0 = (a0 + 1 + r.nextInt(mAck - 1)) % mAck;
    }
    return new int[] {d0, a0};
  }

  /** Follows routing's converged view of failures for packets from host {@code src} to {@code dst}. */
  HostDr following(Routes view, int src, int dst) {
    if (view != null) {
      this.view = view;
      this.all = routes;
      this.src = src;
      this.dst = dst;
      this.viewEpoch = Integer.MIN_VALUE; // filter on the first packet: routes may have converged before it
    }
    return this;
  }

  /**
   * Under {@code profile: reference} (the view {@link #following} was given is a
   * {@link ReferenceRoutes}), keeps the rotation length and each slot's first route as the
   * study's sender does; {@code initialSlotFixed} gives the slot before the first packet its intact
   * route now (the data pointer). Does nothing otherwise.
   */
  HostDr keepingSlotRoutes(boolean initialSlotFixed) {
    if (view instanceof ReferenceRoutes) {
      slotRoutes = new int[all.length];
      java.util.Arrays.fill(slotRoutes, UNSET);
      if (initialSlotFixed) {
        int s = Math.floorMod(next - 1, all.length);
        slotRoutes[s] = all[s];
      }
      liveEpoch = Integer.MIN_VALUE;
    }
    return this;
  }

  @Override
  public void choose(Packet p, long nowPs) {
    if (slotRoutes != null && shuffle == null) {
      int slot = next;
      next = slot + 1 == slotRoutes.length ? 0 : slot + 1;
      if (slotRoutes[slot] == UNSET) {
        int[] alive = alive();
        slotRoutes[slot] = alive[slot % alive.length];
      }
      p.route = slotRoutes[slot];
      p.entropy = slot;
      return;
    }
    if (view != null && view.epoch() != viewEpoch) {
      viewEpoch = view.epoch();
      int[] live = new int[all.length];
      int k = 0;
      for (int r : all) {
        if (r == Packet.NO_ROUTE || view.routeUsable(src, dst, r)) {
          live[k++] = r;
        }
      }
      setCandidates(k == 0 ? all : java.util.Arrays.copyOf(live, k));
    }
    int slot = next;
    next = slot + 1 == routes.length ? 0 : slot + 1;
    p.route = routes[slot];
    p.entropy = slot;
    if (next == 0 && shuffle != null) {
      reorder();
    }
  }

  /** The paths of the full rotation set routing believes alive now, in rotation order (all of them if none). */
  private int[] alive() {
    if (view.epoch() != liveEpoch) {
      liveEpoch = view.epoch();
      int[] l = new int[all.length];
      int k = 0;
      for (int r : all) {
        if (r == Packet.NO_ROUTE || view.routeUsable(src, dst, r)) {
          l[k++] = r;
        }
      }
      live = k == 0 ? all : java.util.Arrays.copyOf(l, k);
    }
    return live;
  }

  /**
   * With {@code host-dr.order: shuffled}, draws each cycle's order from {@code random} (the flow's
   * path stream), the first before the first packet, which then takes the first slot of it (the
   * random order stands for the random start); null keeps the rotation's fixed order.
   */
  HostDr shuffling(SplitMix random) {
    this.shuffle = random;
    if (random != null) {
      reorder();
      next = 0;
    }
    return this;
  }

  /** A fresh random order of the rotation set for the next cycle (Fisher–Yates). */
  private void reorder() {
    if (!ownRoutes) {
      routes = routes.clone(); // the candidate sets are shared between flows
      ownRoutes = true;
    }
    for (int i = routes.length - 1; i > 0; i--) {
      int j = shuffle.nextInt(i + 1);
      int t = routes[i];
      routes[i] = routes[j];
      routes[j] = t;
    }
  }

  /** Replaces the rotation set (e.g. the paths still valid after a failure); the pointer carries on. */
  void setCandidates(int[] newRoutes) {
    routes = newRoutes;
    ownRoutes = false;
    next = next % newRoutes.length;
  }

  /** The slot the next packet will take. */
  int nextSlot() {
    return next;
  }
}
