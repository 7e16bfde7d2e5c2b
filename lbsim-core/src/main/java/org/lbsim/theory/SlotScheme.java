package org.lbsim.theory;

/** The load balancers of the study's queue theory, as the slotted model ({@link SlotModel}) runs them. */
public enum SlotScheme {
  /** One pointer per switch over its uplinks, in a random order from a random start; each packet going up takes the next. */
  SIMPLE_RR,
  /** The uplink with the fewest packets queued at the decision; ties uniformly at random. */
  JSQ,
  /** A uniformly random uplink per packet. */
  RSQ,
  /** Per source host, a pointer over the paths through the top tier towards its destination; the switches follow the route. */
  HOST_DR,
  /** A ToR keeps one pointer per destination ToR over its aggs, an agg one per destination pod over its cores. */
  OFAN;

  /**
   * The model of an lbsim design name: "simple-rr", "jsq", "rsq" and "host-spray" (RSQ: a fresh uniform hash per packet
   * is a uniform choice per switch), "host-dr", "ofan"; null for any other.
   */
  public static SlotScheme forDesign(String lb) {
    if (lb == null) {
      return null;
    }
    return switch (lb) {
      case "simple-rr" -> SIMPLE_RR;
      case "jsq" -> JSQ;
      case "rsq", "host-spray" -> RSQ;
      case "host-dr" -> HOST_DR;
      case "ofan" -> OFAN;
      default -> null;
    };
  }
}
