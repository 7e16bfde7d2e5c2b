package org.lbsim.scenario;

import java.util.Map;
import org.lbsim.design.Params;
import org.lbsim.failure.FailurePlan;
import org.lbsim.lb.LbDesign;
import org.lbsim.topo.PortFeatures;
import org.lbsim.topo.TierLink;
import org.lbsim.topo.Topology;
import org.lbsim.topo.TopologyKind;
import org.lbsim.transport.LrDesign;
import org.lbsim.transport.cc.CcDesign;

/**
 * A validated scenario: everything one run needs, each section read once from the scenario's
 * keys into typed values and the chosen designs resolved. {@code values} holds every setting in
 * its canonical written form (defaults included), in schema order, only so that results can
 * echo exactly what ran and {@link ScenarioKey} can identify it; nothing reads settings from it.
 *
 * @param profile the modelling profile and what it changes
 * @param topologyKind the fabric shape ({@code topology.kind})
 * @param topology the fabric built from the {@code topology.*} keys
 * @param workloadKind the workload ({@code workload.kind})
 * @param workload the {@code workload.*} keys
 * @param failures the {@code failures.*} keys, checked against the fabric
 * @param training the training jobs; {@link TrainingSection#NONE} for other workloads
 * @param lbDesign the chosen load-balancing design
 * @param lbParams its parameters, defaults filled in
 * @param ccDesign the chosen congestion control
 * @param ccParams its parameters, defaults filled in
 * @param lrDesign the chosen loss recovery
 * @param lrParams its parameters, defaults filled in
 */
public record Scenario(String name, long seed, Profile profile, TopologyKind topologyKind, Topology topology,
    LinksSection links, BufferSection buffer, PacketSection packet, WorkloadKind workloadKind, WorkloadSpec workload,
    TransportSection transport, FailurePlan failures, TrainingSection training, MetricsSection metrics,
    EngineSection engine, LbDesign lbDesign, Params lbParams, CcDesign ccDesign, Params ccParams,
    LrDesign lrDesign, Params lrParams, Map<String, String> values) {

  public Scenario {
    values = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values));
  }

  // Shortcuts to one value of a section, for the many callers that read it.

  /** The load-balancing design's name ({@code lb}). */
  public String lb() {
    return lbDesign.name();
  }

  public TierLink hostLink() {
    return links.host();
  }

  public TierLink tier1Link() {
    return links.tier1();
  }

  public TierLink tier2Link() {
    return links.tier2();
  }

  public long bufferBytes() {
    return buffer.bytes();
  }

  public double ecnFraction() {
    return buffer.ecnFraction();
  }

  public PortFeatures portFeatures() {
    return buffer.features();
  }

  public int payloadBytes() {
    return packet.payloadBytes();
  }

  public int headerBytes() {
    return packet.headerBytes();
  }

  public int ackBytes() {
    return packet.ackBytes();
  }

  public int gapBytes() {
    return packet.gapBytes();
  }

  public long limitPs() {
    return engine.limitPs();
  }
}
