package org.lbsim.theory;

import java.util.Arrays;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * One run of the slotted model with phases within the slot ({@link ArrivalOrder#PHASED}; the rules are in
 * {@link SlotModel}). Time is counted in units of 1/hosts of a slot, so a slot is {@code hosts} units and host h's
 * phase is its rank in a uniformly random order of the hosts: only the order of the phases matters, since every
 * time in a run is some host's phase plus whole slots. Events are packet arrivals at switches, taken in time order
 * and, at the same time, in the order they were scheduled.
 */
final class PhasedRun {
  private final SlotFabric fabric;
  private final int[] destination;
  private final int packetsPerFlow;
  private final long slot;
  private final Uplinks uplinks;
  private final Ports ports;
  /** The switch each switch port feeds, or −1 for a tor-down port (it delivers to its host). */
  private final int[] next;
  private final long[] phase;
  private final PriorityQueue<Arrival> events = new PriorityQueue<>();
  private long scheduled;
  private long lastDelivery = -1;
  private final long[] delivered;

  /** A packet reaching switch {@code sw} at {@code time}; {@code sw} = −1 − h for host h's packet number {@code packet}. */
  private record Arrival(long time, long order, int sw, int packet) implements Comparable<Arrival> {
    @Override
    public int compareTo(Arrival o) {
      return time != o.time ? Long.compare(time, o.time) : Long.compare(order, o.order);
    }
  }

  PhasedRun(int k, int[] destination, int packetsPerFlow, SlotScheme scheme, long seed) {
    fabric = new SlotFabric(k);
    SlotRun.check(fabric, destination, packetsPerFlow);
    this.destination = destination.clone();
    this.packetsPerFlow = packetsPerFlow;
    slot = fabric.hosts;
    SplittableRandom random = new SplittableRandom(seed);
    ports = new Ports(fabric.ports(), slot);
    uplinks = new Uplinks(scheme, fabric, this.destination, random, ports);
    int[] byPhase = new int[fabric.hosts];
    for (int h = 0; h < byPhase.length; h++) {
      byPhase[h] = h;
    }
    Rotor.shuffle(byPhase, byPhase.length, random);
    phase = new long[fabric.hosts];
    for (int rank = 0; rank < byPhase.length; rank++) {
      phase[byPhase[rank]] = rank;
    }
    delivered = new long[fabric.hosts];
    next = new int[fabric.ports()];
    Arrays.fill(next, -1);
    int[][] feeders = fabric.feeders();
    for (int s = 0; s < feeders.length; s++) {
      for (int f : feeders[s]) {
        if (f >= 0) {
          next[f] = s;
        }
      }
    }
  }

  SlotQueues run() {
    if (packetsPerFlow > 0) {
      for (int h = 0; h < fabric.hosts; h++) {
        if (destination[h] >= 0) {
          schedule(phase[h], -1 - h, 0);
        }
      }
    }
    while (!events.isEmpty()) {
      Arrival a = events.poll();
      ports.now = a.time();
      if (a.sw() < 0) {
        int h = -1 - a.sw();
        if (a.packet() + 1 < packetsPerFlow) {
          schedule(a.time() + slot, a.sw(), a.packet() + 1);
        }
        place(fabric.torOf(h), destination[h] + fabric.hosts * uplinks.path(h));
      } else {
        place(a.sw(), a.packet());
      }
    }
    // a packet a tor-down port finishes sending at T was sent in slot T / slot − 1
    return SlotQueues.of(fabric, lastDelivery < 0 ? 0 : lastDelivery / slot, ports::max);
  }

  /** Packets delivered to {@code host} (once {@link #run} has returned). */
  long delivered(int host) {
    return delivered[host];
  }

  private void place(int sw, int packet) {
    int port = uplinks.egress(sw, packet);
    long done = ports.push(port);
    if (next[port] >= 0) {
      schedule(done, next[port], packet);
    } else {
      lastDelivery = Math.max(lastDelivery, done);
      delivered[packet % fabric.hosts]++;
    }
  }

  private void schedule(long time, int sw, int packet) {
    events.add(new Arrival(time, scheduled++, sw, packet));
  }

  /**
   * Every port a FIFO sending one packet per slot: a packet starts when it arrives at an idle port, else when the one
   * before it ends. A port's length at time t counts the packets not finished by t (the one being sent included; one
   * finishing at t no longer counts).
   */
  private static final class Ports implements QueueLengths {
    private final long slot;
    /** Finish times of each port's packets, oldest first, as growing ring buffers. */
    private final long[][] finish;
    private final int[] head;
    private final int[] size;
    private final int[] max;
    long now;

    Ports(int n, long slot) {
      this.slot = slot;
      finish = new long[n][];
      head = new int[n];
      size = new int[n];
      max = new int[n];
    }

    @Override
    public int size(int port) {
      long[] f = finish[port];
      while (size[port] > 0 && f[head[port]] <= now) {
        head[port] = (head[port] + 1) & (f.length - 1);
        size[port]--;
      }
      return size[port];
    }

    /** Appends a packet arriving now; returns when the port finishes sending it. */
    long push(int port) {
      int n = size(port);
      long[] f = finish[port];
      long start = n == 0 ? now : f[(head[port] + n - 1) & (f.length - 1)];
      if (f == null || n == f.length) {
        f = grow(port);
      }
      f[(head[port] + n) & (f.length - 1)] = start + slot;
      size[port] = n + 1;
      max[port] = Math.max(max[port], n + 1);
      return start + slot;
    }

    int max(int port) {
      return max[port];
    }

    private long[] grow(int port) {
      long[] old = finish[port];
      long[] f = new long[old == null ? 4 : old.length * 2];
      for (int i = 0; i < size[port]; i++) {
        f[i] = old[(head[port] + i) & (old.length - 1)];
      }
      finish[port] = f;
      head[port] = 0;
      return f;
    }
  }
}
