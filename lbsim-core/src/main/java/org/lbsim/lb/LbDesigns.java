package org.lbsim.lb;

import java.util.List;

/** The load-balancing designs lbsim knows, by name. */
public final class LbDesigns {
  private LbDesigns() {}

  public static List<LbDesign> all() {
    return List.of(
        new LbDesign("ecmp",
            "Flow-level ECMP: one entropy per flow, switches hash (flow, entropy, salt) over equal-cost ports",
            (flow, src, dst, rnd) -> new FlowPath(0), sw -> new Ecmp()),
        new LbDesign("host-spray",
            "Host packet spraying (OPS/RPS): a fresh random entropy per packet, switches hash it (ECMP)",
            (flow, src, dst, rnd) -> new ObliviousSpray(rnd), sw -> new Ecmp()));
  }

  /** The design called {@code name}, or null. */
  public static LbDesign find(String name) {
    for (LbDesign d : all()) {
      if (d.name().equals(name)) {
        return d;
      }
    }
    return null;
  }
}
