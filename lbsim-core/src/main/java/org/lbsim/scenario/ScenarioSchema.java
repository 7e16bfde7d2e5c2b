package org.lbsim.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.text.similarity.LevenshteinDistance;
import org.lbsim.design.Param;
import org.lbsim.lb.LbDesign;
import org.lbsim.scenario.Setting.Type;
import org.lbsim.topo.Topology;
import org.lbsim.topo.TopologyKind;
import org.lbsim.transport.LrDesign;
import org.lbsim.transport.cc.CcDesign;
import org.lbsim.workload.HostPlacement;

/**
 * Every key a scenario file may hold, for one {@link Catalog} of designs (its choices and its
 * designs' parameters come from the catalog's registries). Defaults are the study's v2 setup.
 * The static methods answer for the built-in catalog.
 */
public final class ScenarioSchema {
  private static final ScenarioSchema BUILT_IN = new ScenarioSchema(Catalog.builtIn());

  private final Catalog catalog;
  private final Map<String, Setting> settings;
  private final Applicability applicability;

  private ScenarioSchema(Catalog catalog) {
    this.catalog = catalog;
    this.settings = build(catalog);
    this.applicability = new Applicability(catalog, this);
  }

  /** The schema of {@code catalog}'s designs. */
  public static ScenarioSchema of(Catalog catalog) {
    return catalog == Catalog.builtIn() ? BUILT_IN : new ScenarioSchema(catalog);
  }

  public Catalog catalog() {
    return catalog;
  }

  /** When each key applies, under this schema's designs. */
  public Applicability applicability() {
    return applicability;
  }

