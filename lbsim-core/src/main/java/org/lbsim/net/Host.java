package org.lbsim.net;

import org.lbsim.engine.RandomStreams;
import org.lbsim.engine.SplitMix;

/**
 * A host: one NIC port (an unbounded egress port towards its ToR) per plane, and a transport
 * stack that consumes the packets addressed to it.
 *
 * <p>With one plane every packet goes to the one port. With P planes the port of a packet is
 * its plane ({@link #planeOf}): the plane its source route names (byte 3 of {@link Packet#route},
 * set by source-routing designs); else, when the NIC rotates ({@link #rotatePlanes}), plane
 * (seq + flow) mod P, so that each flow's packets (and its ACKs, which carry the sequence number
 * they acknowledge) take the planes in turn, and flows numbered in a row (a host's flows of an
 * all-to-all) start on planes in a row, which keeps a host's planes evenly loaded in every round;
 * else a hash of (flow, entropy) with this host's salt, independent of the switches' hash
 * (Lookup2 with their salts), so that the plane and the path inside it are not correlated: a
 * flow with one entropy stays on one plane, a design that draws an entropy per packet spreads
 * over the planes per packet. With failures, for a packet the switches route (no source route),
 * once W-ECMP weights have converged and the planes offer unequal numbers of paths between the
 * two hosts ({@link Routes#planePaths}), the NIC weighs the planes by those counts (host-side
 * W-ECMP): a rotating NIC takes plane q for a
 * share paths(q) / sum of its packets, in the order the golden-ratio sequence of (seq + flow)
 * gives, and a hashing NIC maps its hash onto the same shares; before that, a plane routing
 * believes cut off between the two hosts is skipped for the next one ({@link #setRoutes}).
 */
public final class Host implements Node {
  private final int id;
  private EgressPort nic;
  private EgressPort[] planes; // null: one plane, every packet to nic
  private boolean rotate;
  private long salt;
  private Routes routes; // null: no failures, every plane is used
  private int[] paths; // per plane, scratch for the weighted choice
  private Node stack;
  private Partition partition; // null until the fabric places the host

  public Host(int id) {
    this.id = id;
  }

  public int id() {
    return id;
  }

  /** Places the host in {@code partition}: its endpoints' events, packets and counts go there. */
  public void placeIn(Partition partition) {
    this.partition = partition;
  }

  public Partition partition() {
    return partition;
  }

  /** A host on one plane. */
  public void setNic(EgressPort nic) {
    this.nic = nic;
    this.planes = null;
  }

  /**
   * The host's port on each plane; with more than one, its plane-hash salt is drawn from the
   * run's stream {@code "plane"} of this host (with one, nothing is drawn).
   */
  public void setNics(EgressPort[] perPlane, RandomStreams random) {
    this.nic = perPlane[0];
    if (perPlane.length > 1) {
      this.planes = perPlane.clone();
      this.salt = random.stream("plane", id).nextLong();
    } else {
      this.planes = null;
    }
  }

  /** Whether the NIC rotates each flow's packets over the planes by sequence number rather than hashing their entropy. */
  public void rotatePlanes(boolean rotate) {
    this.rotate = rotate;
  }

  /**
   * Routing's view of failures: a packet whose plane routing believes cut off between this host
   * and its destination takes the next plane believed usable instead (all cut off: its own).
   */
  public void setRoutes(Routes routes) {
    this.routes = routes;
    this.paths = planes == null ? null : new int[planes.length];
  }

  /** The port on plane 0 (the only one on a one-plane fabric). */
  public EgressPort nic() {
    return nic;
  }

  /** The port on each plane, in plane order. */
  public EgressPort[] nics() {
    return planes == null ? new EgressPort[] {nic} : planes.clone();
  }

  public int planes() {
    return planes == null ? 1 : planes.length;
  }

  public void setStack(Node stack) {
    this.stack = stack;
  }

  /** Hands a packet created by this host's transport to its NIC port on the packet's plane. */
  public void send(Packet p) {
    if (planes == null) {
      nic.enqueue(p);
    } else {
      planes[planeOf(p)].enqueue(p);
    }
  }

  /** The plane {@code p} leaves on (see the class comment), away from planes routing believes cut off. */
  int planeOf(Packet p) {
    if (routes != null && p.route == Packet.NO_ROUTE) {
      int weighted = weightedPlane(p);
      if (weighted >= 0) {
        return weighted;
      }
    }
    int q = chosenPlane(p);
    if (routes != null && !routes.planeUsable(id, p.dst, q)) {
      for (int i = 1; i < planes.length; i++) {
        int next = (q + i) % planes.length;
        if (routes.planeUsable(id, p.dst, next)) {
          return next;
        }
      }
    }
    return q;
  }

  /**
   * The plane for {@code p} in proportion to the paths each offers towards its destination, or -1
   * when the weights have not converged, are equal on every plane, or are all zero.
   */
  private int weightedPlane(Packet p) {
    int total = 0;
    boolean equal = true;
    for (int q = 0; q < paths.length; q++) {
      int n = routes.planePaths(id, p.dst, q);
      if (n < 0) {
        return -1;
      }
      paths[q] = n;
      total += n;
      equal &= n == paths[0];
    }
    if (equal || total == 0) {
      return -1;
    }
    long u;
    if (rotate) {
      double x = (p.seq + p.flow) * GOLDEN_RATIO_CONJUGATE;
      u = (long) ((x - Math.floor(x)) * total);
    } else {
      long key = ((long) p.flow << 32) | (p.entropy & 0xFFFFFFFFL);
      u = (SplitMix.mix32(key ^ salt) & 0x7FFFFFFFL) % total;
    }
    for (int q = 0; q < paths.length; q++) {
      u -= paths[q];
      if (u < 0) {
        return q;
      }
    }
    return paths.length - 1;
  }

  /** (√5 − 1) / 2: consecutive multiples of it, modulo 1, fall evenly over [0, 1) at every length. */
  private static final double GOLDEN_RATIO_CONJUGATE = 0.6180339887498949;

  /** The plane the design chooses for {@code p}. */
  private int chosenPlane(Packet p) {
    int named = p.route >>> 24;
    if (named != 0xFF) {
      return named % planes.length;
    }
    if (rotate) {
      return (int) ((p.seq + p.flow) % planes.length);
    }
    long key = ((long) p.flow << 32) | (p.entropy & 0xFFFFFFFFL);
    return (int) ((SplitMix.mix32(key ^ salt) & 0x7FFFFFFFL) % planes.length);
  }

  /** A route naming plane {@code plane} (byte 3) over {@code route}'s in-plane choices ({@link Packet#NO_ROUTE}: the switches'). */
  public static int routeOnPlane(int route, int plane) {
    return (route & 0x00FFFFFF) | (plane << 24);
  }

  @Override
  public void receive(Packet p) {
    stack.receive(p);
  }
}
