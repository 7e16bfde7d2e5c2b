package org.lbsim.lb;

import java.util.List;

/** Designs whose decisions are made in the hosts (the switches hash with ECMP or follow source routes). */
final class HostDesigns {
  private static final double ECN_DEFAULT = 0.5;

  private HostDesigns() {}

  static List<LbDesign> all() {
    return List.of(subflow());
  }

  private static LbDesign subflow() {
    return new LbDesign("subflow",
        "Subflows (MPTCP-style): N fixed random entropies per flow, packet i on subflow i mod N, switches hash (ECMP)",
        "MPTCP (RFC 8684) subflows; the study's Subflow (4 subflows)",
        List.of(Param.integer("count", 4, 1, 1024, "subflows per flow, each with its own entropy")), ECN_DEFAULT,
        ctx -> {
          int n = ctx.params().integer("count");
          return (flow, rnd) -> new Subflow(n, rnd);
        }, null, (sw, ctx) -> new Ecmp());
  }
}
