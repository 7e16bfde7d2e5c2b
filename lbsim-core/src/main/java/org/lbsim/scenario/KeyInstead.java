package org.lbsim.scenario;

import java.util.Map;

/**
 * What to write instead of a key that does not apply, where the scenario's shape has a key of its
 * own for the same thing: a fat tree's keys set on a leaf-spine.
 */
final class KeyInstead {
  private KeyInstead() {}

  /** "; ..." naming the keys that say the same on this scenario, or "" when none do. */
  static String hint(String key, Map<String, String> values) {
    if (!"leaf-spine".equals(values.get("topology.kind"))) {
      return "";
    }
    return switch (key) {
      case "topology.oversubscription" -> "; a leaf-spine is oversubscribed topology.hosts_per_leaf : topology.spines (here "
          + values.get("topology.hosts_per_leaf") + " : " + values.get("topology.spines") + ")";
      case "topology.k" -> "; a leaf-spine's size is topology.leaves x topology.hosts_per_leaf, with topology.spines spines";
      default -> "";
    };
  }
}
