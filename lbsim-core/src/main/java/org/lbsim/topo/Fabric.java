package org.lbsim.topo;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.lbsim.engine.EventQueue;
import org.lbsim.engine.PartitionedSimulator;
import org.lbsim.engine.Simulator;
import org.lbsim.net.EgressPort;
import org.lbsim.net.FabricCounters;
import org.lbsim.net.Host;
import org.lbsim.net.Link;
import org.lbsim.net.LossModel;
import org.lbsim.net.PacketPool;
import org.lbsim.net.Partition;
import org.lbsim.net.PortConfig;
import org.lbsim.net.PortSelector;
import org.lbsim.net.Switch;

/**
 * A built fabric: hosts, switches and every egress port, wired and ready to carry packets. Each
 * node lies in one partition of the run ({@link PartitionPlan}); a node's ports are its own
 * partition's, and a cable between two partitions carries its packets through the engine.
 */
public final class Fabric {
  private final Simulator sim; // partition 0's: random streams, and the clock of a run that is not split
  private final PartitionedSimulator engine; // null: built on one bare simulator
  private final PartitionPlan plan;
  private final Partition[] parts;
  private final Topology topology;
  private final FabricSettings settings;
  private final FabricSettings plane; // the links of one plane: the settings' rates over the planes
  private final Host[] hosts;
  private final List<Switch> switches = new ArrayList<>();
  private final List<Partition> switchParts = new ArrayList<>(); // by switch id
  private final List<EgressPort> ports = new ArrayList<>();
  private final List<String> portTiers = new ArrayList<>();
  private final List<Partition> portParts = new ArrayList<>();
  private final BiFunction<Switch, Partition, PortSelector> selectors;
  private int flakySoFar;

  private Fabric(PartitionedSimulator engine, Simulator sim, PartitionPlan plan, Topology topology,
      FabricSettings settings, BiFunction<Switch, Partition, PortSelector> selectors) {
    this.engine = engine;
    this.plan = plan;
    this.parts = new Partition[plan.partitions()];
    for (int i = 0; i < parts.length; i++) {
      parts[i] = new Partition(i, engine == null ? sim : engine.partition(i), new PacketPool(), new FabricCounters());
    }
    this.sim = parts[0].sim();
    this.topology = topology;
    this.settings = settings;
    this.plane = topology.planes() == 1 ? settings : perPlane(settings, topology.planes());
    this.selectors = selectors;
    this.hosts = new Host[topology.hosts()];
    for (int h = 0; h < hosts.length; h++) {
      hosts[h] = new Host(h);
      hosts[h].placeIn(parts[plan.ofHost(h)]);
    }
  }

  /** {@code s} with every tier's rate divided by {@code planes} (exactly: the reader checks it divides). */
  private static FabricSettings perPlane(FabricSettings s, int planes) {
    return new FabricSettings(s.hostLink().perPlane(planes), s.tier1Link().perPlane(planes),
        s.tier2Link().perPlane(planes), s.bufferBytes(), s.ecnFraction(), s.gapBytes(), s.features(), s.signals());
  }

  /** Builds the fabric on one simulator; {@code selectors} gives each switch its load balancer. */
  public static Fabric build(Simulator sim, Topology topology, FabricSettings settings,
      Function<Switch, PortSelector> selectors) {
    return build(null, sim, PartitionPlan.single(topology), topology, settings, (sw, part) -> selectors.apply(sw));
  }

  /**
   * Builds the fabric over {@code engine}'s partitions as {@code plan} splits it (as many
   * partitions); {@code selectors} gives each switch its load balancer, knowing its partition.
   * Every cable between two partitions must be at least the engine's lookahead long.
   */
  public static Fabric build(PartitionedSimulator engine, PartitionPlan plan, Topology topology,
      FabricSettings settings, BiFunction<Switch, Partition, PortSelector> selectors) {
    if (engine.partitions() != plan.partitions()) {
      throw new IllegalArgumentException("the plan splits the fabric into " + plan.partitions()
          + " partitions, the engine has " + engine.partitions());
    }
    return build(engine, null, plan, topology, settings, selectors);
  }

