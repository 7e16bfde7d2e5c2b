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
  private int upCount;

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

  public PortSelector selector() {
    return selector;
  }

  @Override
  public void receive(Packet p) {
    p.hops++;
    if (p.from != null && p.from.pfcEnabled()) {
      p.from.charge(p.sizeBytes); // PFC: the packet now occupies this switch's buffer on behalf of its ingress
    }
    int d = p.dst;
    EgressPort out;
    boolean goingDown = d >= lo && d < hi;
    if (goingDown) {
      out = down[(d - lo) / hostsPerChild];
    } else if (upCount == 1) {
      out = up[0];
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
