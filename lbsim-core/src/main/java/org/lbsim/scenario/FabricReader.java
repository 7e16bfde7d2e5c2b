package org.lbsim.scenario;

import java.util.Map;
import org.lbsim.topo.TierLink;
import org.lbsim.topo.Topology;
import org.lbsim.topo.TopologyKind;

/** The {@code topology.*} keys: the fabric of the chosen kind, built by its registry entry, on its planes. */
final class FabricReader {
  private static final String[] TIERS = {"host", "tier1", "tier2"};
  private final ValueReader r;
  private final ScenarioSchema schema;

  FabricReader(ValueReader r, ScenarioSchema schema) {
    this.r = r;
    this.schema = schema;
  }

  /**
   * The chosen {@code topology.kind}; an invalid choice, reported on its own, is read as the
   * default kind so that its keys are still checked.
   */
  TopologyKind kind(Map<String, String> v) {
    String kind = r.choice(v, "topology.kind");
    return schema.catalog().topologies().find(kind == null ? schema.setting("topology.kind").defaultValue() : kind);
  }

  /** The fabric {@code kind} builds from its keys; null when they are bad. */
  Topology build(Map<String, String> v, TopologyKind kind) {
    return kind.factory().build(new TopologyKind.Keys() {
      @Override
      public String text(String key) {
        return v.get(key);
      }

      @Override
      public int integer(String key, int min) {
        return r.intValue(v, key, min);
      }

      @Override
      public void bad(String key, String value, String allowed) {
        r.bad(key, value, allowed);
      }
    });
  }

  /**
   * {@code topology} on {@code topology.planes} planes. Every tier's rate must split into whole
   * bit/s per plane; the reference profile's round-robin NIC serves one port, so it is refused
   * with more than one plane.
   */
  Topology planes(Map<String, String> v, Topology topology, TierLink[] tiers, Profile profile) {
    String key = "topology.planes";
    int planes = r.intValue(v, key, 1, Topology.MAX_PLANES);
    if (planes <= 1 || topology == null) {
      return topology;
    }
    for (int t = 0; t < tiers.length; t++) {
      if (tiers[t] != null && tiers[t].bitsPerSecond() % planes != 0) {
        r.bad(key, v.get(key), "a number of planes that divides every link rate into whole bit/s (links."
            + TIERS[t] + " runs at " + tiers[t].bitsPerSecond() + " bit/s)");
        return topology;
      }
    }
    if (profile == Profile.REFERENCE) {
      r.bad(key, v.get(key), "1 under profile: reference (its round-robin NIC serves one port; use profile: default)");
    }
    return topology.withPlanes(planes);
  }

  /** The tiers as one plane of {@code t} has them (the same on one plane; null entries stay null). */
  static TierLink[] planeTiers(TierLink[] tiers, Topology t) {
    if (t == null || t.planes() == 1) {
      return tiers;
    }
    TierLink[] out = new TierLink[tiers.length];
    for (int i = 0; i < tiers.length; i++) {
      out[i] = tiers[i] == null ? null : tiers[i].perPlane(t.planes());
    }
    return out;
  }
}
