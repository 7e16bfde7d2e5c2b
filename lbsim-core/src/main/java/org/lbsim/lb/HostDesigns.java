package org.lbsim.lb;

import java.util.List;

/** Designs whose decisions are made in the hosts (the switches hash with ECMP or follow source routes). */
final class HostDesigns {
  private static final double ECN_DEFAULT = 0.5;

  private HostDesigns() {}

  static List<LbDesign> all() {
    return List.of(subflow(), plb());
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

  private static LbDesign plb() {
    return new LbDesign("plb",
        "Flowlet / PLB: one entropy per flow, a new random one when ECN marks persist (>= 40% of the last 10 ACKs "
            + "for 10-12 pacing gaps) or nothing is ACKed for an RTO",
        "PLB (Qureshi et al., SIGCOMM 2022); the study's Flowlet",
        List.of(Param.integer("window", 10, 1, 1000, "ACKs whose ECN bits are kept"),
            Param.number("repath_fraction", 0.4, 0, 1, "repath when this fraction of the window is ECN-marked")),
        0.5,
        ctx -> {
          int window = ctx.params().integer("window");
          double fraction = ctx.params().number("repath_fraction");
          return (flow, rnd) -> new Plb(flow, rnd, window, fraction);
        }, null, (sw, ctx) -> new Ecmp());
  }
}
