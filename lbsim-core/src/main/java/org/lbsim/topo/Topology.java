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

  /** Most planes a fabric may have (a source route names the plane in one byte, see {@code Packet.route}). */
  int MAX_PLANES = 16;

  /** Refuses a plane count outside 1..{@link #MAX_PLANES}. */
  static void checkPlanes(int planes) {
    if (planes < 1 || planes > MAX_PLANES) {
      throw new IllegalArgumentException("planes must be from 1 to " + MAX_PLANES + ", got " + planes);
    }
  }
}
