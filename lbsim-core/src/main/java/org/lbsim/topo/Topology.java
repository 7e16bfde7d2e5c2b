package org.lbsim.topo;

/**
 * The shape of the fabric: its switches tier by tier and the cables between them. {@link Fabric}
 * builds a fabric from these answers alone, and every package outside {@code topo} asks them
 * instead of knowing a shape; {@link FatTree} and {@link LeafSpine} implement it, and so may a
 * plug-in's shape (a {@link TopologyKind}'s factory returns it).
 *
 * <p>Switch tiers run from 0, the ToRs (leaves) that hold the hosts, up to {@code tiers() - 1},
 * the top tier, whose switches have no up ports. A shape answers the wiring questions
 * {@link #tiers()}, {@link #switches}, {@link #switchKind}, {@link #upPorts}, {@link #hostsBelow},
 * {@link #upNeighbour}, {@link #downNeighbour}, {@link #downNeighbourUpPort} and
 * {@link #cableNames}, and {@link #planes()} and {@link #withPlanes}; every count and routing
 * answer with a default here is derived from those (a shape may answer faster). The rules every
 * shape keeps, which {@code TopologyWiringTest} checks against the built fabric:
 * <ul>
 *   <li>There are 2 or 3 switch tiers: a fabric's links are the host links, link tier 1 (switch
 *       tiers 0–1) and link tier 2 (switch tiers 1–2), each with its settings ({@link
 *       FabricSettings}); a source route has a byte per tier ({@code Packet.route}).
 *   <li>The hosts below a switch of tier t are one block of {@code hostsBelow(t)} consecutive
 *       hosts, aligned on that count: hosts a and b are below the same switches of tier t iff
 *       a / hostsBelow(t) = b / hostsBelow(t). ToR i holds hosts from i · hostsBelow(0); a
 *       top-tier switch is above every host.
 *   <li>Down port p of a switch of tier t leads to the p-th block of hostsBelow(t − 1) hosts
 *       below it (on a ToR, to its p-th host), through the switch {@code downNeighbour(t, i, p)};
 *       every cable joins up port j of a switch to a down port of a switch one tier up, at most
 *       one cable joins two switches, and both ends agree: {@code upNeighbour(t - 1,
 *       downNeighbour(t, i, p), downNeighbourUpPort(t, i, p)) == i}.
 *   <li>Routing is up-down (valley-free): a packet climbs until it reaches a switch above its
 *       destination, then goes down the one way there is. So the shortest paths between hosts
 *       whose {@link #lowestCommonTier} is c are the choices of one up port on each tier below c,
 *       {@link #upPaths}(c) of them.
 * </ul>
 * All counts are of one plane.
 */
public interface Topology {
  /** Most switch tiers a fabric has: ToRs, aggregation and core switches (see the class). */
  int MAX_TIERS = 3;

  /** Hosts of the fabric (each on every plane). */
  default int hosts() {
    return switches(0) * hostsBelow(0);
  }

  /** Number of links on the longest (valley-free) host-to-host path: up to the highest common tier and down. */
  default int maxHops() {
    return 2 * (lowestCommonTier(0, hosts() - 1) + 1);
  }

  /**
   * Identical, independent fabrics of this shape: every host has one NIC port on each, and no
   * switch joins two planes. Link rates of one plane are the scenario's {@code links.*} rates
   * divided by the planes, so P planes carry what one would; 1 is the plain fabric.
   */
  int planes();

  /** This shape on {@code planes} planes. */
  Topology withPlanes(int planes);

  /** Switch tiers, 2 or 3: 3 in a fat tree (ToR, aggregation, core), 2 in a leaf-spine (leaf, spine). */
  int tiers();

  /** ToRs of one plane (a leaf-spine's leaves): the switches the hosts hang from. */
  default int tors() {
    return switches(0);
  }

  /** Hosts under one ToR (leaf). */
  default int hostsPerTor() {
    return hostsBelow(0);
  }

  /** Up ports of one ToR (leaf): to the aggregation switches of its pod, or to every spine. */
  default int uplinksPerTor() {
    return upPorts(0);
  }

  /** Hosts a flow reaches without the top tier: a fat tree's pod, a leaf-spine's leaf. */
  default int hostsPerPod() {
    return hostsBelow(tiers() - 2);
  }

  /** Switch ports of one plane: host-facing ports and both ends of every switch-to-switch cable. */
  default long switchPorts() {
    long ports = 0;
    for (int tier = 0; tier < tiers(); tier++) {
      ports += (long) switches(tier) * (downPorts(tier) + upPorts(tier));
    }
    return ports;
  }

