package org.lbsim.topo;

/** The shape of the fabric. Link tiers are, from the hosts up: host, tier 1, tier 2. */
public sealed interface Topology permits FatTree, LeafSpine {
  int hosts();

  /** Number of links on the longest (valley-free) host-to-host path. */
  int maxHops();

  /**
   * Identical, independent fabrics of this shape: every host has one NIC port on each, and no
   * switch joins two planes. Link rates of one plane are the scenario's {@code links.*} rates
   * divided by the planes, so P planes carry what one would; 1 is the plain fabric.
   */
  int planes();

  /** This shape on {@code planes} planes. */
  Topology withPlanes(int planes);

  /** Switch tiers: 3 in a fat tree (ToR, aggregation, core), 2 in a leaf-spine (leaf, spine). */
  int tiers();

  /** ToRs of one plane (a leaf-spine's leaves): the switches the hosts hang from. */
  int tors();

  /** Hosts under one ToR (leaf). */
  int hostsPerTor();

  /** Up ports of one ToR (leaf): to the aggregation switches of its pod, or to every spine. */
  int uplinksPerTor();

  /** Hosts a flow reaches without the top tier: a fat tree's pod, a leaf-spine's leaf. */
  int hostsPerPod();

  /** Aggregation switches of one plane; 0 in a leaf-spine. */
  int aggs();

  /** Top-tier switches of one plane: a fat tree's cores, a leaf-spine's spines. */
  int topSwitches();

  /** Switch ports of one plane: host-facing ports and both ends of every switch-to-switch cable. */
  long switchPorts();

  /** The most ports one switch of the fabric has, so the most ingresses that may feed one egress. */
  int maxSwitchPorts();

  // The switches and the cables between them, one plane's, by switch tier (0: the ToRs, up to tiers() - 1).

  /** What a switch of switch tier {@code tier} is called: its name is this and its index, e.g. agg3 or spine0. */
  String switchKind(int tier);

  /** Switches of switch tier {@code tier} on one plane. */
  int switches(int tier);

  /** Up ports of each switch of switch tier {@code tier}; 0 on the top tier. */
  int upPorts(int tier);

  /** The switch of tier {@code tier + 1} that up port {@code port} of switch {@code index} of {@code tier} reaches. */
  int upNeighbour(int tier, int index, int port);

  /** How the cables from switch tier {@code tier} up are named, for messages, e.g. "leaf<l>-spine<s>". */
  String cableNames(int tier);

  /** Most planes a fabric may have (a source route names the plane in one byte, see {@code Packet.route}). */
  int MAX_PLANES = 16;

  /** Refuses a plane count outside 1..{@link #MAX_PLANES}. */
  static void checkPlanes(int planes) {
    if (planes < 1 || planes > MAX_PLANES) {
      throw new IllegalArgumentException("planes must be from 1 to " + MAX_PLANES + ", got " + planes);
    }
  }
}