  private static Map<String, Setting> build(Catalog catalog) {
    List<Setting> s = new ArrayList<>();
    s.add(new Setting("name", Type.TEXT, "", List.of(), "name of the run; results go to results/<name>/ (default: the file name)"));
    s.add(new Setting("seed", Type.LONG, "1", List.of(), "seed of every random choice (permutation, hashes, spraying, jitter)"));
    s.add(new Setting("profile", Type.CHOICE, "default", List.of("default", "reference"),
        "default = physically correct model; reference = the study simulator's modelling choices (docs/reference-profile.md)"));
    List<String> topologyMeanings = new ArrayList<>();
    for (TopologyKind t : catalog.topologies().all()) {
      topologyMeanings.add(t.name() + " = " + headline(t.summary()));
    }
    s.add(new Setting("topology.kind", Type.CHOICE, "fat-tree", catalog.topologies().names(),
        "fabric shape; " + String.join("; ", topologyMeanings) + " (see lbsim list and docs/algorithms.md)"));
    s.add(new Setting("topology.k", Type.INT, "8", List.of(), "fat-tree arity (even); k^3/4 hosts, k = 8 gives 128"));
    s.add(new Setting("topology.oversubscription", Type.INT, "1", List.of(), "fat tree: hosts per ToR = oversubscription * k/2 (o:1 at the ToR)"));
    s.add(new Setting("topology.hosts_per_leaf", Type.INT, "16", List.of(), "leaf-spine: hosts under each leaf"));
    s.add(new Setting("topology.leaves", Type.INT, "8", List.of(), "leaf-spine: number of leaves"));
    s.add(new Setting("topology.spines", Type.INT, "16", List.of(), "leaf-spine: number of spines (one uplink from every leaf to each)"));
    s.add(new Setting("topology.servers", Type.INT, "16", List.of(), "rail-optimized: servers (each with one NIC per rail)"));
    s.add(new Setting("topology.rails", Type.INT, "8", List.of(), "rail-optimized: rails = NICs (GPUs) per server; spines from topology.spines"));
    s.add(new Setting("topology.units", Type.INT, "1", List.of(), "rail-optimized: scalable units; each unit has its own "
        + "rail switch per rail, holding that rail's NIC of the unit's topology.servers / topology.units servers, and "
        + "every rail switch reaches every spine"));
    s.add(new Setting("topology.planes", Type.INT, "1", List.of(), "identical, independent fabrics of this shape, every "
        + "host with one NIC port on each; each plane's links run at the links.* rates divided by the planes (1 to "
        + Topology.MAX_PLANES + "; docs/planes.md)"));
    s.add(new Setting("links.rate_gbps", Type.NUMBER, "800", List.of(), "link speed of every tier, Gb/s"));
    s.add(new Setting("links.latency_us", Type.NUMBER, "0.5", List.of(), "propagation latency of every link, microseconds"));
    for (String tier : List.of("host", "tier1", "tier2")) {
      String what = switch (tier) {
        case "host" -> "host-ToR (host-leaf) links";
        case "tier1" -> "ToR-aggregation (leaf-spine) links";
        default -> "aggregation-core links";
      };
      s.add(new Setting("links." + tier + ".rate_gbps", Type.NUMBER, "", List.of(), "speed of " + what + " (default links.rate_gbps)"));
      s.add(new Setting("links." + tier + ".latency_us", Type.NUMBER, "", List.of(), "latency of " + what + " (default links.latency_us)"));
    }
    s.add(new Setting("buffer.bytes", Type.SIZE, "800KB", List.of(), "buffer of every switch egress port"));
    s.add(new Setting("buffer.packets", Type.INT, "", List.of(),
        "buffer in data packets instead of bytes (a packet is payload + header; 4178 B in the reference profile)"));
    s.add(new Setting("buffer.ecn_fraction", Type.TEXT, "auto", List.of(),
        "mark CE on a departing packet when the port holds more than this fraction of its buffer; -1 = no ECN; "
            + "auto = the threshold the study runs the chosen lb with (0.5; REPS 0.1)"));
    s.add(new Setting("buffer.red", Type.CHOICE, "off", List.of("off", "on"),
        "RED-like ECN instead of the single threshold: no mark up to red_kmin queued bytes, then a probability rising "
            + "to red_pmax at red_kmax, every packet above it (DCQCN's switch profile)"));
    s.add(new Setting("buffer.red_kmin", Type.SIZE, "5KB", List.of(), "RED-like ECN: K_min (DCQCN paper: 5 KB)"));
    s.add(new Setting("buffer.red_kmax", Type.SIZE, "200KB", List.of(), "RED-like ECN: K_max (DCQCN paper: 200 KB)"));
    s.add(new Setting("buffer.red_pmax", Type.NUMBER, "0.01", List.of(), "RED-like ECN: marking probability at K_max (DCQCN paper: 1%)"));
    s.add(new Setting("buffer.int", Type.CHOICE, "auto", List.of("auto", "on", "off"),
        "in-band telemetry: switch ports stamp queue, tx bytes, time and rate into data packets; auto = on for cc hpcc"));
    s.add(new Setting("buffer.trimming", Type.CHOICE, "off", List.of("off", "all", "tor-down"),
        "NDP packet trimming on overflow: the payload is cut and the header sent ahead in a priority queue of 2x the buffer; "
            + "all = every switch port, tor-down = only ToR/leaf ports towards hosts"));
    s.add(new Setting("buffer.trim_victim", Type.CHOICE, "auto", List.of("auto", "arriving", "coin"),
        "trimming: which packet a full queue cuts; arriving = the arriving one; coin = with probability 1/2 the newest "
            + "queued data packet instead (NDP, the study simulator); auto = coin in profile reference, arriving otherwise"));
    s.add(new Setting("buffer.trim_return", Type.CHOICE, "off", List.of("off", "on"),
        "trimming: NDP return-to-sender; a header that finds the priority queue full goes back to its sender as a NACK "
            + "instead of being dropped"));
    s.add(new Setting("buffer.pfc", Type.CHOICE, "off", List.of("off", "on"),
        "lossless fabric: PFC pauses the upstream port of a switch ingress above XOFF until it falls to XON "
            + "(needs buffer >= ports x (XOFF + headroom))"));
    s.add(new Setting("buffer.pfc_xoff_packets", Type.INT, "12", List.of(), "PFC: pause above this many data packets from one ingress"));
    s.add(new Setting("buffer.pfc_xon_packets", Type.INT, "6", List.of(), "PFC: resume at or below this many data packets"));
    s.add(new Setting("loss.random_rate", Type.NUMBER, "0", List.of(),
        "probability that a link loses a packet after serializing it (every port, data and ACKs)"));
    s.add(new Setting("loss.flaky_links", Type.INT, "0", List.of(),
        "the first N core->aggregation (spine->leaf) ports lose every packet during random bursts"));
    s.add(new Setting("loss.burst_us", Type.NUMBER, "10", List.of(), "flaky links: mean burst length (exponential), microseconds"));
    s.add(new Setting("loss.period_us", Type.NUMBER, "100", List.of(), "flaky links: mean time between burst starts (exponential), microseconds"));
    FailureKeys.addTo(s);
    s.add(new Setting("packet.payload", Type.INT, "4096", List.of(), "payload bytes per data packet"));
    s.add(new Setting("packet.header", Type.INT, "62", List.of(), "header bytes per data packet"));
    s.add(new Setting("packet.ack", Type.INT, "64", List.of(), "ACK size, bytes"));
    s.add(new Setting("packet.ack_ce", Type.CHOICE, "profile", AckCe.names(),
        "the congestion signal an ACK carries to its sender; echo = the CE mark of the data packet it answers; "
            + "path = only the mark the ACK itself picks up on its way back (the study's simulator); "
            + "profile = as the profile says (echo; path in profile reference)"));
    s.add(new Setting("packet.gap", Type.INT, "20", List.of(), "inter-packet gap (preamble + IPG) after every packet on the wire, bytes"));
    List<String> workloadMeanings = new ArrayList<>();
    for (WorkloadKind w : catalog.workloads().all()) {
      workloadMeanings.add(w.name() + " = " + headline(w.summary()));
    }
    s.add(new Setting("workload.kind", Type.CHOICE, "permutation", catalog.workloads().names(),
        "the traffic; " + String.join("; ", workloadMeanings) + " (see lbsim list and docs/algorithms.md)"));
    s.add(new Setting("workload.size", Type.SIZE, "1MiB", List.of(),
        "message size per flow (ring collectives: the buffer, split into one chunk per rank)"));
    s.add(new Setting("workload.senders", Type.INT, "15", List.of(), "incast: number of senders (hosts receiver+1, receiver+2, ...)"));
    s.add(new Setting("workload.receiver", Type.INT, "0", List.of(), "incast: the receiving host"));
    s.add(new Setting("workload.file", Type.PATH, "", List.of(), "cm: the connection-matrix file (relative to the scenario file)"));
    s.add(new Setting("workload.trace", Type.PATH, "", List.of(),
        "chakra: the trace's prefix; its ranks are the files <prefix>.0.et, <prefix>.1.et, ... (relative to the scenario file)"));
    s.add(new Setting("workload.start_unit_ps", Type.NUMBER, "1", List.of(),
        "cm: picoseconds per unit of the file's start times (htsim's own files use 1 = picoseconds)"));
    s.add(new Setting("workload.placement", Type.CHOICE, "identity", HostPlacement.POLICIES,
        "cm: which host each of the matrix's Nodes runs on; identity = node i on host i; spread = round-robin over the "
            + "ToRs (leaves); random = a seeded shuffle of the hosts (stream workload/placement); hosts = the list "
            + "workload.placement_hosts. Nodes may be fewer than the fabric's hosts; the others stay idle"));
    s.add(new Setting("workload.placement_hosts", Type.TEXT, "", List.of(),
        "cm with workload.placement: hosts: node i's host is the list's i-th, one distinct host per node; host "
            + "numbers and ranges a-b, separated by commas or blanks, e.g. '0-7, 64-71'"));
    s.add(new Setting("workload.locality", Type.CHOICE, "any", List.of("any", "cross-pod"),
        "permutation: any = a uniform derangement; cross-pod = every flow leaves its pod (leaf-spine: its leaf), so "
            + "every path has the full hop count, as the study's permutation bound assumes (a repaired derangement, "
            + "not uniform over such permutations)"));
    s.add(new Setting("workload.start_jitter", Type.NUMBER, "0", List.of(),
        "each flow starts a uniform random time in [0, x pacing slots of its host link) later; 1 = a random phase "
            + "within a slot, as the study's simulator draws; 0 = all start together (runs with jitter have no "
            + "lower bound)"));
    s.addAll(NcclKeys.settings());
    s.addAll(TrainingSchema.settings());
    List<String> lbNames = new ArrayList<>();
    for (LbDesign d : catalog.lb().all()) {
      lbNames.add(d.name());
    }
    s.add(new Setting("lb", Type.CHOICE, "host-spray", lbNames, "load-balancing design (see lbsim list)"));
    for (LbDesign d : catalog.lb().all()) {
      for (Param p : d.params()) {
        s.add(new Setting(d.name() + "." + p.name(), p.integer() ? Type.INT : Type.NUMBER, p.defaultText(), List.of(),
            "lb " + d.name() + ": " + p.meaning() + " (" + p.range() + ")"));
      }
    }
    List<String> ccNames = new ArrayList<>();
    for (CcDesign d : catalog.cc().all()) {
      ccNames.add(d.name());
    }
    s.add(new Setting("cc", Type.CHOICE, "ideal", ccNames,
        "congestion control; ideal = constant rate at rate_coef x the fair share of the host link "
            + "(see docs/congestion-control.md)"));
    for (CcDesign d : catalog.cc().all()) {
      for (Param p : d.params()) {
        s.add(new Setting(d.name() + "." + p.name(), p.integer() ? Type.INT : Type.NUMBER, p.defaultText(), List.of(),
            "cc " + d.name() + ": " + p.meaning() + " (" + p.range() + ")"));
      }
    }
    List<String> lrMeanings = new ArrayList<>();
    for (LrDesign d : catalog.lr().all()) {
      lrMeanings.add(d.name() + " = " + headline(d.summary()));
    }
    s.add(new Setting("lr", Type.CHOICE, "erasure", catalog.lr().names(),
        "loss recovery; " + String.join("; ", lrMeanings) + " (see lbsim list and docs/algorithms.md)"));
    for (LrDesign d : catalog.lr().all()) {
      for (Param p : d.params()) {
        Type type = p.isChoice() ? Type.CHOICE : p.defaultWord() != null ? Type.TEXT : p.integer() ? Type.INT : Type.NUMBER;
        String when = p.onlyWhen() == null ? "" : ", " + p.onlyWhen().param() + " " + String.join(" or ",
            p.onlyWhen().values());
        s.add(new Setting(d.name() + "." + p.name(), type, p.defaultText(), p.choices(),
            "lr " + d.name() + when + ": " + p.meaning()));
      }
    }
    s.add(new Setting("transport.rate_coef", Type.NUMBER, "1.0", List.of(), "pacing rate as a fraction of the fair share"));
    s.add(new Setting("transport.extra_packets", Type.INT, "0", List.of(), "erasure coding: packets sent beyond the message's own (k)"));
    s.add(new Setting("transport.min_rto_us", Type.NUMBER, "2", List.of(), "floor of the retransmission timeout, microseconds"));
    s.add(new Setting("transport.initial_rto_us", Type.NUMBER, "1000", List.of(), "retransmission timeout before the first RTT sample, microseconds"));
    s.add(new Setting("transport.rtt_from", Type.CHOICE, "nic", List.of("nic", "slot"),
        "where a data packet's RTT samples start: nic = when it enters its host's NIC (time its sender waits for room "
            + "there is not delay, as in the study's simulator, which stamps Swift packets when its NIC starts sending them); "
            + "slot = when its sender's slot came, so that wait counts as delay"));
    s.add(new Setting("transport.ack_coalesce_bytes", Type.INT, "0", List.of(),
        "a receiver ACKs once this many bytes of data have arrived since its last ACK, and at once for a CE-marked "
            + "packet, the flow's first packet, a duplicate or a packet whose sender asks (its last packet, the packet "
            + "that fills its window, a resend), as uet-htsim's UEC and EQDS receivers do with 16384; the ACK "
            + "acknowledges every packet it covers; 0 = an ACK for every packet"));
    s.add(new Setting("metrics.queue_sample_us", Type.TEXT, "auto", List.of(),
        "sample every port's queue at this interval (microseconds) and keep the 10 hottest ports' series in queues.csv; "
            + "auto = 200 samples over the lower bound (1 us when the workload has none), 0 = off"));
    s.add(new Setting("engine.transmitter", Type.CHOICE, "auto", List.of("auto", "events"),
        "auto = a port with nothing to do at the instant a packet leaves except mark, stamp and count computes its "
            + "departures on arrival (one event per hop); events = every departure is an event; results are identical, "
            + "events is slower (for verification)"));
    s.add(new Setting("engine.threads", Type.TEXT, "1", List.of(),
        "threads one run uses (1 to 256): its fabric is split into as many partitions (blocks of ToRs), run side by "
            + "side in windows of the shortest link latency; result files are byte-identical for every count, so the "
            + "key is in neither the scenario's key nor its results; a scenario with failures, PFC, central-te, a "
            + "training workload, flows that wait for others, or a switch link shorter than the run's window (the "
            + "shortest link latency; 1 us when some link has none) takes only 1; auto = the cores the command leaves "
            + "to the run (lbsim run: the cores over the runs going at once; sweeps and presets: 1) for a permutation, "
            + "all-to-all, incast or ring step on 128 hosts or more that supports a split, else 1; a split pays only on "
            + "cores nothing else uses (docs/performance.md, Threads in one run)"));
    s.add(new Setting("run.limit_ms", Type.NUMBER, "100", List.of(),
        "simulated-time limit; flows not finished by then are reported as unfinished"));
    Map<String, Setting> m = new LinkedHashMap<>();
    for (Setting x : s) {
      m.put(x.key(), x);
    }
    return m;
  }

