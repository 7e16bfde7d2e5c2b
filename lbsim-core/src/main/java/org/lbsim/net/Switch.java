package org.lbsim.net;

import java.util.SplittableRandom;

/**
 * A switch in a tiered tree (fat tree or leaf-spine) with valley-free up/down routing.
 *
 * <p>The hosts below a switch are the contiguous id range [lo, hi); its i-th down port leads to
 * the child that holds hosts [lo + i*hostsPerChild, lo + (i+1)*hostsPerChild). A packet for a
 * host below goes down its single port; any other packet goes up through one of the equal-cost
 * up ports, chosen by the switch's {@link PortSelector}.
 */
public final class Switch implements Node {
  private final int id;
  private final String name;
  private final int tier;
  private final int lo;
  private final int hi;
  private final int hostsPerChild;
  private final EgressPort[] down;
  private final EgressPort[] up;
  private final int salt;
  private final SplittableRandom random;
  private PortSelector selector;
  private boolean observed;
  private boolean pfc; // some port feeding this switch is paused by it (spares a look at the sending port per packet)
  private int upCount;
  private Routes routes; // null = intact fabric: every up port is usable
  private EgressPort[][] reducedByMask;

  public Switch(int id, String name, int tier, int lo, int hi, int hostsPerChild, int downPorts, int upPorts,
      SplittableRandom random) {
    this.id = id;
    this.name = name;
    this.tier = tier;
    this.lo = lo;
    this.hi = hi;
    this.hostsPerChild = hostsPerChild;
    this.down = new EgressPort[downPorts];
    this.up = new EgressPort[upPorts];
    this.random = random;
    this.salt = random.nextInt();
  }

  public void setDown(int i, EgressPort port) {
    down[i] = port;
  }

  public void setUp(int i, EgressPort port) {
    up[i] = port;
    upCount = Math.max(upCount, i + 1);
  }

  public void setSelector(PortSelector selector) {
    this.selector = selector;
    this.observed = selector.observesAll();
  }

  /** PFC: the ports feeding this switch charge its buffer (see {@link EgressPort#enablePfc}). */
  public void enablePfcAccounting() {
    this.pfc = true;
  }

  /** Routing's view of failed links; only scenarios with failures install one. */
  public void setRoutes(Routes routes) {
    this.routes = routes;
  }

  public PortSelector selector() {
    return selector;
  }

  @Override
  public void receive(Packet p) {
    p.hops++;
    if (pfc && p.from != null && p.from.pfcEnabled()) {
      p.from.charge(p.sizeBytes); // PFC: the packet now occupies this switch's buffer on behalf of its ingress
      p.pfcCharged = true;
    }
    int d = p.dst;
    EgressPort out;
    boolean goingDown = d >= lo && d < hi;
    if (goingDown) {
      out = down[(d - lo) / hostsPerChild];
    } else if (upCount == 1) {
      out = up[0];
    } else if (routes != null) {
      out = routedUp(p);
    } else if (p.route != Packet.NO_ROUTE && ((p.route >>> (8 * tier)) & 0xFF) != 0xFF) {
      out = up[((p.route >>> (8 * tier)) & 0xFF) % upCount]; // source-routed (e.g. Host DR)
    } else {
      out = up[selector.select(this, p, up, upCount)];
    }
    if (observed) {
      selector.onForward(this, p, out, !goingDown);
    }
    out.enqueue(p);
  }

  /** Up-going choice when routing knows of failures: only ports on a path believed alive. */
  private EgressPort routedUp(Packet p) {
    long all = upCount == 64 ? -1L : (1L << upCount) - 1;
    long usable = routes.usable(this, p.dst) & all;
    if (usable == 0) {
      usable = all; // nothing believed to work: keep forwarding rather than black-hole here
    }
    if (p.route != Packet.NO_ROUTE && ((p.route >>> (8 * tier)) & 0xFF) != 0xFF) {
      int i = ((p.route >>> (8 * tier)) & 0xFF) % upCount;
      if ((usable >>> i & 1) != 0) {
        return up[i]; // a source route is followed unless routing knows it is dead
      }
    }
    return up[selector.select(this, p, up, upCount, usable, routes)];
  }

  /** The usable up ports of {@code mask}, in port order (cached per mask for small switches). */
  EgressPort[] reduced(long mask) {
    if (upCount > 12) {
      return collect(mask);
    }
    if (reducedByMask == null) {
      reducedByMask = new EgressPort[1 << upCount][];
    }
    EgressPort[] r = reducedByMask[(int) mask];
    if (r == null) {
      r = collect(mask);
      reducedByMask[(int) mask] = r;
    }
    return r;
  }

  private EgressPort[] collect(long mask) {
    EgressPort[] r = new EgressPort[Long.bitCount(mask)];
    for (int i = 0, k = 0; i < upCount; i++) {
      if ((mask >>> i & 1) != 0) {
        r[k++] = up[i];
      }
    }
    return r;
  }

  public int id() {
    return id;
  }

  public String name() {
    return name;
  }

  /** 0 = ToR / leaf, 1 = aggregation / spine, 2 = core. */
  public int tier() {
    return tier;
  }

  /** Per-switch hash salt, drawn from the scenario seed. */
  public int salt() {
    return salt;
  }

  /** This switch's own random stream (tie-breaks, reshuffles). */
  public SplittableRandom random() {
    return random;
  }

  public EgressPort[] upPorts() {
    return up.clone();
  }

  public EgressPort[] downPorts() {
    return down.clone();
  }

  /** First host below this switch. */
  public int firstHost() {
    return lo;
  }

  /** Number of hosts below this switch (a ToR's rack, an aggregation switch's pod). */
  public int span() {
    return hi - lo;
  }

  /** Hosts below each down port. */
  public int hostsPerChild() {
    return hostsPerChild;
  }

  public int upCount() {
    return upCount;
  }

}