  /** The most ports one switch of the fabric has, so the most ingresses that may feed one egress. */
  default int maxSwitchPorts() {
    int most = 0;
    for (int tier = 0; tier < tiers(); tier++) {
      most = Math.max(most, downPorts(tier) + upPorts(tier));
    }
    return most;
  }

  // The switches and the cables between them, one plane's, by switch tier (0: the ToRs, up to tiers() - 1).

  /** What a switch of switch tier {@code tier} is called: its name is this and its index, e.g. agg3 or spine0. */
  String switchKind(int tier);

  /** Switches of switch tier {@code tier} on one plane. */
  int switches(int tier);

  /** Up ports of each switch of switch tier {@code tier}; 0 on the top tier. */
  int upPorts(int tier);

  /** Hosts below each switch of switch tier {@code tier}: a ToR's rack, a pod, every host on the top tier. */
  int hostsBelow(int tier);

  /** Down ports of each switch of switch tier {@code tier}: one per block of hosts below it (a ToR: per host). */
  default int downPorts(int tier) {
    return tier == 0 ? hostsBelow(0) : hostsBelow(tier) / hostsBelow(tier - 1);
  }

  /** The switch of tier {@code tier + 1} that up port {@code port} of switch {@code index} of {@code tier} reaches. */
  int upNeighbour(int tier, int index, int port);

  /**
   * The switch of tier {@code tier - 1} that down port {@code port} of switch {@code index} of
   * {@code tier} reaches ({@code tier} ≥ 1); on tier 0, the host.
   */
  int downNeighbour(int tier, int index, int port);

  /**
   * The up port of {@code downNeighbour(tier, index, port)} on the same cable ({@code tier} ≥ 1):
   * that switch's up port which reaches switch {@code index} of {@code tier}.
   */
  int downNeighbourUpPort(int tier, int index, int port);

  /** How the cables from switch tier {@code tier} up are named, for messages, e.g. "leaf<l>-spine<s>". */
  String cableNames(int tier);

  /** The first host below switch {@code index} of {@code tier}; hostsBelow(tier) hosts follow it. */
  default int firstHost(int tier, int index) {
    return tier == 0 ? index * hostsBelow(0) : firstHost(tier - 1, downNeighbour(tier, index, 0));
  }

  /** Whether host {@code host} is below switch {@code index} of {@code tier} (a packet to it goes down there). */
  default boolean isAbove(int tier, int index, int host) {
    int first = firstHost(tier, index);
    return host >= first && host - first < hostsBelow(tier);
  }

  /** The down port of switch {@code index} of {@code tier} that leads to host {@code host}, a host below it. */
  default int downPortTowards(int tier, int index, int host) {
    return (host - firstHost(tier, index)) / (tier == 0 ? 1 : hostsBelow(tier - 1));
  }

  /** The ToR (leaf) host {@code host} hangs from. */
  default int torOf(int host) {
    return host / hostsBelow(0);
  }

  /**
   * The lowest switch tier whose switches above host {@code a} are above host {@code b} too: 0
   * under one ToR, 1 in one pod of a fat tree or across a leaf-spine, 2 across pods. A path from
   * {@code a} to {@code b} climbs to it and comes down: 2 · (it + 1) links.
   */
  default int lowestCommonTier(int a, int b) {
    int tier = 0;
    while (a / hostsBelow(tier) != b / hostsBelow(tier)) {
      tier++;
    }
    return tier;
  }

  /**
   * The ways up from a ToR to switch tier {@code tier}, one up port on each tier below it:
   * upPorts(0) · … · upPorts(tier − 1); 1 for tier 0.
   */
  default int upPaths(int tier) {
    int paths = 1;
    for (int t = 0; t < tier; t++) {
      paths *= upPorts(t);
    }
    return paths;
  }

  /** Shortest paths from host {@code a} to host {@code b} on one plane: {@code upPaths(lowestCommonTier(a, b))}. */
  default int paths(int a, int b) {
    return upPaths(lowestCommonTier(a, b));
  }

  /** Most planes a fabric may have (a source route names the plane in one byte, see {@code Packet.route}). */
  int MAX_PLANES = 16;

  /** Refuses a plane count outside 1..{@link #MAX_PLANES}. */
  static void checkPlanes(int planes) {
    if (planes < 1 || planes > MAX_PLANES) {
      throw new IllegalArgumentException("planes must be from 1 to " + MAX_PLANES + ", got " + planes);
    }
  }
}