  /** Every key of the built-in catalog's schema. */
  public static List<Setting> settings() {
    return BUILT_IN.all();
  }

  /** Every key, in schema order. */
  public List<Setting> all() {
    return List.copyOf(settings.values());
  }

  /** The built-in catalog's reference page (docs/scenario-reference.md). */
  public static String markdown() {
    return BUILT_IN.referencePage();
  }

  /** The scenario reference page, generated so it never drifts. */
  public String referencePage() {
    StringBuilder sb = new StringBuilder();
    sb.append("# Scenario reference\n\n");
    sb.append("Generated from the scenario schema by `./lbsim list --markdown`; a test fails when this page and the\n");
    sb.append("code disagree. Keys are dotted paths: write them nested in YAML (`topology: {k: 8}`) or flat on the\n");
    sb.append("command line (`--set topology.k=8`). Every key is optional; defaults are the study's v2 setup.\n");
    sb.append("A key that is set must apply to the scenario (the last column; `key?` sets it only where it applies);\n");
    sb.append("the YAML rules, limits and memory estimate are in [input.md](input.md).\n\n");
    sb.append("| key | type | default | meaning | applies when |\n|---|---|---|---|---|\n");
    for (Setting x : settings.values()) {
      String type = x.type() == Setting.Type.CHOICE ? String.join(" \\| ", x.choices()) : x.type().describe();
      Applicability.Rule rule = applicability.rule(x.key());
      sb.append("| `").append(x.key()).append("` | ").append(type).append(" | ")
          .append(x.defaultValue().isEmpty() ? "—" : "`" + x.defaultValue() + "`").append(" | ")
          .append(x.meaning().replace("|", "\\|")).append(" | ")
          .append(rule == null ? "always" : rule.when().replace("|", "\\|")).append(" |\n");
    }
    return sb.toString();
  }