  private static Fabric build(PartitionedSimulator engine, Simulator sim, PartitionPlan plan, Topology topology,
      FabricSettings settings, BiFunction<Switch, Partition, PortSelector> selectors) {
    if (topology.tiers() < 2 || topology.tiers() > Topology.MAX_TIERS) {
      throw new IllegalArgumentException("a fabric has 2 to " + Topology.MAX_TIERS + " switch tiers, "
          + topology + " has " + topology.tiers());
    }
    int planes = topology.planes();
    long places = topology.hosts() + (long) planes * (topology.switchPorts() + topology.hosts());
    if (places > EventQueue.MAX_RANK - EventQueue.RUN_WIDE_RANKS) {
      throw new IllegalArgumentException("a fabric of " + topology.hosts() + " hosts and " + (places - topology.hosts())
          + " ports is more than one run can order: at most " + (EventQueue.MAX_RANK - EventQueue.RUN_WIDE_RANKS)
          + " hosts and ports together");
    }
    Fabric f = new Fabric(engine, sim, plan, topology, settings, selectors);
    EgressPort[][] nics = new EgressPort[f.hosts.length][planes];
    for (int q = 0; q < planes; q++) {
      f.wire(planes == 1 ? "" : "p" + q + ".", nics, q);
    }
    for (int h = 0; h < f.hosts.length; h++) {
      f.hosts[h].setNics(nics[h], f.sim.random());
    }
    f.finishSwitches();
    return f;
  }

  /**
   * Wires plane {@code q} as the topology answers: its switches tier by tier, named with
   * {@code prefix}; each host's port {@code nics[h][q]} to its ToR and back; then, tier by tier,
   * each switch's up ports in order, each followed by the port back down from the switch it reaches.
   */
  private void wire(String prefix, EgressPort[][] nics, int q) {
    Topology t = topology;
    Switch[][] byTier = new Switch[t.tiers()][];
    for (int tier = 0; tier < byTier.length; tier++) {
      byTier[tier] = new Switch[t.switches(tier)];
      int perChild = tier == 0 ? 1 : t.hostsBelow(tier - 1);
      for (int i = 0; i < byTier[tier].length; i++) {
        int lo = t.firstHost(tier, i);
        byTier[tier][i] = newSwitch(prefix + t.switchKind(tier) + i, tier, lo, lo + t.hostsBelow(tier), perChild,
            t.downPorts(tier), t.upPorts(tier), parts[plan.ofSwitch(tier, i)]);
      }
    }
    String torDown = t.switchKind(0) + "-down";
    for (int h = 0; h < hosts.length; h++) {
      int torIndex = t.torOf(h);
      Switch tor = byTier[0][torIndex];
      Host host = hosts[h];
      nics[h][q] = port("host-up", "h" + h + ">" + tor.name(), plane.hostLink(), Long.MAX_VALUE, -1, null,
          host.partition(), tor);
      tor.setDown(t.downPortTowards(0, torIndex, h), switchPort(torDown, tor, ">h" + h, plane.hostLink(), host));
    }
    for (int tier = 0; tier + 1 < byTier.length; tier++) {
      TierLink link = tier == 0 ? plane.tier1Link() : plane.tier2Link();
      String up = t.switchKind(tier) + "-up";
      String down = t.switchKind(tier + 1) + "-down";
      for (int i = 0; i < byTier[tier].length; i++) {
        Switch lower = byTier[tier][i];
        int firstBelow = t.firstHost(tier, i);
        for (int j = 0; j < t.upPorts(tier); j++) {
          int u = t.upNeighbour(tier, i, j);
          Switch upper = byTier[tier + 1][u];
          lower.setUp(j, switchPort(up, lower, ">" + upper.name(), link, upper));
          upper.setDown(t.downPortTowards(tier + 1, u, firstBelow), switchPort(down, upper, ">" + lower.name(), link,
              lower));
        }
      }
    }
  }

