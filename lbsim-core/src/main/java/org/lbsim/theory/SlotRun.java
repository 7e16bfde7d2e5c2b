package org.lbsim.theory;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * One run of the slotted model (the rules are in {@link SlotModel}). Each slot: every switch, in number order (ToRs,
 * aggs, cores), takes the packets its input ports sent it in the previous slot (a ToR also its hosts' packets of this
 * slot), in input port order or shuffled, and places each in an egress queue; then every nonempty port sends its head
 * packet, a tor-down port delivering it to its host in this slot.
 */
final class SlotRun {
  private final SlotFabric fabric;
  private final int[] destination;
  private final int packetsPerFlow;
  private final ArrivalOrder order;
  private final SplittableRandom random;
  private final PortQueues queues;
  private final Uplinks uplinks;
  private final int[][] feeders;
  /** The packet each port sent in the previous slot, or −1. */
  private final int[] sent;
  private final int[] arrivals;
  private final long[] delivered;
  private long remaining;
  private long slots;
  private Map<String, Double> probe;

  SlotRun(int k, int[] destination, int packetsPerFlow, SlotScheme scheme, ArrivalOrder order, long seed) {
    fabric = new SlotFabric(k);
    check(fabric, destination, packetsPerFlow);
    if (order == ArrivalOrder.PHASED) {
      throw new IllegalArgumentException("PHASED is not slot by slot: PhasedRun runs it");
    }
    int senders = 0;
    for (int d : destination) {
      senders += d >= 0 ? 1 : 0;
    }
    this.destination = destination.clone();
    this.packetsPerFlow = packetsPerFlow;
    this.order = order;
    random = new SplittableRandom(seed);
    queues = new PortQueues(fabric.ports());
    uplinks = new Uplinks(scheme, fabric, this.destination, random, queues);
    feeders = fabric.feeders();
    sent = new int[fabric.ports()];
    Arrays.fill(sent, -1);
    arrivals = new int[fabric.k]; // a switch has k input ports
    delivered = new long[fabric.hosts];
    remaining = (long) senders * packetsPerFlow;
  }

  /** Refuses a destination list that is not one destination (or −1) per host of the fabric, or a negative count. */
  static void check(SlotFabric fabric, int[] destination, int packetsPerFlow) {
    if (destination.length != fabric.hosts) {
      throw new IllegalArgumentException("a k = " + fabric.k + " fat tree has " + fabric.hosts + " hosts, not "
          + destination.length);
    }
    if (packetsPerFlow < 0) {
      throw new IllegalArgumentException("packets per flow must not be negative: " + packetsPerFlow);
    }
    if ((long) fabric.hosts * fabric.half * fabric.half > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("k = " + fabric.k + " is too large for int packets");
    }
    for (int h = 0; h < destination.length; h++) {
      int d = destination[h];
      if (d < -1 || d >= fabric.hosts || d == h) {
        throw new IllegalArgumentException("host " + h + " cannot send to " + d);
      }
    }
  }

  /** Runs until every packet is delivered; {@code probeSlot} (or −1) is the slot whose queues {@link #probe} reports. */
  SlotRun run(long probeSlot) {
    long last = -1;
    for (long t = 0; remaining > 0; t++) {
      for (int s = 0; s < feeders.length; s++) {
        arrive(s, t);
      }
      if (t == probeSlot) {
        probe = meanQueues();
      }
      if (depart()) {
        last = t;
      }
    }
    slots = last + 1;
    if (probe == null && probeSlot >= 0) {
      probe = meanQueues();
    }
    return this;
  }

  long slots() {
    return slots;
  }

  long delivered(int host) {
    return delivered[host];
  }

  /** Per tier, the mean over its ports of the queue in the probe slot (all zero if the run ended before it). */
  Map<String, Double> probe() {
    return probe;
  }

  SlotQueues queues() {
    return SlotQueues.of(fabric, slots, queues::max);
  }

  private void arrive(int sw, long t) {
    int n = 0;
    for (int f : feeders[sw]) {
      if (f < 0) {
        int h = -1 - f;
        if (destination[h] >= 0 && t < packetsPerFlow) {
          arrivals[n++] = destination[h] + fabric.hosts * uplinks.path(h);
        }
      } else if (sent[f] >= 0) {
        arrivals[n++] = sent[f];
      }
    }
    if (order == ArrivalOrder.SHUFFLED) {
      Rotor.shuffle(arrivals, n, random);
    }
    for (int i = 0; i < n; i++) {
      queues.push(uplinks.egress(sw, arrivals[i]), arrivals[i]);
    }
  }

  /** Every port sends its head packet; returns whether a packet reached its host. */
  private boolean depart() {
    boolean any = false;
    int firstTorDown = fabric.torDown(0);
    for (int port = 0; port < firstTorDown; port++) {
      sent[port] = queues.pop(port);
    }
    for (int port = firstTorDown; port < fabric.ports(); port++) {
      int packet = queues.pop(port);
      if (packet >= 0) {
        delivered[packet % fabric.hosts]++;
        remaining--;
        any = true;
      }
    }
    return any;
  }

  private Map<String, Double> meanQueues() {
    Map<String, Double> mean = new LinkedHashMap<>();
    for (int tier = 0; tier < SlotFabric.TIERS.length; tier++) {
      long sum = 0;
      for (int i = 0; i < fabric.tierPorts; i++) {
        sum += queues.size(tier * fabric.tierPorts + i);
      }
      mean.put(SlotFabric.TIERS[tier], (double) sum / fabric.tierPorts);
    }
    return mean;
  }
}
