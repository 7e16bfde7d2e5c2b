package org.lbsim.scenario;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.lbsim.design.Param;
import org.lbsim.design.Params;
import org.lbsim.engine.Simulator;
import org.lbsim.failure.FailurePlan;
import org.lbsim.failure.FailureSetup;
import org.lbsim.lb.LbDesign;
import org.lbsim.net.PacketFormat;
import org.lbsim.topo.FatTree;
import org.lbsim.topo.LeafSpine;
import org.lbsim.topo.PortFeatures;
import org.lbsim.topo.PortSignals;
import org.lbsim.topo.TierLink;
import org.lbsim.topo.Topology;
import org.lbsim.topo.TopologyKind;
import org.lbsim.topo.TopologyKinds;
import org.lbsim.transport.LrDesign;
import org.lbsim.transport.cc.CcDesign;
import org.lbsim.workload.HostPlacement;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * Reads a scenario from YAML plus {@code key=value} overrides, checks every key and value
 * against {@link ScenarioSchema}, and reports all problems at once, one line each:
 * {@code <source>: <key>: <what is wrong> (got <value>; allowed: <what>)}. A valid scenario is
 * resolved once into a {@link Scenario} of typed sections (several of which read themselves with
 * this reader's typed getters) and chosen designs.
 */
public final class ScenarioReader {
  private final String source;
  private final Path baseDir;
  private final Map<String, String> raw = new LinkedHashMap<>();
  private final Map<String, String> origin = new LinkedHashMap<>();
  private final java.util.Set<String> problems = new java.util.LinkedHashSet<>();
  /** Keys written "key?": set only where they apply. */
  private final java.util.Set<String> conditional = new java.util.HashSet<>();
  /** Keys in {@link #raw} that the reader filled in, not the user. */
  private final java.util.Set<String> defaulted = new java.util.HashSet<>();

  private final Catalog catalog;
  private final ScenarioSchema schema;
  private String overrideLabel = "--set";
  /** The flows the workload kind's check read (a cm file's), or null. */
  private List<org.lbsim.workload.FlowSpec> knownFlows;
  /** The training jobs the workload kind's check read, or null. */
  private List<org.lbsim.training.JobSpec> knownJobs;
  /** The Chakra trace the workload kind's check read, or null. */
  private org.lbsim.training.chakra.ChakraJob knownTrace;
  /** The workload kind {@link #workload} read. */
  private WorkloadKind workloadKind;
  /** The kind of fabric {@link #topology} built. */
  private TopologyKind topologyKind;

  /** A decimal number as written in a file: no hex, no Java suffixes, no NaN or Infinity. */
  private static final java.util.regex.Pattern NUMBER =
      java.util.regex.Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
  /** Hosts a fabric may have: every count derived from them stays within an int. */
  static final long MAX_HOSTS = TopologyKinds.MAX_HOSTS;

  private ScenarioReader(String source, Path baseDir, Catalog catalog) {
    this.source = source;
    this.baseDir = baseDir;
    this.catalog = catalog;
    this.schema = ScenarioSchema.of(catalog);
  }

  /** Reads {@code file} and applies {@code overrides} ("key=value") on top. */
  public static Scenario read(Path file, List<String> overrides) {
    return read(file, overrides, Catalog.builtIn());
  }

  /**
   * As {@link #read(Path, List)}, choosing designs from {@code catalog}. A run the file and the
   * overrides leave unnamed is named by the file's stem and the overrides ({@link RunName}).
   */
  public static Scenario read(Path file, List<String> overrides, Catalog catalog) {
    String text = StrictYaml.readFile(file);
    String stem = file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
    Path dir = file.toAbsolutePath().getParent();
    return fromText(text, file.toString(), dir, RunName.of(stem, overrides), overrides, "--set", catalog);
  }

  /** Parses scenario text; {@code defaultName} names the run when the text does not. */
  public static Scenario fromText(String yaml, String source, Path baseDir, String defaultName, List<String> overrides) {
    return fromText(yaml, source, baseDir, defaultName, overrides, "--set");
  }

  /**
   * As {@link #fromText(String, String, Path, String, List)}, with the overrides' origin named
   * {@code overrideLabel} in error messages (e.g. "grid.yaml axis").
   */
  public static Scenario fromText(String yaml, String source, Path baseDir, String defaultName, List<String> overrides,
      String overrideLabel) {
    return fromText(yaml, source, baseDir, defaultName, overrides, overrideLabel, Catalog.builtIn());
  }

  /** As {@link #fromText(String, String, Path, String, List, String)}, choosing designs from {@code catalog}. */
  public static Scenario fromText(String yaml, String source, Path baseDir, String defaultName, List<String> overrides,
      String overrideLabel, Catalog catalog) {
    ScenarioReader r = new ScenarioReader(source, baseDir, catalog);
    r.overrideLabel = overrideLabel;
    r.load(yaml);
    for (String o : overrides) {
      r.override(o);
    }
    if (!r.raw.containsKey("name")) {
      r.raw.put("name", defaultName);
      r.defaulted.add("name");
    }
    return r.resolve();
  }

  private void load(String yaml) {
    Node root = StrictYaml.compose(yaml, source);
    if (root == null || StrictYaml.isNull(root)) {
      return;
    }
    if (!(root instanceof MappingNode m)) {
      throw new ScenarioException(List.of(source + ": the top level must be a mapping of keys to values (got "
          + StrictYaml.describe(root) + ")"));
    }
    flatten("", m);
  }

  private void flatten(String prefix, MappingNode node) {
    for (NodeTuple t : node.getValue()) {
      String name = ((ScalarNode) t.getKeyNode()).getValue();
      String key = prefix.isEmpty() ? name : prefix + "." + name;
      Node v = t.getValueNode();
      String plain = Applicability.unconditional(key);
      if (schema.setting(plain) == null && schema.isSection(key)) {
        if (v instanceof MappingNode m) {
          flatten(key, m);
        } else if (!StrictYaml.isNull(v)) {
          problems.add(source + ": " + key + ": expected a mapping of " + key + ".* keys (got " + StrictYaml.describe(v) + ")");
        }
      } else if (schema.setting(plain) == null) {
        unknown(source + ": ", key);
      } else if (!(v instanceof ScalarNode s)) {
        problems.add(source + ": " + plain + ": expected a single value, not " + StrictYaml.describe(v));
      } else {
        put(plain, StrictYaml.text(s), !plain.equals(key), null);
      }
    }
  }

  private void unknown(String from, String key) {
    String hint = schema.closest(Applicability.unconditional(key));
    problems.add(from + StrictYaml.show(key) + ": unknown key" + (hint == null ? "" : " (did you mean '" + hint + "'?)")
        + "; run 'lbsim list' for every key");
  }

  /** Records a value the user set; {@code conditional}: only where it applies (key written "key?"). */
  private void put(String key, String value, boolean conditional, String from) {
    raw.put(key, value);
    if (from == null) {
      origin.remove(key);
    } else {
      origin.put(key, from);
    }
    if (conditional) {
      this.conditional.add(key);
    } else {
      this.conditional.remove(key);
    }
  }

  private void override(String assignment) {
    int eq = assignment.indexOf('=');
    if (eq <= 0) {
      problems.add(overrideLabel + " " + StrictYaml.show(assignment) + ": expected key=value");
      return;
    }
    String written = assignment.substring(0, eq).trim();
    String value = assignment.substring(eq + 1).trim();
    String key = Applicability.unconditional(written);
    if (schema.setting(key) == null) {
      unknown(overrideLabel + " ", written);
      return;
    }
    put(key, value, !key.equals(written), overrideLabel);
  }

  private void failIfProblems() {
    if (!problems.isEmpty()) {
      throw new ScenarioException(new ArrayList<>(problems));
    }
  }

  private Map<String, String> values() {
    Map<String, String> values = new LinkedHashMap<>();
    for (Setting s : schema.all()) {
      values.put(s.key(), raw.getOrDefault(s.key(), s.defaultValue()));
    }
    return values;
  }

  /**
   * Drops the keys set only where they apply ("key?") that do not, then reports every other key
   * the user set that does not apply (see {@link Applicability}).
   */
  private Map<String, String> applicable() {
    Map<String, String> values = values();
    for (String k : List.copyOf(conditional)) {
      if (schema.applicability().reason(k, values) != null) {
        checkAlone(k, raw.get(k));
        raw.remove(k);
        origin.remove(k);
      }
    }
    values = values();
    for (String k : raw.keySet()) {
      String why = defaulted.contains(k) ? null : schema.applicability().reason(k, values);
      if (why != null) {
        String from = origin.getOrDefault(k, source);
        problems.add(from + (from.equals(source) ? ": " : " ") + k + ": does not apply, as " + why + " (got '"
            + StrictYaml.show(raw.get(k)) + "'; allowed: only when " + schema.applicability().rule(k).when() + "; " + k
            + "? sets it only where it applies, and drops it here" + KeyInstead.hint(k, values) + ")");
      }
    }
    return values;
  }

  /**
   * The checks a value of {@code key} gets without the scenario around it (its type, its choices,
   * a design parameter's range), for a "key?" that does not apply here and is dropped.
   */
  private void checkAlone(String key, String value) {
    Setting s = schema.setting(key);
    Map<String, String> one = Map.of(key, value);
    Applicability.Rule rule = schema.applicability().rule(key);
    if (rule != null && (rule.governing().equals(List.of("lb")) || rule.governing().equals(List.of("cc")))) {
      String design = key.substring(0, key.indexOf('.'));
      List<Param> params = rule.governing().get(0).equals("lb") ? catalog.lb().find(design).params()
          : catalog.cc().find(design).params();
      for (Param p : params) {
        if (key.equals(design + "." + p.name())) {
          designParams(one, Map.of(design, List.of(p)), null);
        }
      }
      return;
    }
    switch (s.type()) {
      case INT -> intValue(one, key, Integer.MIN_VALUE);
      case LONG -> longValue(one, key, Long.MIN_VALUE);
      case NUMBER -> number(one, key);
      case SIZE -> size(one, key);
      case CHOICE -> choice(one, key);
      default -> { }
    }
  }

  private Scenario resolve() {
    Map<String, String> values = applicable();
    String name = text(values, "name");
    if (name.isBlank() || !name.matches("[A-Za-z0-9._-]+") || name.length() > 200) {
      bad("name", name, "1 to 200 letters, digits, '.', '_' and '-' (it names the results folder)");
    } else if (name.equals(".") || name.equals("..")) {
      bad("name", name, "a name other than '.' and '..' (it names the results folder, and those name existing "
          + "folders)");
    }
    long seed = longValue(values, "seed", Long.MIN_VALUE);
    for (Setting s : schema.all()) {
      if (s.type() == Setting.Type.CHOICE && schema.applicability().reason(s.key(), values) == null) {
        choice(values, s.key()); // every choice key, including those only the runner reads
      }
    }
    String profileName = choice(values, "profile");
    Profile profile = Profile.parse(profileName == null ? "default" : profileName);
    Topology topology = topology(values);
    LinksSection links = LinksSection.read(this, values);
    TierLink[] tiers = links.tiers();
    PacketSection packet = PacketSection.read(this, values);
    long buffer = buffer(values, profile, packet);
    WorkloadSpec workload = workload(values, topology);
    String lb = choice(values, "lb");
    LbDesign design = lb == null ? null : catalog.lb().find(lb);
    double ecn = ecnFraction(values, design);
    Params lbParams = design == null ? null : lbParams(values, design);
    String cc = choice(values, "cc");
    CcDesign ccDesign = cc == null ? null : catalog.cc().find(cc);
    Params ccParams = ccDesign == null ? null : ccParams(values, ccDesign);
    PortSignals signals = portSignals(values, ccDesign);
    String lr = choice(values, "lr");
    LrDesign lrDesign = lr == null ? null : catalog.lr().find(lr);
    TransportSection transport = TransportSection.read(this, values);
    EngineSection engine = EngineSection.read(this, values);
    MetricsSection metrics = MetricsSection.read(this, values);
    Params lrParams = lrDesign == null ? null : lrParams(values, lrDesign);
    PacketFormat wire = profile.wireFormat(packet);
    PortFeatures features = portFeatures(values, profile.trimmedBytes(packet), wire.dataBytes(),
        profile.coinTrimVictim());
    topology = planes(values, topology, tiers, profile);
    FailurePlan failures = FailurePlan.parse(values, topology, this::bad);
    failIfProblems();
    checkSerialization(values, planeTiers(tiers, topology), packet.payloadBytes() + packet.headerBytes() + packet.gapBytes(),
        engine.limitPs());
    checkPfcHeadroom(features, topology, tiers, buffer, wire.dataBytes(), wire.gapBytes());
    failIfProblems();
    checkScale(values, topology, workload, tiers, packet.payloadBytes(), packet.headerBytes(), buffer,
        transport.extraPackets(), profile.connectionsPerFlow(design, lbParams),
        FailureSetup.usesLazyTables(failures, profile.lazyForwardingTables()));
    failIfProblems();
    TrainingSection training = knownJobs == null ? TrainingSection.NONE
        : new TrainingSection(knownJobs, values.get("job.placement"), values.get("job.ideal").equals("simulate"),
            knownTrace);
    return new Scenario(name, seed, profile, topologyKind, topology, links,
        new BufferSection(buffer, ecn, signals, features), packet, workloadKind, workload, transport, failures, training,
        metrics,
        engine, design, lbParams, ccDesign, ccParams, lrDesign, lrParams, values);
  }

  /** The chosen congestion control's parameters; every algorithm's keys are still checked, so grids may set them all. */
  private Params ccParams(Map<String, String> v, CcDesign chosen) {
    Map<String, List<Param>> all = new LinkedHashMap<>();
    for (CcDesign d : catalog.cc().all()) {
      all.put(d.name(), d.params());
    }
    return designParams(v, all, chosen == null ? null : chosen.name());
  }

  private PortSignals portSignals(Map<String, String> v, CcDesign cc) {
    String red = choice(v, "buffer.red");
    String telemetry = choice(v, "buffer.int");
    long kmin = size(v, "buffer.red_kmin");
    long kmax = size(v, "buffer.red_kmax");
    double pmax = number(v, "buffer.red_pmax");
    if (!Double.isNaN(pmax) && !(pmax >= 0 && pmax <= 1)) {
      bad("buffer.red_pmax", v.get("buffer.red_pmax"), "a probability in [0, 1]");
      return PortSignals.NONE;
    }
    if (kmin > 0 && kmax > 0 && kmax < kmin) {
      bad("buffer.red_kmax", v.get("buffer.red_kmax"), "at least buffer.red_kmin (" + kmin + " B)");
      return PortSignals.NONE;
    }
    if (red == null || telemetry == null || kmin < 0 || kmax < 0 || Double.isNaN(pmax)) {
      return PortSignals.NONE;
    }
    boolean stamping = telemetry.equals("on") || (telemetry.equals("auto") && cc != null && cc.intStamping());
    boolean on = red.equals("on");
    return new PortSignals(on ? kmin : -1, on ? kmax : -1, on ? pmax : 0, stamping);
  }

  /**
   * The chosen loss recovery's parameters. Every recovery's keys are read and its rules between
   * them ({@link LrDesign#check}) applied, so grids may set them all.
   */
  private Params lrParams(Map<String, String> v, LrDesign chosen) {
    Params out = null;
    for (LrDesign d : catalog.lr().all()) {
      Params read = designValues(v, d.name(), d.params());
      d.check().check(read, new LrDesign.Keys() {
        @Override
        public String text(String param) {
          return v.get(d.name() + "." + param);
        }

        @Override
        public boolean applies(String param) {
          return schema.applicability().reason(d.name() + "." + param, v) == null;
        }

        @Override
        public void refuse(String param, String allowed) {
          bad(d.name() + "." + param, text(param), allowed);
        }
      });
      if (d.name().equals(chosen.name())) {
        out = read;
      }
    }
    return out;
  }

  /** {@code coinByDefault}: trim_victim auto tosses the coin ({@link Profile#coinTrimVictim()}). */
  private PortFeatures portFeatures(Map<String, String> v, int trimmedBytes, int dataBytes, boolean coinByDefault) {
    String trimming = choice(v, "buffer.trimming");
    String victim = choice(v, "buffer.trim_victim");
    String rts = choice(v, "buffer.trim_return");
    String pfc = choice(v, "buffer.pfc");
    int xoff = intValue(v, "buffer.pfc_xoff_packets", 1);
    int xon = intValue(v, "buffer.pfc_xon_packets", 0);
    if (xoff > 0 && xon >= xoff) {
      bad("buffer.pfc_xon_packets", v.get("buffer.pfc_xon_packets"), "fewer packets than buffer.pfc_xoff_packets (" + xoff + ")");
    }
    double rate = number(v, "loss.random_rate");
    if (!Double.isNaN(rate) && !(rate >= 0 && rate < 1)) {
      bad("loss.random_rate", v.get("loss.random_rate"), "a probability in [0, 1)");
    }
    int flaky = intValue(v, "loss.flaky_links", 0);
    long burst = microsToPs(v, "loss.burst_us", false);
    long period = microsToPs(v, "loss.period_us", false);
    if (trimming == null || victim == null || rts == null || pfc == null || xoff < 1 || xon < 0 || xon >= xoff || !(rate >= 0 && rate < 1) || flaky < 0
        || burst < 0 || period < 0) {
      return null;
    }
    boolean coin = victim.equals("coin") || (victim.equals("auto") && coinByDefault);
    return new PortFeatures(PortFeatures.TrimScope.of(trimming), trimmedBytes, pfc.equals("on"), (long) xoff * dataBytes, (long) xon * dataBytes,
        rate, flaky, burst, period, coin, rts.equals("on"));
  }

  /**
   * Lossless needs room, at every port, for what every ingress of the switch may still send
   * after XOFF: the bytes on the wire both ways (2 x latency x rate); the pause frame and its gap,
   * which first waits for the data packet being serialized on the reverse link (the upstream
   * keeps sending meanwhile); the packet the upstream port is serializing when the pause
   * arrives; and the one that crossed the threshold (the + one packet below).
   */
  private void checkPfcHeadroom(PortFeatures f, Topology t, TierLink[] tiers, long buffer, int dataBytes,
      int gapBytes) {
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
    int ingress;
    if (t instanceof FatTree ft) {
      ingress = Math.max(ft.hostsPerTor() + ft.half(), 2 * ft.half());
    } else {
      LeafSpine ls = (LeafSpine) t;
      ingress = Math.max(ls.hostsPerLeaf() + ls.spines(), ls.leaves());
    }
    long need = ingress * (f.xoffBytes() + headroom) + dataBytes;
    if (buffer < need) {
      bad("buffer.pfc", "on", "with a port buffer of at least " + need + " B (" + ingress + " ingress ports x (XOFF "
          + f.xoffBytes() + " B + headroom " + headroom + " B) + one packet) so that PFC never drops; raise buffer.bytes "
          + "(now " + buffer + " B) or lower buffer.pfc_xoff_packets");
    }
  }

  private double ecnFraction(Map<String, String> v, LbDesign design) {
    String key = "buffer.ecn_fraction";
    String text = v.get(key).trim();
    if (text.equals("auto")) {
      return design == null ? 0.5 : design.ecnFraction();
    }
    double ecn = number(v, key);
    if (!Double.isNaN(ecn) && ecn != -1 && (ecn < 0 || ecn > 1)) {
      bad(key, text, "auto, a fraction in [0, 1], or -1 for no ECN");
    }
    return ecn;
  }

  /** The chosen design's parameters; every design's keys are still checked, so grids may set them all. */
  private Params lbParams(Map<String, String> v, LbDesign chosen) {
    Map<String, List<Param>> all = new LinkedHashMap<>();
    for (LbDesign d : catalog.lb().all()) {
      all.put(d.name(), d.params());
    }
    return designParams(v, all, chosen == null ? null : chosen.name());
  }

  /**
   * Checks every design's "design.param" keys against their ranges and returns the values of the
   * chosen design's (by name) as its parameters.
   */
  private Params designParams(Map<String, String> v, Map<String, List<Param>> designs, String chosen) {
    Params out = new Params(Map.of());
    for (Map.Entry<String, List<Param>> d : designs.entrySet()) {
      Params read = designValues(v, d.getKey(), d.getValue());
      if (d.getKey().equals(chosen)) {
        out = read;
      }
    }
    return out;
  }

  /**
   * The values of {@code design}'s parameters as {@link Params} holds them, each read from its
   * "design.param" key: by the parameter's own reading or as a choice ({@link Param#read}), else
   * as a decimal number in its range ({@code auto} as NaN where it is the default word). A refused
   * value is reported and left out.
   */
  private Params designValues(Map<String, String> v, String design, List<Param> params) {
    Map<String, Double> out = new LinkedHashMap<>();
    for (Param p : params) {
      String key = design + "." + p.name();
      String text = v.get(key);
      Double x;
      if (p.reading() != null || p.isChoice()) {
        x = p.read(text, (shown, allowed) -> bad(key, shown, allowed));
      } else if (p.defaultWord() != null && text.trim().equals(p.defaultWord())) {
        x = Double.NaN;
      } else {
        double n = number(v, key);
        x = Double.isNaN(n) ? null : n;
        if (x != null && (n < p.min() || n > p.max() || (p.integer() && n != Math.rint(n)))) {
          bad(key, text, p.range());
          x = null;
        }
      }
      if (x != null) {
        out.put(p.name(), x);
      }
    }
    return new Params(out);
  }

  /**
   * The fabric of the chosen {@code topology.kind} (an invalid choice, reported on its own, is
   * read as the default kind so that its keys are still checked), built by its registry entry.
   */
  private Topology topology(Map<String, String> v) {
    String kind = choice(v, "topology.kind");
    TopologyKind t = catalog.topologies().find(kind == null ? schema.setting("topology.kind").defaultValue() : kind);
    topologyKind = t;
    return t.factory().build(new TopologyKind.Keys() {
      @Override
      public String text(String key) {
        return v.get(key);
      }

      @Override
      public int integer(String key, int min) {
        return intValue(v, key, min);
      }

      @Override
      public void bad(String key, String value, String allowed) {
        ScenarioReader.this.bad(key, value, allowed);
      }
    });
  }

  private long buffer(Map<String, String> v, Profile profile, PacketSection packet) {
    if (!v.get("buffer.packets").isEmpty()) {
      int packets = intValue(v, "buffer.packets", 1);
      return packets * profile.bufferPacketBytes(packet);
    }
    long bytes = size(v, "buffer.bytes");
    long dataBytes = (long) packet.payloadBytes() + packet.headerBytes();
    if (bytes >= 0 && bytes < dataBytes) {
      bad("buffer.bytes", v.get("buffer.bytes"), "at least one data packet (" + dataBytes + " B)");
    }
    return bytes;
  }

  private WorkloadSpec workload(Map<String, String> v, Topology topology) {
    String kind = choice(v, "workload.kind");
    long size = size(v, "workload.size");
    int senders = intValue(v, "workload.senders", 1);
    int receiver = intValue(v, "workload.receiver", 0);
    double unit = number(v, "workload.start_unit_ps");
    if (!Double.isNaN(unit) && !(unit >= 1 && unit <= 1e12 && unit == Math.rint(unit))) {
      bad("workload.start_unit_ps", v.get("workload.start_unit_ps"), "a whole number of picoseconds from 1 to 1e12");
      unit = Double.NaN;
    }
    double jitter = number(v, "workload.start_jitter");
    if (!Double.isNaN(jitter) && !(jitter >= 0 && jitter <= 1e6)) {
      bad("workload.start_jitter", v.get("workload.start_jitter"), "0 or a positive number of pacing slots up to 1e6");
    }
    boolean crossPod = "cross-pod".equals(v.get("workload.locality"));
    String placement = choice(v, "workload.placement");
    // another kind's placement keys are refused as keys that do not apply
    int[] placementHosts = "cm".equals(kind) ? placementHosts(v, placement) : new int[0];
    WorkloadKind k = kind == null ? null : catalog.workloads().find(kind);
    WorkloadKind.Checked checked = k == null ? WorkloadKind.Checked.NONE
        : k.check().check(this, v, topology,
            new WorkloadSpec(kind, size, senders, receiver, null, unit, crossPod, jitter, placement, placementHosts));
    workloadKind = k;
    knownFlows = checked.flows();
    knownJobs = checked.jobs();
    knownTrace = checked.trace();
    choice(v, "workload.locality");
    return new WorkloadSpec(kind, size, senders, receiver, checked.file(), unit, crossPod, jitter, placement,
        placementHosts);
  }

  /**
   * {@code workload.placement_hosts}: required by {@code workload.placement: hosts} and refused
   * with any other placement, so that no list is given and silently ignored.
   */
  private int[] placementHosts(Map<String, String> v, String placement) {
    String key = "workload.placement_hosts";
    String text = v.get(key).trim();
    if (!"hosts".equals(placement)) {
      if (!text.isEmpty()) {
        bad(key, v.get(key), "no list unless workload.placement is hosts (it is " + placement + ")");
      }
      return new int[0];
    }
    if (text.isEmpty()) {
      problem(source + ": " + key + ": missing; workload.placement: hosts needs the host of each node, e.g. '0-7, 64-71'");
      return new int[0];
    }
    try {
      return HostPlacement.parseHosts(text);
    } catch (IllegalArgumentException e) {
      bad(key, v.get(key), "host numbers and ranges a-b separated by commas or blanks (" + e.getMessage() + ")");
      return new int[0];
    }
  }

  /**
   * {@code topology} on {@code topology.planes} planes. Every tier's rate must split into whole
   * bit/s per plane; the reference profile's round-robin NIC serves one port, so it is refused
   * with more than one plane.
   */
  private Topology planes(Map<String, String> v, Topology topology, TierLink[] tiers, Profile profile) {
    String key = "topology.planes";
    int planes = intValue(v, key, 1, Topology.MAX_PLANES);
    if (planes <= 1 || topology == null) {
      return topology;
    }
    String[] names = {"host", "tier1", "tier2"};
    for (int t = 0; t < tiers.length; t++) {
      if (tiers[t] != null && tiers[t].bitsPerSecond() % planes != 0) {
        bad(key, v.get(key), "a number of planes that divides every link rate into whole bit/s (links."
            + names[t] + " runs at " + tiers[t].bitsPerSecond() + " bit/s)");
        return topology;
      }
    }
    if (profile == Profile.REFERENCE) {
      bad(key, v.get(key), "1 under profile: reference (its round-robin NIC serves one port; use profile: default)");
    }
    return topology.withPlanes(planes);
  }

  /** The tiers as one plane of {@code t} has them (the same on one plane; null entries stay null). */
  private static TierLink[] planeTiers(TierLink[] tiers, Topology t) {
    if (t == null || t.planes() == 1) {
      return tiers;
    }
    TierLink[] out = new TierLink[tiers.length];
    for (int i = 0; i < tiers.length; i++) {
      out[i] = tiers[i] == null ? null : tiers[i].perPlane(t.planes());
    }
    return out;
  }

  /**
   * One packet (data bytes on the wire) must serialize in a whole, positive number of
   * picoseconds within the run's time limit on every tier.
   */
  private void checkSerialization(Map<String, String> v, TierLink[] tiers, int packetBytes, long limitPs) {
    String[] names = {"host", "tier1", "tier2"};
    for (int t = 0; t < 3; t++) {
      String key = "links." + names[t] + ".rate_gbps";
      String rateKey = v.get(key).isEmpty() ? "links.rate_gbps" : key;
      double ps = packetBytes * 8e12 / tiers[t].bitsPerSecond();
      if (tiers[t].bitsPerSecond() < 1 || ps > limitPs) {
        double minGbps = packetBytes * 8e12 / limitPs / 1e9;
        bad(rateKey, v.get(rateKey), String.format(java.util.Locale.ROOT, "a link speed up to 1e6 Gb/s at which "
            + "a %d B packet fits in run.limit_ms (%s ms): at least %.3g Gb/s", packetBytes, v.get("run.limit_ms").trim(),
            minGbps));
        return;
      }
    }
  }

  /**
   * Counts that must fit in an int (flows, packets per flow) and the heap the run needs
   * ({@link MemoryEstimate}), from the validated topology and workload.
   */
  private void checkScale(Map<String, String> v, Topology t, WorkloadSpec w, TierLink[] tiers, int payload, int header,
      long buffer, int extra, int connectionsPerFlow, boolean lazyTables) {
    long hosts = t.hosts();
    long switchPorts;
    if (t instanceof FatTree ft) {
      long half = ft.half();
      switchPorts = (long) ft.tors() * (ft.hostsPerTor() + half) + (long) ft.aggs() * ft.k() + half * half * ft.k();
    } else {
      LeafSpine ls = (LeafSpine) t;
      switchPorts = (long) ls.leaves() * (ls.hostsPerLeaf() + ls.spines()) + (long) ls.spines() * ls.leaves();
    }
    switchPorts *= t.planes();
    long ports = hosts * t.planes() + switchPorts;
    WorkloadKind kind = catalog.workloads().find(w.kind());
    // each connection a run makes is a flow to the transport (independent subflows: several per flow)
    long flows = kind.count().flows(hosts, w, knownFlows) * connectionsPerFlow;
    if (flows > Integer.MAX_VALUE) {
      bad("workload.kind", w.kind(), "a workload of at most " + Integer.MAX_VALUE + " flows (" + w.kind() + " on " + hosts
          + " hosts would have " + flows + (connectionsPerFlow > 1 ? ", counting each of its subflows" : "") + ")");
      return;
    }
    long perFlow = (w.sizeBytes() + payload - 1) / payload;
    if (kind.sized() && perFlow + extra > Integer.MAX_VALUE) {
      bad("workload.size", v.get("workload.size"), "at most " + Integer.MAX_VALUE + " packets per flow with "
          + "transport.extra_packets (" + perFlow + " packets of " + payload + " B)");
      return;
    }
    // flows read at load time: their own packets; sized flows: each of workload.size; training: built by the run
    long workloadPackets = knownFlows != null
        ? knownFlows.stream().mapToLong(f -> (f.bytes() + payload - 1) / payload + extra).sum()
        : kind.sized() ? flows * ((perFlow + connectionsPerFlow - 1) / connectionsPerFlow + extra) : Long.MAX_VALUE;
    double rttPs = 2.0 * t.maxHops() * Math.max(tiers[0].latencyPs(), Math.max(tiers[1].latencyPs(), tiers[2].latencyPs()));
    double bdpPackets = tiers[0].bitsPerSecond() / 8.0 * rttPs / 1e12 / (payload + header) + 1;
    double inFlight = (double) switchPorts * (buffer / (payload + header) + 1) + hosts * bdpPackets;
    long packets = (long) Math.min(workloadPackets, Math.min(inFlight, Long.MAX_VALUE));
    MemoryEstimate estimate = new MemoryEstimate(hosts, ports, flows, packets);
    String refusal = (lazyTables ? estimate.withLazyTables(t) : estimate).refusal(Runtime.getRuntime().maxMemory());
    if (refusal != null) {
      problems.add(source + ": " + refusal);
    }
  }

  // ---- typed getters (the sections read with them): each records a problem and returns a sentinel on bad input ----

  String text(Map<String, String> v, String key) {
    return v.get(key);
  }

  String choice(Map<String, String> v, String key) {
    Setting s = schema.setting(key);
    String value = v.get(key);
    if (!s.choices().contains(value)) {
      bad(key, value, String.join(", ", s.choices()));
      return null;
    }
    return value;
  }

  int intValue(Map<String, String> v, String key, int min) {
    return intValue(v, key, min, Integer.MAX_VALUE);
  }

  /** An integer in [min, max]; Integer.MIN_VALUE (reported) otherwise. */
  int intValue(Map<String, String> v, String key, int min, int max) {
    String s = v.get(key);
    try {
      long x = parseInteger(s);
      if (x >= min && x <= max) {
        return (int) x;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    bad(key, s, "an integer from " + min + " to " + max);
    return Integer.MIN_VALUE;
  }

  /** A decimal integer in ASCII digits (Long.parseLong also takes other scripts' digits). */
  private static long parseInteger(String s) {
    String t = s.trim();
    if (!INTEGER.matcher(t).matches()) {
      throw new NumberFormatException(t);
    }
    return Long.parseLong(t);
  }

  private static final java.util.regex.Pattern INTEGER = java.util.regex.Pattern.compile("[+-]?[0-9]+");

  long longValue(Map<String, String> v, String key, long min) {
    String s = v.get(key);
    try {
      long x = parseInteger(s);
      if (x >= min) {
        return x;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    bad(key, s, "an integer from " + min + " to " + Long.MAX_VALUE);
    return Long.MIN_VALUE;
  }

  double number(Map<String, String> v, String key) {
    return parseNumber(key, v.get(key));
  }

  double parseNumber(String key, String s) {
    try {
      if (!NUMBER.matcher(s.trim()).matches()) {
        throw new NumberFormatException();
      }
      double d = Double.parseDouble(s.trim());
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        throw new NumberFormatException();
      }
      return d;
    } catch (NumberFormatException e) {
      bad(key, s, "a number, finite and decimal, e.g. 0.5 or 1e-3");
      return Double.NaN;
    }
  }

  long microsToPs(Map<String, String> v, String key, boolean allowZero) {
    double us = number(v, key);
    if (Double.isNaN(us)) {
      return -1;
    }
    if (us < 0 || (!allowZero && us == 0) || us > 1e9) {
      bad(key, v.get(key), "a positive number of microseconds up to 1e9");
      return -1;
    }
    long ps = Math.round(us * Simulator.PS_PER_US);
    if (!allowZero && ps == 0) {
      bad(key, v.get(key), "a number of microseconds from 0.000001 (1 ps, the clock's step) up to 1e9");
      return -1;
    }
    return ps;
  }

  long size(Map<String, String> v, String key) {
    String s = v.get(key).trim();
    long bytes = parseSize(s);
    if (bytes <= 0) {
      bad(key, s, "a positive size up to 1e15 B, e.g. 1048576, 1MiB or 800KB");
      return -1;
    }
    return bytes;
  }

  /** Bytes for "1048576", "1MiB", "800 KB", "2.5MB"; -1 if unreadable, 0 if not positive. */
  static long parseSize(String s) {
    String t = s.trim().toLowerCase(Locale.ROOT).replace(" ", "");
    long mult = 1;
    String[][] units = {{"kib", "1024"}, {"mib", "1048576"}, {"gib", "1073741824"}, {"kb", "1000"},
        {"mb", "1000000"}, {"gb", "1000000000"}, {"b", "1"}};
    for (String[] u : units) {
      if (t.endsWith(u[0])) {
        mult = Long.parseLong(u[1]);
        t = t.substring(0, t.length() - u[0].length());
        break;
      }
    }
    if (!NUMBER.matcher(t).matches()) {
      return -1;
    }
    try {
      double x = Double.parseDouble(t);
      if (Double.isNaN(x) || Double.isInfinite(x) || x * mult > 1e15) {
        return -1;
      }
      if (x <= 0) {
        return 0;
      }
      double bytes = x * mult;
      return bytes == Math.rint(bytes) ? (long) bytes : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** Adds one problem line as it is (it names its source). */
  void problem(String line) {
    problems.add(line);
  }

  /** The scenario's file (or text) name, which starts its problem lines. */
  /** The designs this reader chooses from. */
  Catalog catalog() {
    return catalog;
  }

  String source() {
    return source;
  }

  /** The folder relative paths of the scenario are resolved against; null for none. */
  Path baseDir() {
    return baseDir;
  }

  /** Reports {@code value} of {@code key} as invalid; {@code allowed} says what would do. */
  void bad(String key, String value, String allowed) {
    String from = origin.getOrDefault(key, source);
    problems.add(from + (from.equals(source) ? ": " : " ") + key + ": invalid value (got '" + StrictYaml.show(value)
        + "'; allowed: " + allowed + ")");
  }
}