  private Switch newSwitch(String name, int tier, int lo, int hi, int hostsPerChild, int down, int up,
      Partition part) {
    Switch s = new Switch(switches.size(), name, tier, lo, hi, hostsPerChild, down, up,
        sim.random().stream("switch", switches.size()));
    switches.add(s);
    switchParts.add(part);
    return s;
  }

  private void finishSwitches() {
    for (Switch s : switches) {
      s.setSelector(selectors.apply(s, switchParts.get(s.id())));
    }
    if (settings.features().pfc()) {
      enablePfc();
    }
  }

  /**
   * PFC on every link into a switch. The pause frames for a port travel on the same cable's other
   * direction, so each port is paired with the far end's port back towards it.
   */
  private void enablePfc() {
    PortFeatures f = settings.features();
    for (Host h : hosts) {
      for (EgressPort nic : h.nics()) {
        Switch tor = (Switch) nic.link().to();
        EgressPort back = portTowards(tor.downPorts(), h);
        nic.enablePfc(f.xoffBytes(), f.xonBytes(), back);
      }
    }
    for (Switch s : switches) {
      for (EgressPort up : s.upPorts()) {
        Switch parent = (Switch) up.link().to();
        EgressPort down = portTowards(parent.downPorts(), s);
        up.enablePfc(f.xoffBytes(), f.xonBytes(), down);
        down.enablePfc(f.xoffBytes(), f.xonBytes(), up);
      }
    }
  }

  private static EgressPort portTowards(EgressPort[] ports, org.lbsim.net.Node node) {
    for (EgressPort p : ports) {
      if (p.link().to() == node) {
        return p;
      }
    }
    throw new IllegalStateException("no port back towards " + node);
  }

  /** A port of switch {@code owner}, named after it and {@code towards}. */
  private EgressPort switchPort(String tier, Switch owner, String towards, TierLink link, org.lbsim.net.Node to) {
    return port(tier, owner.name() + towards, link, settings.bufferBytes(), settings.ecnThresholdBytes(), owner,
        switchParts.get(owner.id()), to);
  }

  /**
   * A port to {@code to}, owned by the switch {@code owner} (null: a host's NIC) in partition
   * {@code part}, with the features its tier has.
   */
  private EgressPort port(String tier, String name, TierLink tl, long capacity, long ecnThreshold, Switch owner,
      Partition part, org.lbsim.net.Node to) {
    Link link = new Link(tl.latencyPs());
    link.connectTo(to);
    EgressPort p = new EgressPort(part.sim(), part.pool(), part.counters(),
        new PortConfig(tl.bitsPerSecond(), capacity, ecnThreshold, settings.gapBytes()), link, name);
    addFeatures(p, tier, owner);
    p.setTieRank(hosts.length + ports.size()); // its place: after every host (docs/model.md, "Time and events")
    Partition far = partitionOf(to);
    if (far != part) {
      p.landThrough(engine.channel(part.index(), far.index()));
    }
    ports.add(p);
    portTiers.add(tier);
    portParts.add(part);
    return p;
  }

