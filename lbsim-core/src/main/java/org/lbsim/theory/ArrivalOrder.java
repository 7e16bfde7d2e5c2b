package org.lbsim.theory;

/** The order in which a switch of the slotted model takes the packets that reach it in one slot. */
public enum ArrivalOrder {
  /** In the order of its input ports: a ToR its hosts then its aggs, an agg its ToRs then its cores, a core its pods. */
  FIXED,
  /** In a fresh uniformly random order every slot. */
  SHUFFLED
}
