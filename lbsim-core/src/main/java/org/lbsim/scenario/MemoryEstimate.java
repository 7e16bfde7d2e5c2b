package org.lbsim.scenario;

import java.util.Locale;
import org.lbsim.topo.Topology;

/**
 * The heap a run needs, estimated before it is built so that a scenario too large for the JVM
 * is refused with one line instead of running out of memory part-way. The estimate counts the
 * objects that grow with the scenario, at their sizes on a 64-bit JVM with compressed
 * references:
 *
 * <ul>
 *   <li>a flow: its block of sender, receiver, recovery, path policy and rate objects (312 B for
 *       host spraying, ideal rate and erasure coding in the default profile, whose spray policy
 *       carries a random stream; 296 B under profile: reference, the budget lbsim-bench's
 *       FlowBudgetTest holds), its
 *       {@code FlowSpec} (48 B) and {@code FlowOutcome} (56 B), and a reference in each list
 *       that holds them: {@value #FLOW_BYTES} B;
 *   <li>a port ({@code EgressPort} with its hot fields, configuration, statistics and name): {@value #PORT_BYTES} B;
 *   <li>a host (host, NIC gate, transport tables): {@value #HOST_BYTES} B;
 *   <li>a packet in flight: {@value #PACKET_BYTES} B, and {@value #EVENT_BYTES} B for the event
 *       slot pending for it (its arrival at the next hop: four longs, a target reference and a
 *       free-list entry; the slot arrays grow by doubling, which the collector's room below
 *       covers); at most every port's buffer full plus every host link's bandwidth-delay
 *       product, and never more than the workload's packets;
 *   <li>when aggregation switches build their forwarding entries lazily ({@code LazyTables}:
 *       profile: reference with links that fail hard), per aggregation switch its table, a
 *       fastutil {@code Int2LongOpenHashMap} at its initial capacity (504 B) and its share of the
 *       reference array indexed by switch (2.5 switches per agg, 4 B each): {@value #LAZY_TABLE_BYTES} B; and per entry
 *       {@value #LAZY_ENTRY_BYTES} B, an int key and a long value per slot at the fill of 3/8 a
 *       table has just after it doubles (load factor 0.75). An entry is an (agg, destination)
 *       pair a packet went up through, and a table keeps its arrays when routes converge, so the
 *       entries are at most those of every pair a run's packets use: {@link #withLazyTables};
 *   <li>{@value #FIXED_BYTES} B for the simulator itself.
 * </ul>
 *
 * @param hosts fabric hosts
 * @param ports egress ports (switch ports and host NICs)
 * @param flows flows of the workload
 * @param packets packets in flight at most
 * @param lazyTables aggregation switches with a lazy forwarding table (0: the run has none)
 * @param lazyEntries lazy forwarding entries at most, over every table
 */
public record MemoryEstimate(long hosts, long ports, long flows, long packets, long lazyTables, long lazyEntries) {
  static final long FLOW_BYTES = 448;
  static final long PORT_BYTES = 640;
  static final long HOST_BYTES = 512;
  static final long PACKET_BYTES = 104;
  static final long EVENT_BYTES = 40;
  static final long FIXED_BYTES = 64L << 20;
  static final long LAZY_TABLE_BYTES = 520;
  static final long LAZY_ENTRY_BYTES = 32;

  /** A run without lazy forwarding tables. */
  public MemoryEstimate(long hosts, long ports, long flows, long packets) {
    this(hosts, ports, flows, packets, 0, 0);
  }

  /**
   * This estimate with the lazy forwarding tables a run on {@code t} can fill: those of the
   * switches above the ToRs and below the top tier (a fat tree's aggregation switches; a
   * two-tier fabric has none). Such a switch builds an entry for a packet it sends up, towards a
   * host it is not above: a flow's data climb through at most {@link Topology#upPaths}(tier) of
   * a tier's switches per plane (a fat tree's k/2 aggs of the source's pod) and the packets back
   * to its source (ACKs, returned headers) through as many on the destination's side, so a flow
   * adds at most twice that many entries per plane; and a switch holds at most one entry per host.
   */
  public MemoryEstimate withLazyTables(Topology t) {
    long middle = 0;
    long climbed = 0;
    for (int tier = 1; tier < t.tiers() - 1; tier++) {
      middle += t.switches(tier);
      climbed += t.upPaths(tier);
    }
    if (middle == 0) {
      return this;
    }
    long tables = middle * t.planes();
    long perFlow = 2L * climbed * t.planes();
    long entries = Math.min(flows > Long.MAX_VALUE / perFlow ? Long.MAX_VALUE : flows * perFlow, tables * hosts);
    return new MemoryEstimate(hosts, ports, flows, packets, tables, entries);
  }

  /** Estimated heap bytes of the run (saturating at Long.MAX_VALUE). */
  public long bytes() {
    double b = FIXED_BYTES + (double) hosts * HOST_BYTES + (double) ports * PORT_BYTES + (double) flows * FLOW_BYTES
        + (double) packets * (PACKET_BYTES + EVENT_BYTES) + (double) lazyTables * LAZY_TABLE_BYTES
        + (double) lazyEntries * LAZY_ENTRY_BYTES;
    return b >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) b;
  }

  /**
   * The refusal when the run does not fit in {@code maxHeap} bytes, else null. The heap must
   * hold the estimate plus a quarter for the collector's room.
   */
  public String refusal(long maxHeap) {
    double need = bytes() * 1.25;
    if (need <= maxHeap) {
      return null;
    }
    long suggest = (long) Math.ceil(need / (1L << 30)) + 1;
    return "the scenario needs about " + gib(need) + " GiB (" + hosts + " hosts, " + flows + " flows, " + ports
        + " ports); this JVM has " + gib(maxHeap) + " GiB: run with LBSIM_JAVA_OPTS=-Xmx" + suggest
        + "g or make it smaller";
  }

  private static String gib(double bytes) {
    double g = bytes / (1L << 30);
    return g >= 10_000 ? String.format(Locale.ROOT, "%.3g", g) : String.format(Locale.ROOT, "%.1f", g);
  }
}
