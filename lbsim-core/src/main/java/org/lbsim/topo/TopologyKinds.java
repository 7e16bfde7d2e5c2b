package org.lbsim.topo;

import java.util.List;

/** The registry of fabric shapes, by name, in the order {@code lbsim list} and the schema show them. */
public final class TopologyKinds {
  /** Hosts a fabric may have: every count derived from them stays within an int. */
  public static final long MAX_HOSTS = 1L << 24;

  private static final List<TopologyKind> ALL = List.of(
      new TopologyKind("fat-tree",
          "k-ary 3-tier fat tree: k pods of k/2 ToRs and k/2 aggregation switches, (k/2)^2 cores, k^3/4 hosts",
          "Al-Fares et al., SIGCOMM 2008; the study's fabric (arXiv 2507.21372 v2)",
          List.of("topology.k", "topology.oversubscription"), false, TopologyKinds::fatTree),
      new TopologyKind("leaf-spine",
          "Two tiers, every leaf joined to every spine: topology.leaves leaves of topology.hosts_per_leaf hosts, one "
              + "uplink from each leaf to each spine",
          "folded Clos (two-tier)",
          List.of("topology.hosts_per_leaf", "topology.leaves", "topology.spines"), false, TopologyKinds::leafSpine),
      new TopologyKind("rail-optimized",
          "NIC i of every server on a rail switch of rail i, rail switches joined by spines: topology.servers "
              + "servers of topology.rails NICs in topology.units scalable units, each unit with one rail switch per "
              + "rail, built as a leaf-spine whose leaves are the rail switches",
          "NVIDIA DGX SuperPOD rail-optimized design (scalable units)",
          List.of("topology.servers", "topology.rails", "topology.units", "topology.spines"), true,
          TopologyKinds::railOptimized));

  private TopologyKinds() {}

  public static List<TopologyKind> all() {
    return ALL;
  }

  /** The kind called {@code name}, or null. */
  public static TopologyKind find(String name) {
    for (TopologyKind t : ALL) {
      if (t.name().equals(name)) {
        return t;
      }
    }
    return null;
  }

  /** The names, in order. */
  public static List<String> names() {
    return ALL.stream().map(TopologyKind::name).toList();
  }

  private static Topology fatTree(TopologyKind.Keys v) {
    int k = v.integer("topology.k", 2);
    int o = v.integer("topology.oversubscription", 1);
    if (k >= 2 && k % 2 != 0) {
      v.bad("topology.k", v.text("topology.k"), "an even integer from 2 to 256 (k = 8 gives 128 hosts)");
      return null;
    }
    if (k > 256) {
      v.bad("topology.k", v.text("topology.k"), "an even integer from 2 to 256");
      return null;
    }
    if (k >= 2 && k <= 256 && o >= 1 && (long) o * k * k * k / 4 > MAX_HOSTS) {
      v.bad("topology.oversubscription", v.text("topology.oversubscription"), "at most "
          + MAX_HOSTS / ((long) k * k * k / 4) + " with topology.k " + k + " (a fabric has at most " + MAX_HOSTS
          + " hosts; this one would have " + (long) o * k * k * k / 4 + ")");
      return null;
    }
    return k >= 2 && o >= 1 ? new FatTree(k, o) : null;
  }

  private static Topology leafSpine(TopologyKind.Keys v) {
    return leaves(v, "topology.hosts_per_leaf", "topology.leaves");
  }

  /**
   * A rail switch per rail and scalable unit, holding NIC r of the unit's servers, is a leaf:
   * host r * servers + s (see training.Cluster) is on leaf r * units + s / (servers / units).
   */
  private static Topology railOptimized(TopologyKind.Keys v) {
    int servers = v.integer("topology.servers", 1);
    int rails = v.integer("topology.rails", 1);
    int units = v.integer("topology.units", 1);
    int spines = spines(v);
    if (servers > 0 && units > 0 && servers % units != 0) {
      v.bad("topology.units", v.text("topology.units"), "a divisor of topology.servers = " + servers
          + " (every unit holds the same number of servers)");
      return null;
    }
    return servers > 0 && rails > 0 && units > 0 && spines > 0 && hostsFit(v, "topology.rails", servers, rails)
        ? new LeafSpine(servers / units, rails * units, spines) : null;
  }

  /** Leaves of {@code perLeafKey} hosts each, {@code leavesKey} of them, every one joined to every spine. */
  private static Topology leaves(TopologyKind.Keys v, String perLeafKey, String leavesKey) {
    int perLeaf = v.integer(perLeafKey, 1);
    int leaves = v.integer(leavesKey, 1);
    int spines = spines(v);
    return perLeaf > 0 && leaves > 0 && spines > 0 && hostsFit(v, leavesKey, perLeaf, leaves)
        ? new LeafSpine(perLeaf, leaves, spines) : null;
  }

  /** A source route names a leaf's uplink in one byte (0xFF = switch's choice): at most 255 spines. */
  private static int spines(TopologyKind.Keys v) {
    int spines = v.integer("topology.spines", 1);
    if (spines > 255) {
      v.bad("topology.spines", v.text("topology.spines"), "an integer from 1 to 255 (a source route names a spine in "
          + "one byte)");
      return Integer.MIN_VALUE;
    }
    return spines;
  }

  /** At most {@link #MAX_HOSTS} hosts: a * b of them, blamed on {@code key}. */
  private static boolean hostsFit(TopologyKind.Keys v, String key, long a, long b) {
    if (a * b > MAX_HOSTS) {
      v.bad(key, v.text(key), "a fabric of at most " + MAX_HOSTS + " hosts (this one would have " + a * b + ")");
      return false;
    }
    return true;
  }
}
