package org.lbsim.scenario;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.lbsim.topo.PortFeatures;
import org.lbsim.topo.TierLink;
import org.lbsim.topo.Topology;
import org.lbsim.workload.FlowSpec;

/**
 * The checks between a valid fabric and the rest of a scenario: a packet serializes on every
 * tier, PFC has the headroom never to drop, and the run's counts and heap fit.
 */
final class FabricChecks {
  private final ValueReader r;

  FabricChecks(ValueReader r) {
    this.r = r;
  }

  /**
   * One packet (data bytes on the wire) must serialize in a whole, positive number of
   * picoseconds within the run's time limit on every tier.
   */
  void serialization(Map<String, String> v, TierLink[] tiers, int packetBytes, long limitPs) {
    String[] names = {"host", "tier1", "tier2"};
    for (int t = 0; t < 3; t++) {
      String key = "links." + names[t] + ".rate_gbps";
      String rateKey = v.get(key).isEmpty() ? "links.rate_gbps" : key;
      double ps = packetBytes * 8e12 / tiers[t].bitsPerSecond();
      if (tiers[t].bitsPerSecond() < 1 || ps > limitPs) {
        double minGbps = packetBytes * 8e12 / limitPs / 1e9;
        r.bad(rateKey, v.get(rateKey), String.format(Locale.ROOT, "a link speed up to 1e6 Gb/s at which "
            + "a %d B packet fits in run.limit_ms (%s ms): at least %.3g Gb/s", packetBytes,
            v.get("run.limit_ms").trim(), minGbps));
        return;
      }
    }
  }

  /**
   * Lossless needs room, at every port, for what every ingress of the switch may still send
   * after XOFF: the bytes on the wire both ways (2 x latency x rate); the pause frame and its gap,
   * which first waits for the data packet being serialized on the reverse link (the upstream
   * keeps sending meanwhile); the packet the upstream port is serializing when the pause
   * arrives; and the one that crossed the threshold (the + one packet below).
   */
  void pfcHeadroom(PortFeatures f, Topology t, TierLink[] tiers, long buffer, int dataBytes, int gapBytes) {
    if (!f.pfc()) {
      return;
    }
    long headroom = 0;
    for (TierLink l : tiers) {
      long wire = 2 * l.latencyPs() * l.bitsPerSecond() / 8_000_000_000_000L;
      // reverse link: the packet in service + its gap, then the 64 B frame + its gap
      long reverse = dataBytes + 64 + 2L * gapBytes;
      headroom = Math.max(headroom, wire + reverse + dataBytes + gapBytes);
    }
    int ingress = t.maxSwitchPorts();
    long need = ingress * (f.xoffBytes() + headroom) + dataBytes;
    if (buffer < need) {
      r.bad("buffer.pfc", "on", "with a port buffer of at least " + need + " B (" + ingress + " ingress ports x (XOFF "
          + f.xoffBytes() + " B + headroom " + headroom + " B) + one packet) so that PFC never drops; raise "
          + "buffer.bytes (now " + buffer + " B) or lower buffer.pfc_xoff_packets");
    }
  }

  /**
   * Counts that must fit in an int (flows, packets per flow) and the heap the run needs
   * ({@link MemoryEstimate}), from the validated topology and workload; {@code knownFlows} are the
   * flows the workload's check read, or null.
   */
  void scale(Map<String, String> v, Topology t, WorkloadSpec w, List<FlowSpec> knownFlows, TierLink[] tiers,
      PacketSection packet, long buffer, int extra, int connectionsPerFlow, boolean lazyTables) {
    int payload = packet.payloadBytes();
    int header = packet.headerBytes();
    long hosts = t.hosts();
    long switchPorts = t.switchPorts() * t.planes();
    long ports = hosts * t.planes() + switchPorts;
    WorkloadKind kind = w.kind();
    // each connection a run makes is a flow to the transport (independent subflows: several per flow)
    long flows = kind.count().flows(hosts, w, knownFlows) * connectionsPerFlow;
    if (flows > Integer.MAX_VALUE) {
      r.bad("workload.kind", kind.name(), "a workload of at most " + Integer.MAX_VALUE + " flows (" + kind.name()
          + " on " + hosts + " hosts would have " + flows + (connectionsPerFlow > 1 ? ", counting each of its subflows" : "")
          + ")");
      return;
    }
    long perFlow = (w.sizeBytes() + payload - 1) / payload;
    if (kind.sized() && perFlow + extra > Integer.MAX_VALUE) {
      r.bad("workload.size", v.get("workload.size"), "at most " + Integer.MAX_VALUE + " packets per flow with "
          + "transport.extra_packets (" + perFlow + " packets of " + payload + " B)");
      return;
    }
    // flows read at load time: their own packets; sized flows: each of workload.size; training: built by the run
    long workloadPackets = knownFlows != null
        ? knownFlows.stream().mapToLong(f -> (f.bytes() + payload - 1) / payload + extra).sum()
        : kind.sized() ? flows * ((perFlow + connectionsPerFlow - 1) / connectionsPerFlow + extra) : Long.MAX_VALUE;
    long maxLatencyPs = Math.max(tiers[0].latencyPs(), Math.max(tiers[1].latencyPs(), tiers[2].latencyPs()));
    double rttPs = 2.0 * t.maxHops() * maxLatencyPs;
    double bdpPackets = tiers[0].bitsPerSecond() / 8.0 * rttPs / 1e12 / (payload + header) + 1;
    double inFlight = (double) switchPorts * (buffer / (payload + header) + 1) + hosts * bdpPackets;
    long packets = (long) Math.min(workloadPackets, Math.min(inFlight, Long.MAX_VALUE));
    MemoryEstimate estimate = new MemoryEstimate(hosts, ports, flows, packets);
    String refusal = (lazyTables ? estimate.withLazyTables(t) : estimate).refusal(Runtime.getRuntime().maxMemory());
    if (refusal != null) {
      r.problem(r.source() + ": " + refusal);
    }
  }
}