  /**
   * Attaches the collaborators the scenario asks for on a port of this tier; a port of a plain
   * fabric gets none. The PFC pairs are attached once every port exists ({@link #enablePfc}).
   */
  private void addFeatures(EgressPort p, String tier, Switch owner) {
    PortFeatures f = settings.features();
    boolean towardsHost = tier.equals(topology.switchKind(0) + "-down");
    if (owner != null && f.trimming().trims(towardsHost)) {
      p.enableTrimming(f.trimmedBytes());
      if (f.trimCoin()) {
        p.setTrimCoin(sim.random().stream("trim", ports.size()));
      }
      if (f.returnToSender()) {
        p.enableReturnToSender(owner); // a returned header is routed back by the switch that trimmed it
      }
    }
    boolean flaky = tier.equals(topology.switchKind(topology.tiers() - 1) + "-down") && flakySoFar < f.flakyLinks();
    if (flaky) {
      flakySoFar++;
    }
    PortSignals signals = settings.signals();
    if (owner != null) {
      if (signals.red()) {
        p.setRedMarking(new org.lbsim.net.RedMarking(signals.redKminBytes(), signals.redKmaxBytes(), signals.redPmax(),
            sim.random().stream("ecn", ports.size())));
      }
      if (signals.intStamping()) {
        p.enableIntStamping(ports.size());
      }
    }
    if (f.randomLossRate() > 0 || flaky) {
      p.setLoss(new LossModel(f.randomLossRate(), flaky ? f.burstPs() : 0, f.periodPs(),
          sim.random().stream("loss", ports.size())));
    }
  }

  /** Partition 0's simulator: the run's random streams, and its clock when the run is not split. */
  public Simulator simulator() {
    return sim;
  }

  /** The run's partitions, by index. */
  public List<Partition> partitions() {
    return List.of(parts);
  }

  /** The partition of {@code ports().get(i)}: its owner's. */
  public Partition portPartition(int i) {
    return portParts.get(i);
  }

  /** The partition {@code node} (a host or a switch of this fabric) lies in. */
  public Partition partitionOf(org.lbsim.net.Node node) {
    if (node instanceof Host h) {
      return h.partition();
    }
    return switchParts.get(((Switch) node).id());
  }

  public Topology topology() {
    return topology;
  }

  /** The scenario's settings: a host's total rate is {@code hostLink()}'s, whatever the planes. */
  public FabricSettings settings() {
    return settings;
  }

  /** The links of one plane: {@link #settings()}' rates divided by the planes (the same with one plane). */
  public FabricSettings planeSettings() {
    return plane;
  }

  /** Partition 0's packet pool: the whole fabric's when the run is not split. */
  public PacketPool pool() {
    return parts[0].pool();
  }

  /** The packets taken from the partitions' pools and not returned, over the whole fabric. */
  public long packetsOutstanding() {
    long n = 0;
    for (Partition p : parts) {
      n += p.pool().outstanding();
    }
    return n;
  }

  /** The packet objects the partitions' pools have made. */
  public long packetObjects() {
    long n = 0;
    for (Partition p : parts) {
      n += p.pool().created();
    }
    return n;
  }

  /** The counts of every partition added up (the one partition's own when the run is not split). */
  public FabricCounters counters() {
    List<FabricCounters> all = new ArrayList<>();
    for (Partition p : parts) {
      all.add(p.counters());
    }
    return FabricCounters.sum(all);
  }

  public Host host(int id) {
    return hosts[id];
  }

  public int hostCount() {
    return hosts.length;
  }

  public List<Switch> switches() {
    return Collections.unmodifiableList(switches);
  }

  /** Every egress port, host NICs included, in a fixed build order (plane by plane). */
  public List<EgressPort> ports() {
    return Collections.unmodifiableList(ports);
  }

  /** The tier label of {@code ports().get(i)}, e.g. "tor-up" or "core-down". */
  public String portTier(int i) {
    return portTiers.get(i);
  }

  /** Links of the longest valley-free path, from the sender's host link up and back down. */
  public TierLink[] longestPath() {
    return path(0, hosts.length - 1);
  }

  /**
   * Links of every shortest path from host {@code src} to host {@code dst}, in order, as one plane
   * has them: up to their lowest common tier and down again.
   */
  public TierLink[] path(int src, int dst) {
    TierLink[] byTier = {plane.hostLink(), plane.tier1Link(), plane.tier2Link()};
    int top = topology.lowestCommonTier(src, dst);
    TierLink[] out = new TierLink[2 * (top + 1)];
    for (int i = 0; i <= top; i++) {
      out[i] = byTier[i];
      out[out.length - 1 - i] = byTier[i];
    }
    return out;
  }
}