  /** Keys that say only how a run is computed, never what: left out of results at every value. */
  private static final Set<String> HOW_TO_RUN = Set.of("engine.threads");
  /**
   * Keys that neither the scenario key nor summary.json hold while at their default: at the
   * default each describes the run as it is without the key.
   */
  private static final Set<String> SILENT_AT_DEFAULT = Set.of("topology.planes", "topology.units", "packet.ack_ce",
      "workload.placement", "workload.placement_hosts", "workload.nccl_algo", "workload.nccl_buffsize",
      "workload.nccl_steps",
      "host-dr.order", "transport.rtt_from", "transport.ack_coalesce_bytes", "sack.timer", "swift.init_cwnd_bdp", "mswift.init_cwnd_bdp", "nscc.init_cwnd_bdp",
      "mnscc.init_cwnd_bdp", "hpcc.init_cwnd_bdp", "hpcc.t_us", "eqds.init_window_packets");

  /**
   * Whether {@code key} set to {@code value} is left out of results: a key that says only how the
   * run is computed, at any value, or one of the keys left out at their default, at it (by its
   * text, and an integer key also as a number: "01" is 1).
   */
  public static boolean silentAtDefault(String key, String value) {
    if (HOW_TO_RUN.contains(key)) {
      return true;
    }
    if (!SILENT_AT_DEFAULT.contains(key)) {
      return false;
    }
    String d = get(key).defaultValue();
    Type type = get(key).type();
    if (value.trim().equals(d) || type != Type.INT && type != Type.LONG) {
      return value.trim().equals(d);
    }
    try {
      return Long.parseLong(value.trim()) == Long.parseLong(d);
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** The built-in schema's key {@code key}, or null. */
  public static Setting get(String key) {
    return BUILT_IN.setting(key);
  }

  /** The key {@code key}, or null. */
  public Setting setting(String key) {
    return settings.get(key);
  }

  /** Section prefixes (e.g. "links", "links.host") that hold keys. */
  boolean isSection(String prefix) {
    String p = prefix + ".";
    for (String k : settings.keySet()) {
      if (k.startsWith(p)) {
        return true;
      }
    }
    return false;
  }

  private static final LevenshteinDistance EDIT_DISTANCE = LevenshteinDistance.getDefaultInstance();

  /** The known key closest to {@code key}, for "did you mean" hints; null if none is close. */
  String closest(String key) {
    String best = null;
    int bestD = Integer.MAX_VALUE;
    for (String k : settings.keySet()) {
      int d = EDIT_DISTANCE.apply(key, k);
      if (d < bestD) {
        bestD = d;
        best = k;
      }
    }
    return bestD <= Math.max(2, key.length() / 3) ? best : null;
  }

  /**
   * A summary's words before its colon, to stand mid-sentence: a capital that only starts the
   * sentence goes ("Ideal rateless" reads "ideal rateless"), a name keeps its ("RoCE", "IRN").
   */
  private static String headline(String summary) {
    String head = summary.substring(0, summary.indexOf(':'));
    String word = head.split(" ", 2)[0];
    return word.length() > 1 && word.substring(1).equals(word.substring(1).toLowerCase(java.util.Locale.ROOT))
        ? Character.toLowerCase(head.charAt(0)) + head.substring(1) : head;
  }
}
