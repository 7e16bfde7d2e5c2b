package org.lbsim.scenario;

import java.util.Map;
import org.lbsim.design.Params;
import org.lbsim.failure.FailurePlan;
import org.lbsim.failure.FailureSetup;
import org.lbsim.lb.LbDesign;
import org.lbsim.net.PacketFormat;
import org.lbsim.topo.PortFeatures;
import org.lbsim.topo.PortSignals;
import org.lbsim.topo.TierLink;
import org.lbsim.topo.Topology;
import org.lbsim.topo.TopologyKind;
import org.lbsim.transport.LrDesign;
import org.lbsim.transport.cc.CcDesign;

/**
 * Resolves a scenario's settings into a {@link Scenario}: each section read in a fixed order (so
 * that problems keep theirs), then the checks between the fabric and the rest, refusing with
 * every problem found at the first stage that has one.
 */
final class ScenarioResolver {
  private final ScenarioSchema schema;
  private final ProblemLog log;
  private final ValueReader r;
  private final DesignParams designs;

  ScenarioResolver(ScenarioSchema schema, ProblemLog log, ValueReader r, DesignParams designs) {
    this.schema = schema;
    this.log = log;
    this.r = r;
    this.designs = designs;
  }

  /** The scenario of {@code values}, every setting in schema order. */
  Scenario resolve(Map<String, String> values) {
    String name = r.text(values, "name");
    if (name.isBlank() || !name.matches("[A-Za-z0-9._-]+") || name.length() > 200) {
      r.bad("name", name, "1 to 200 letters, digits, '.', '_' and '-' (it names the results folder)");
    } else if (name.equals(".") || name.equals("..")) {
      r.bad("name", name, "a name other than '.' and '..' (it names the results folder, and those name existing "
          + "folders)");
    }
    long seed = r.longValue(values, "seed", Long.MIN_VALUE);
    for (Setting s : schema.all()) {
      if (s.type() == Setting.Type.CHOICE && schema.applicability().reason(s.key(), values) == null) {
        r.choice(values, s.key()); // every choice key, including those only the runner reads
      }
    }
    String profileName = r.choice(values, "profile");
    Profile profile = Profile.parse(profileName == null ? "default" : profileName);
    FabricReader fabric = new FabricReader(r, schema);
    TopologyKind topologyKind = fabric.kind(values);
    Topology topology = fabric.build(values, topologyKind);
    LinksSection links = LinksSection.read(r, values);
    TierLink[] tiers = links.tiers();
    PacketSection packet = PacketSection.read(r, values);
    BufferReader buffers = new BufferReader(r);
    long buffer = buffers.bytes(values, profile, packet);
    WorkloadReader.Read workload = new WorkloadReader(r).read(values, topology);
    String lb = r.choice(values, "lb");
    LbDesign design = lb == null ? null : schema.catalog().lb().find(lb);
    double ecn = buffers.ecnFraction(values, design);
    Params lbParams = design == null ? null : designs.lb(values, design);
    String cc = r.choice(values, "cc");
    CcDesign ccDesign = cc == null ? null : schema.catalog().cc().find(cc);
    Params ccParams = ccDesign == null ? null : designs.cc(values, ccDesign);
    PortSignals signals = buffers.signals(values, ccDesign);
    String lr = r.choice(values, "lr");
    LrDesign lrDesign = lr == null ? null : schema.catalog().lr().find(lr);
    TransportSection transport = TransportSection.read(r, values);
    EngineSection engine = EngineSection.read(r, values);
    MetricsSection metrics = MetricsSection.read(r, values);
    Params lrParams = lrDesign == null ? null : designs.lr(values, lrDesign);
    PacketFormat wire = profile.wireFormat(packet);
    PortFeatures features = buffers.features(values, profile.trimmedBytes(packet), wire.dataBytes(),
        profile.coinTrimVictim());
    topology = fabric.planes(values, topology, tiers, profile);
    FailurePlan failures = FailurePlan.parse(values, topology, r::bad);
    log.failIfAny();
    FabricChecks checks = new FabricChecks(r);
    checks.serialization(values, FabricReader.planeTiers(tiers, topology),
        packet.payloadBytes() + packet.headerBytes() + packet.gapBytes(), engine.limitPs());
    checks.pfcHeadroom(features, topology, tiers, buffer, wire.dataBytes(), wire.gapBytes());
    log.failIfAny();
    WorkloadKind.Checked checked = workload.checked();
    checks.scale(values, topology, workload.spec(), checked.flows(), tiers, packet, buffer, transport.extraPackets(),
        profile.connectionsPerFlow(design, lbParams), FailureSetup.usesLazyTables(failures,
            profile.lazyForwardingTables()));
    log.failIfAny();
    TrainingSection training = checked.jobs() == null ? TrainingSection.NONE
        : new TrainingSection(checked.jobs(), values.get("job.placement"), values.get("job.ideal").equals("simulate"),
            checked.trace());
    return new Scenario(new Identity(name, seed, values), profile, new FabricSection(topologyKind, topology, links),
        new BufferSection(buffer, ecn, signals, features), packet, workload.spec(), training,
        new DesignsSection(design, lbParams, ccDesign, ccParams, lrDesign, lrParams), transport, failures, metrics,
        engine);
  }
}
