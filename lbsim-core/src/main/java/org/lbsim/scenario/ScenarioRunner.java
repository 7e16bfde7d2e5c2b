package org.lbsim.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.lbsim.engine.Simulator;
import org.lbsim.lb.LbDesign;
import org.lbsim.lb.LbDesigns;
import org.lbsim.metrics.LowerBounds;
import org.lbsim.metrics.PathProfile;
import org.lbsim.metrics.PortStats;
import org.lbsim.metrics.RunResult;
import org.lbsim.net.EgressPort;
import org.lbsim.net.FabricCounters;
import org.lbsim.net.PacketFormat;
import org.lbsim.topo.Fabric;
import org.lbsim.topo.FabricSettings;
import org.lbsim.topo.TierLink;
import org.lbsim.transport.FlowOutcome;
import org.lbsim.transport.Transport;
import org.lbsim.transport.TransportSettings;
import org.lbsim.workload.FlowSpec;

/** Builds and runs one scenario: fabric, workload, endpoints, then collects the results. */
public final class ScenarioRunner {
  private ScenarioRunner() {}

  /** The packet sizes as the wire sees them under the scenario's profile. */
  public static PacketFormat wireFormat(Scenario s) {
    if (s.profile() == Profile.REFERENCE) {
      // The study's simulator puts only the payload on the wire for data packets, sends
      // header + gap sized ACKs, has no gap on the wire, and paces by the full MTU.
      int mtu = s.payloadBytes() + s.headerBytes() + s.gapBytes();
      return new PacketFormat(s.payloadBytes(), 0, s.headerBytes() + s.gapBytes(), 0, mtu);
    }
    return PacketFormat.of(s.payloadBytes(), s.headerBytes(), s.ackBytes(), s.gapBytes());
  }

  public static RunResult run(Scenario s) {
    Simulator sim = new Simulator(s.seed());
    PacketFormat format = wireFormat(s);
    LbDesign lb = LbDesigns.find(s.lb());
    FabricSettings fs = new FabricSettings(s.hostLink(), s.tier1Link(), s.tier2Link(), s.bufferBytes(),
        s.ecnFraction(), format.gapBytes());
    Fabric fabric = Fabric.build(sim, s.topology(), fs, lb.switchSelector());
    List<FlowSpec> flows = Workloads.generate(s, sim.random());
    boolean reference = s.profile() == Profile.REFERENCE;
    TransportSettings ts = new TransportSettings(format, s.rateCoef(), s.extraPackets(), !reference, reference,
        reference, s.initialRtoPs(), s.minRtoPs());
    Transport transport = new Transport(fabric, ts, flows, lb.hostPolicy());
    transport.start();
    sim.run(s.limitPs());
    return collect(s, sim, fabric, transport, flows, format);
  }

  private static RunResult collect(Scenario s, Simulator sim, Fabric fabric, Transport transport,
      List<FlowSpec> flows, PacketFormat format) {
    List<FlowOutcome> outcomes = transport.outcomes();
    long cct = cct(s, outcomes);
    long end = sim.now();
    long horizon = cct > 0 ? cct : end;
    List<PortStats> ports = new ArrayList<>();
    List<EgressPort> all = fabric.ports();
    for (int i = 0; i < all.size(); i++) {
      EgressPort p = all.get(i);
      long bytesOnWire = p.bytesSent() + p.packetsSent() * format.gapBytes();
      double capacity = p.config().bitsPerSecond() / 8e12 * horizon;
      ports.add(new PortStats(p.name(), fabric.portTier(i), p.bytesSent(), p.packetsSent(), p.maxQueueBytes(),
          p.meanQueueBytes(horizon), p.drops(), p.ecnMarks(), capacity > 0 ? bytesOnWire / capacity : 0));
    }
    FabricCounters c = fabric.counters();
    Map<String, Long> counters = new LinkedHashMap<>();
    counters.put("data_sent", c.dataSent);
    counters.put("data_delivered", c.dataDelivered);
    counters.put("data_dropped", c.dataDropped);
    counters.put("ack_sent", c.ackSent);
    counters.put("ack_delivered", c.ackDelivered);
    counters.put("ack_dropped", c.ackDropped);
    counters.put("ecn_marked", c.ecnMarked);
    counters.put("in_flight_at_end", fabric.pool().outstanding());
    counters.put("packet_objects", fabric.pool().created());
    return new RunResult(s.name(), s.values(), cct, bound(s, fabric, flows, format), end, sim.eventsRun(), outcomes,
        ports, counters);
  }

  /**
   * Default profile: from the collective's first start to the last completion. Reference
   * profile: the largest FCT, each measured from its own jittered start, as the study's flow
   * logs give it.
   */
  private static long cct(Scenario s, List<FlowOutcome> outcomes) {
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    long maxFct = 0;
    for (FlowOutcome f : outcomes) {
      if (!f.finished()) {
        return -1;
      }
      first = Math.min(first, f.startPs());
      last = Math.max(last, f.finishPs());
      maxFct = Math.max(maxFct, f.fctPs());
    }
    if (outcomes.isEmpty()) {
      return -1;
    }
    return s.profile() == Profile.REFERENCE ? maxFct : last - first;
  }

  private static long bound(Scenario s, Fabric fabric, List<FlowSpec> flows, PacketFormat format) {
    TierLink[] path = fabric.longestPath();
    long[] bps = new long[path.length];
    long[] lat = new long[path.length];
    for (int i = 0; i < path.length; i++) {
      bps[i] = path[i].bitsPerSecond();
      lat[i] = path[i].latencyPs();
    }
    PathProfile profile = new PathProfile(bps, lat);
    long m = format.packetsFor(s.workload().sizeBytes()) + s.extraPackets();
    return switch (s.workload().kind()) {
      case "permutation" -> LowerBounds.permutation(profile, format, m).completionPs();
      case "all-to-all" -> LowerBounds.allToAll(profile, format, fabric.hostCount(), m).completionPs();
      default -> -1;
    };
  }
}
