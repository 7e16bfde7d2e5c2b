package org.lbsim.topo;

/** The shape of the fabric. Link tiers are, from the hosts up: host, tier 1, tier 2. */
public sealed interface Topology permits FatTree, LeafSpine {
  int hosts();

  /** Number of links on the longest (valley-free) host-to-host path. */
  int maxHops();
}
