package org.lbsim.theory;

/** When a switch of the slotted model takes the packets that reach it. */
public enum ArrivalOrder {
  /** In the order of its input ports: a ToR its hosts then its aggs, an agg its ToRs then its cores, a core its pods. */
  FIXED,
  /** In a fresh uniformly random order every slot. */
  SHUFFLED,
  /**
   * Not slot by slot: every host sends at its own phase within the slot, the same every slot (the hosts' phases in a
   * uniformly random order), and every packet reaches the next switch when its port has sent it, one slot after it
   * started; a switch takes each packet at the instant it arrives.
   */
  PHASED
}
