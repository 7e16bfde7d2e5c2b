package org.lbsim.lb;

import java.util.List;

/** The registry of load-balancing designs lbsim knows, by name. */
public final class LbDesigns {
  private static final double ECN_DEFAULT = 0.5;

  private static final List<LbDesign> ALL = concat(List.of(
      new LbDesign("ecmp",
          "Flow-level ECMP: one entropy per flow, switches hash (flow, entropy, salt) over equal-cost ports",
          "ECMP (RFC 2992); the study's Flow", List.of(), ECN_DEFAULT,
          ctx -> (flow, rnd) -> new FlowPath(0), null, (sw, ctx) -> new Ecmp()),
      new LbDesign("host-spray",
          "Host packet spraying: a fresh random entropy per packet, switches hash it (ECMP); under profile: "
              + "reference the path ids 0, 1, 2, ... of the study's simulator",
          "OPS / RPS (Dixit et al., INFOCOM 2013); the study's Host Pkt", List.of(), ECN_DEFAULT,
          ctx -> (flow, rnd) -> new ObliviousSpray(rnd), null, (sw, ctx) -> new Ecmp(), false,
          LbDesign.PlaneChoice.ROTATION)
          // the study's senders number a flow's path ids 0, 1, 2, ...
          .withStudyForm(StudyForm.hostPaths(ctx -> (flow, rnd) -> new NumberedSpray()))),
      HostDesigns.all(), SwitchDesigns.all());

  private LbDesigns() {}

  @SafeVarargs
  private static List<LbDesign> concat(List<LbDesign>... parts) {
    java.util.ArrayList<LbDesign> all = new java.util.ArrayList<>();
    for (List<LbDesign> p : parts) {
      all.addAll(p);
    }
    return List.copyOf(all);
  }

  public static List<LbDesign> all() {
    return ALL;
  }

  /** The design called {@code name}, or null. */
  public static LbDesign find(String name) {
    for (LbDesign d : ALL) {
      if (d.name().equals(name)) {
        return d;
      }
    }
    return null;
  }
}
