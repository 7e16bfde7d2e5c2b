package org.lbsim.theory;

import java.util.Map;

/**
 * The slotted queue model of the study's appendices (arXiv 2507.21372, Appendices C–E), independent of lbsim's
 * packet-level simulator: it shares no class with it.
 *
 * <p>Fabric: a k-ary fat tree numbered as lbsim wires it ({@link SlotFabric}): k³/4 hosts, host h on ToR h/(k/2);
 * ToR t in pod t/(k/2), its uplink j to agg pod·(k/2) + j; the agg at position pp takes uplink l to core
 * pp + (k/2)·l; core c reaches position c % (k/2) of every pod. Its switch egress ports carry lbsim's tier labels
 * "tor-up", "agg-up", "core-down", "agg-down", "tor-down". A host's NIC is not a switch port: a host puts one packet per
 * slot into its ToR and never queues.
 *
 * <p>Slots, store and forward: every switch egress port is a FIFO that sends one packet per slot. Host h with
 * destination[h] ≥ 0 emits packet i of its flow in slot i, and its ToR places it in an egress queue in that slot; a
 * packet a port sends in slot t reaches the next switch in slot t + 1, which places it in its next egress queue in
 * that slot, after its routing decision; a packet a tor-down port sends in slot t is delivered to its host in slot t.
 * A packet crossing pods thus spends slots i … i + 4 in five queues and is delivered in slot i + 4; one in its pod
 * three, one in its ToR one. Data only, no ACKs.
 *
 * <p>Queue length is counted after a slot's arrivals and before its departure; a port's largest is over all slots.
 * The run ends when every packet is delivered; {@code slots} is the slot of the last delivery + 1.
 *
 * <p>Arrivals: in a slot, switches take their packets in number order (ToRs, aggs, cores); within a switch, in the
 * order of its input ports ({@link ArrivalOrder#FIXED}: a ToR its hosts then its aggs; an agg its ToRs then its cores;
 * a core its pods) or in a fresh random order ({@link ArrivalOrder#SHUFFLED}).
 *
 * <p>Up hops are chosen only where there is a choice: a ToR picks an agg for a destination outside it, an agg a core
 * for a destination outside its pod; down hops are fixed. SIMPLE_RR: one pointer per switch over its uplinks in a
 * random order from a random start, each packet going up takes the next. JSQ: the uplink with the fewest packets
 * queued at the decision (packets placed earlier in the same slot count), ties uniformly at random. RSQ: a uniformly
 * random uplink per packet. HOST_DR: per sending host (so per (source, destination) pair) a pointer over the paths
 * through the top tier — cross-pod the (k/2)² (agg position, core) pairs, in its pod the k/2 aggs — in a random order
 * from a random start, advancing per packet; the switches follow this source route. OFAN: a ToR keeps per destination
 * ToR a pointer over its k/2 aggs, an agg per destination pod a pointer over its k/2 cores, each in a random order
 * from a random start.
 *
 * <p>Phases ({@link ArrivalOrder#PHASED}): time is continuous and the slot is the time a port takes to send a packet.
 * Host h emits packet i at i + φ_h slots, φ_h its phase in [0, 1), distinct for every host and the same every slot;
 * its ToR takes it at that instant. A port starts sending a packet when it arrives at an idle port, else when the one
 * before it ends, and the packet reaches the next switch, which takes it at that instant, one slot after its start
 * (delivered to its host when a tor-down port has sent it). A port's queue at an instant counts the packets it has
 * not finished sending, the one being sent included: JSQ compares these, and a port's largest is taken as each packet
 * joins it. Arrivals at the same instant are taken in the order they were caused. {@code slots} is the slot in
 * which the last tor-down sending started + 1, as in the slotted rules: a packet i crossing pods is delivered in slot
 * i + 4 here too when it never waits.
 *
 * <p>Determinism: one {@code SplittableRandom(seed)}; it draws first the pointers ({@link Uplinks}, each a
 * {@link Rotor}: a Fisher–Yates shuffle i = n−1 … 1 with nextInt(i + 1), then the start nextInt(n)), then slot by slot,
 * switch by switch: SHUFFLED a Fisher–Yates shuffle of the switch's arrivals of the slot, then per arrival in order its
 * decision's draw (RSQ nextInt(k/2); JSQ nextInt(number tied) when more than one uplink ties). PHASED draws the pointers,
 * then the hosts' phase order (a Fisher–Yates shuffle of the hosts), then the decisions' draws in event order.
 */
public final class SlotModel {
  private SlotModel() {}

  /** destination[h] = the host h sends to, or -1; every sending host sends packetsPerFlow packets, one per slot from slot 0. */
  public static SlotQueues run(int k, int[] destination, int packetsPerFlow, SlotScheme scheme, ArrivalOrder order,
      long seed) {
    if (order == ArrivalOrder.PHASED) {
      return new PhasedRun(k, destination, packetsPerFlow, scheme, seed).run();
    }
    return new SlotRun(k, destination, packetsPerFlow, scheme, order, seed).run(-1).queues();
  }

  /**
   * As {@link #run}, but returns per tier label the mean over the tier's ports of the queue (after the arrivals, before
   * the departure) in slot {@code slot}; all zero if every packet was delivered before it. A cross-pod packet i is in
   * the tor-up queue in slot i, agg-up i + 1, core-down i + 2, agg-down i + 3, tor-down i + 4.
   */
  public static Map<String, Double> meanQueueAt(int k, int[] destination, int packetsPerFlow, SlotScheme scheme,
      ArrivalOrder order, long seed, long slot) {
    if (slot < 0) {
      throw new IllegalArgumentException("slot must not be negative: " + slot);
    }
    if (order == ArrivalOrder.PHASED) {
      throw new IllegalArgumentException("the queue in a slot is defined for the slot-by-slot orders (FIXED, SHUFFLED), "
          + "not PHASED");
    }
    return new SlotRun(k, destination, packetsPerFlow, scheme, order, seed).run(slot).probe();
  }

  /** Appendix D: sqrt(1 - 2/k) * sqrt(2 m / pi). */
  public static double randomWalkQueue(int k, long m) {
    return Math.sqrt(1 - 2.0 / k) * Math.sqrt(2.0 * m / Math.PI);
  }
}
