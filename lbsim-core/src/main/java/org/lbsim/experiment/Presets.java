package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.List;
import org.lbsim.lb.LbDesigns;

/** The study's experiments, as presets of {@code lbsim reproduce}. */
public final class Presets {
  /** The study's seven contenders, then the two destination-rotation designs. */
  public static final List<String> FIG1_SCHEMES = List.of("ecmp", "subflow", "plb", "host-spray", "switch-spray",
      "reps", "switch-ar", "host-dr", "ofan");
  /** The schemes of the study's queue-scaling analysis (Table 3, Fig. 6). */
  public static final List<String> SCALING_SCHEMES = List.of("simple-rr", "jsq", "rsq", "host-spray", "switch-ar",
      "reps", "host-dr", "ofan");

  private Presets() {}

  public static List<Preset> all() {
    List<Preset> all = new ArrayList<>(List.of(fig1(), permBound(), queueScaling(), linkOverload(), smallBuffers(),
        messageSize(), packetSize(), sackThreshold(), sackDupAcks(), fig12(), fig8(), fig18(), syncEffects(), queueModel(), mswift(), fig14()));
    all.addAll(FailurePresets.all());
    return List.copyOf(all);
  }

  public static Preset find(String name) {
    for (Preset p : all()) {
      if (p.name().equals(name)) {
        return p;
      }
    }
    return null;
  }

  private static List<String> withOracle(List<String> schemes) {
    List<String> out = new ArrayList<>(schemes);
    out.add("central-te");
    return out;
  }

  /** Only the schemes that exist in this build (the catalogue grows issue by issue). */
  static List<String> available(List<String> names) {
    List<String> out = new ArrayList<>();
    for (String n : names) {
      if (LbDesigns.find(n) != null) {
        out.add(n);
      }
    }
    return out;
  }

  static Preset fig1() {
    return new Preset("fig1", "No failures: CCT % over the lower bound per scheme (study Fig. 1)",
        "all packet-spraying schemes within about 1 % of the bound on all-to-all; on the permutation "
            + "packet < subflow < flow; flowlet erratic",
        List.of("workload.size=1MiB"),
        // plus the traffic-aware oracle, for the headroom the study's schemes leave
        List.of(new Axis("lb", available(withOracle(FIG1_SCHEMES))), Axis.of("workload.kind", "all-to-all",
            "permutation")), 10,
        new OverBoundTable("lb", "workload.kind")).withQuick(1);
  }

  /**
   * The study's permutation lower-bound example (m = 256 packets at 800 Gb/s, bound 17.05694 µs)
   * with the best schemes and with a central controller's link-disjoint paths. The bound assumes
   * every flow crosses pods (H = 6); on a uniform permutation a sender whose incoming flow has a
   * shorter path starts returning ACKs earlier and finishes later, so the cross-pod permutation
   * is the example proper.
   */
  static Preset permBound() {
    return new Preset("perm-bound",
        "The permutation lower-bound example (m = 256, 800 Gb/s, bound 17.057 us): median CCT in us per scheme, on a "
            + "cross-pod and on a uniform permutation",
        "17.05694 us bound vs a simulated minimum of 17.0587 us",
        List.of("workload.kind=permutation", "workload.size=1MiB"),
        List.of(new Axis("lb", available(List.of("central-te", "ofan", "host-dr", "switch-ar", "host-spray", "ecmp"))),
            Axis.of("workload.locality", "cross-pod", "any")), 10,
        OverBoundTable.cct(List.of("lb"), "workload.locality"));
  }

  /** The SACK thresholds the study swept (§3: best x = 6 for all-to-all, 32 for the permutation). */
  public static final List<String> SACK_THRESHOLDS = List.of("1", "2", "3", "4", "6", "8", "12", "16", "24", "32", "48",
      "64");

  static Preset sackThreshold() {
    return new Preset("sack-threshold",
        "SACK reordering threshold x with host packet spraying: median CCT % over the bound per x (* = best x)",
        "best x about 6 for all-to-all and about 32 for the permutation",
        // The study's v2 setup (128-host fat tree, 800 Gb/s, 800 KB ports, 1 MiB messages) with
        // SACK and host spraying; one seed in the quick variant (an all-to-all run takes about 40 s).
        List.of("lr=sack", "lb=host-spray", "workload.size=1MiB"),
        List.of(new Axis("sack.threshold", SACK_THRESHOLDS), Axis.of("workload.kind", "all-to-all", "permutation")), 10,
        new BestMarked(new OverBoundTable("sack.threshold", "workload.kind"))).withQuick(1);
  }

  /**
   * A variant of {@link #sackThreshold()}'s all-to-all where x matters: the study simulator's
   * own SACK sender ({@code -sack 0 -dup x}: on the x-th duplicate ACK resend every hole below
   * the highest SACKed packet; go-back-N on timeout) on a 16-host fat tree (15 flows per host,
   * so a flow has about 10 packets in flight at 800 Gb/s) with 8-packet queues. Too small an x
   * resends packets that spraying only delayed, too large an x waits for the timer, whose
   * go-back-N resends the whole window (docs/reproduction/sack-dupacks.md).
   */
  static Preset sackDupAcks() {
    return new Preset("sack-dupacks",
        "SACK with the study simulator's duplicate-ACK trigger (-sack 0 -dup x) on a 16-host all-to-all with 8-packet "
            + "queues: median CCT % over the bound per x (* = best x)",
        "best x about 6 for all-to-all",
        List.of("topology.k=4", "buffer.packets=8", "workload.size=1MiB", "lb=host-spray", "lr=sack",
            "sack.trigger=dupacks", "sack.threshold=0"),
        List.of(new Axis("sack.dupacks", SACK_THRESHOLDS), Axis.of("workload.kind", "all-to-all")), 10,
        new BestMarked(new OverBoundTable("sack.dupacks", "workload.kind")));
  }

  /** The packet-spraying contenders of the sensitivity figures (Figs. 9-13). */
  public static final List<String> SPRAYING_SCHEMES = List.of("host-spray", "switch-spray", "reps", "switch-ar",
      "host-dr", "ofan");

  static Preset linkOverload() {
    return new Preset("link-overload",
        "Per-link overload per tier on a permutation, 1 MiB and 32 KiB: busiest link vs the tier mean (study Fig. 7)",
        "Simple RR and JSQ balance uplinks but overload downlinks; Host DR is good for large messages but weak for "
            + "small ones; Ofan is good for both",
        List.of("workload.kind=permutation"),
        List.of(new Axis("lb", available(List.of("simple-rr", "jsq", "rsq", "host-spray", "switch-ar", "reps", "host-dr",
            "ofan"))), Axis.of("workload.size", "1MiB", "32KiB")), 10,
        new LinkOverloadTable(List.of("lb", "workload.size")));
  }

  static Preset smallBuffers() {
    return new Preset("small-buffers",
        "Buffers of 20 packets (1/10 of the default): CCT % over the bound per scheme (study Fig. 9)",
        "Switch Pkt AR sometimes beats Host Pkt AR on the permutation; Ofan is still best",
        // 20 packets of 4158 B; drops are repaired by the ideal erasure-coding recovery
        List.of("workload.size=1MiB", "buffer.packets=20"),
        List.of(new Axis("lb", available(FIG1_SCHEMES)), Axis.of("workload.kind", "all-to-all", "permutation")), 10,
        new OverBoundTable("lb", "workload.kind")).withQuick(1);
  }

  /** The packet-spraying contenders with ECMP as the baseline (the study's Figs. 8 and 12). */
  public static final List<String> SPRAYING_AND_ECMP = List.of("ecmp", "host-spray", "switch-spray", "reps",
      "switch-ar", "host-dr", "ofan");

  /**
   * The schemes under SACK loss recovery (study Fig. 12). One threshold serves both workloads:
   * x = 32 is the permutation's best (sack-threshold), and on the 1 MiB all-to-all every x gives
   * the same run, since reordering there never reaches two positions; the study's own Fig. 12
   * scripts pass {@code -sack 32}.
   */
  static Preset fig12() {
    return new Preset("fig12",
        "SACK loss recovery (x = 32): CCT % over the bound per scheme (study Fig. 12)",
        "same conclusions as without SACK; the existing spraying schemes are close to each other; Ofan is best",
        List.of("workload.size=1MiB", "lr=sack", "sack.threshold=32"),
        List.of(new Axis("lb", available(SPRAYING_AND_ECMP)), Axis.of("workload.kind", "all-to-all", "permutation")),
        10, new OverBoundTable("lb", "workload.kind")).withQuick(1);
  }

  /**
   * Network scale (study Fig. 8) on the permutation: fat trees of 16, 128 (the study's default),
   * 432 and 1024 hosts (its Fig. 14 scale). An all-to-all's packets grow as k^6, so at k = 16 one
   * 1 MiB all-to-all run sends 268 M packets (about 45 min); the preset keeps to the permutation.
   */
  static Preset fig8() {
    return new Preset("fig8",
        "Network scale: fat-tree k = 4, 8, 12, 16 (16 ... 1024 hosts), 1 MiB permutation: CCT % over the bound per "
            + "scheme (study Fig. 8)",
        "the ranking is preserved as the network grows",
        List.of("workload.kind=permutation", "workload.size=1MiB"),
        List.of(new Axis("lb", available(SPRAYING_AND_ECMP)), Axis.of("topology.k", "4", "8", "12", "16")), 10,
        new OverBoundTable("lb", "topology.k")).withQuick(3);
  }

  /**
   * Fig. 18: Ofan's advantage over Host DR against the network size, in the queue-scaling
   * preset's full-utilization setup at m = 256 packets (1 MiB).
   */
  static Preset fig18() {
    List<String> base = new ArrayList<>(queueScaling().base());
    base.add("workload.size=" + 256 * 4096 + "B");
    Axis designs = new Axis("lb", available(List.of("host-dr", "ofan")));
    return new Preset("fig18",
        "Ofan against Host DR as the network grows: largest queue of each and Host DR / Ofan, permutation at full "
            + "utilization, m = 256 packets, fat-tree k = 4 ... 24 (study Fig. 18)",
        "Ofan's advantage over Host DR (ratio of max queues) grows with network size",
        base,
        List.of(designs, Axis.of("topology.k", "4", "8", "12", "16", "20", "24")), 10,
        new QueueRatioTable("topology.k", "host-dr", "ofan", DATA_PACKET_WIRE_BYTES))
        .withQuick(3, List.of(designs, Axis.of("topology.k", "4", "8", "12", "16")));
  }

  /** The schemes of the synchronization-effects preset: the two that stick, a random and a rotating control. */
  public static final List<String> SYNC_SCHEMES = List.of("simple-rr", "jsq", "rsq", "ofan");

  /**
   * The study's synchronization effect (Appendix C): Simple RR's and JSQ's queues grow as m only
   * while a ToR takes its hosts' synchronized packets in the same order every slot. The
   * queue-scaling setup, varying the two things that fix that order: the data rate (the full
   * host link with its returned ACKs, or rate 1, where the ACKs push data later by a varying
   * amount) and the start phases (all in one picosecond, a random phase within the first slot,
   * or a random start within 64 slots).
   */
  static Preset syncEffects() {
    List<String> sizes = List.of(64 * 4096 + "B", 256 * 4096 + "B", 1024 * 4096 + "B");
    return new Preset("sync-effects",
        "Synchronization: largest queue against message size m and its log-log slope, per data rate (full host link "
            + "with ACKs / 1) and start jitter (0, 1, 64 slots) (study Appendix C)",
        "synchronized collectives make consecutive packets stick to one uplink under Simple RR and JSQ, so their "
            + "queues grow as m; random (RSQ) and rotating (Ofan) choices do not stick",
        List.of("workload.kind=permutation", "buffer.bytes=32MB", "buffer.ecn_fraction=0.0025"),
        List.of(new Axis("lb", available(SYNC_SCHEMES)), Axis.of("transport.rate_coef", FULL_HOST_LINK_RATE, "1"),
            Axis.of("workload.start_jitter", "1", "0", "64"), new Axis("workload.size", sizes)), 10,
        new QueueSlopeTable(List.of("lb", "transport.rate_coef", "workload.start_jitter"), DATA_PACKET_WIRE_BYTES))
        .withQuick(3);
  }

  /** The schemes the study's queue model covers (its Appendices C–E); host spraying is RSQ there. */
  public static final List<String> MODEL_SCHEMES = List.of("simple-rr", "jsq", "rsq", "host-spray", "host-dr",
      "ofan");

  /**
   * The study's queue model (Appendices C–E) against the simulator: the queue-scaling runs, each
   * beside the slotted model ({@code org.lbsim.theory}) on its own permutation and seed, and the
   * random walk's formulas.
   */
  static Preset queueModel() {
    Preset scaling = queueScaling();
    Axis sizes = scaling.axes().get(1);
    return new Preset("queue-model",
        "The study's queue model against the simulator: largest queue and the agg-down ports' mean largest queue per "
            + "m, simulated and in the slotted model (fixed and shuffled arrival order, and hosts at phases within the "
            + "slot), and the random walk's formulas (study Appendices C-E)",
        "Simple RR: sticky flows collide linearly (Appendix C); RSQ and Host Pkt: a zero-drift random walk, "
            + "Q(m) = sqrt(1 - 1/(k/2)) sqrt(2m/pi) (Appendix D); Host DR and Ofan: N.D/D/1, Theta(1) (Appendix E)",
        scaling.base(), List.of(new Axis("lb", available(MODEL_SCHEMES)), sizes), 10,
        new QueueModelTable(DATA_PACKET_WIRE_BYTES)).withQuick(3);
  }

  static Preset messageSize() {
    List<String> sizes = List.of("64KiB", "256KiB", "1MiB", "4MiB", "16MiB");
    Axis schemes = new Axis("lb", available(SPRAYING_SCHEMES));
    return new Preset("message-size",
        "Message size 64 KiB ... 16 MiB on the all-to-all and the permutation: CCT % over the bound per spraying "
            + "scheme (study Fig. 10)",
        "ranking stable; gaps shrink as messages grow; Host Pkt AR degrades at very large sizes",
        List.of(),
        List.of(Axis.of("workload.kind", "all-to-all", "permutation"), schemes, new Axis("workload.size", sizes)), 10,
        new OverBoundTable(List.of("workload.kind", "lb"), "workload.size"))
        // quick: the permutation only; a 16 MiB all-to-all sends 67 M packets, about 12 min per run
        .withQuick(3, List.of(Axis.of("workload.kind", "permutation"), schemes, new Axis("workload.size", sizes)));
  }

  /** Payloads of the packet-size sweep; the header stays 62 B, the buffer 800 KB. */
  public static final List<String> PAYLOADS = List.of("1024", "2048", "4096", "8192", "16384");

  static Preset packetSize() {
    return new Preset("packet-size",
        "Payload per packet at 512 KiB and 16 MiB on a permutation: median CCT in us (* = best payload per "
            + "scheme) (study Fig. 11)",
        "the best payload grows with the message: P - H = sqrt(H D / alpha) for O(1)-queue schemes "
            + "(H = 82 B, alpha = 10 packets: about 2 KB at 0.5 MB, 12 KB at 16 MB), more slowly for sqrt(m)-queue schemes",
        List.of("workload.kind=permutation"),
        List.of(new Axis("lb", available(List.of("host-spray", "switch-ar", "host-dr", "ofan"))),
            new Axis("packet.payload", PAYLOADS), Axis.of("workload.size", "512KiB", "16MiB")), 10,
        new BestMarked(OverBoundTable.cct(List.of("lb", "packet.payload"), "workload.size"), 1)).withQuick(1);
  }

  /** The spraying schemes of the study's Llama-3 FSDP case (Fig. 14), ECMP as the baseline. */
  public static final List<String> FIG14_SCHEMES = List.of("ecmp", "host-spray", "reps", "switch-spray", "switch-ar",
      "host-dr", "ofan");

  /**
   * Llama-3 FSDP (study Fig. 14): one backward layer's gradient ReduceScatter and weight
   * AllGather, FP8, 8 GPUs per server, each flow the study's 104 / 418 / 1570 packets, under
   * MSwift with SACK loss recovery (x = 32, as the fig12 preset). Full: the study's 1024 GPUs on
   * the k = 16 fat tree (one server per ToR); quick: 128 GPUs on the k = 8 fat tree, 7B and 70B
   * (docs/reproduction/fig14.md).
   */
  static Preset fig14() {
    Axis schemes = new Axis("lb", available(FIG14_SCHEMES));
    return new Preset("fig14",
        "Llama-3 FSDP backward layer under MSwift and SACK: CCT % over the bound, largest queue and fabric "
            + "utilization per scheme and model (study Fig. 14)",
        "spraying beats ECMP; Ofan's advantage grows with model size (405B: 52x lower CCT increase than the baseline, "
            + "with higher utilization and smaller max queues)",
        List.of("workload.kind=training", "job.scope=backward-layer", "job.algorithm=direct", "job.precision=fp8",
            "job.gpus=1024", "topology.k=16", "job.gpus_per_server=8", "job.channels=1",
            "job.layer_params=study-fig14", "job.ideal=off", "cc=mswift", "lr=sack", "sack.threshold?=32"),
        List.of(schemes, Axis.of("job.model", "llama3-7b", "llama3-70b", "llama3-405b")),
        1, new TrainingLayerTable("job.model", "ecmp"))
        .withQuick(1, List.of(schemes, Axis.of("job.model", "llama3-7b", "llama3-70b")), "job.gpus=128",
            "topology.k=8");
  }

  static Preset mswift() {
    return new Preset("fig13",
        "MSwift against the ideal constant rate on a permutation, 256 KiB and 8 MiB: CCT % over the bound per "
            + "spraying scheme and the CCT inflation MSwift costs (study Fig. 13)",
        "little effect for short messages; for long messages MSwift throttles Host Pkt AR and Switch Pkt AR "
            + "(about +10 % CCT); Ofan's queues are about constant, so it is throttled least and gains more",
        // The study's v2 fabric with the ideal erasure-coding recovery under both controls, so only
        // the congestion control differs; ten seeds (ten permutations) per point, two in the quick variant.
        List.of("workload.kind=permutation"),
        List.of(new Axis("lb", available(SPRAYING_SCHEMES)), Axis.of("workload.size", "256KiB", "8MiB"),
            Axis.of("cc", "ideal", "mswift")), 10,
        new CcComparisonTable(List.of("lb", "workload.size"), "ideal", "mswift")).withQuick(2);
  }

  /**
   * The data rate at which a host link of lbsim's default packet format is exactly full with
   * data (4158 B + 20 B gap) and one returned ACK (64 B + 20 B gap) per slot: 4178 / 4262.
   */
  static final String FULL_HOST_LINK_RATE = "0.9802909432";

  /** A default data packet on the wire (4096 B payload + 62 B header): the unit queues are counted in. */
  static final int DATA_PACKET_WIRE_BYTES = 4096 + 62;

  static Preset queueScaling() {
    List<String> sizes = new ArrayList<>();
    for (int m = 32; m <= 2048; m *= 2) {
      sizes.add(m * 4096 + "B");
    }
    return new Preset("queue-scaling",
        "Largest queue and CCT against message size m at full utilization, log-log slopes (study Table 3, Fig. 6)",
        "Simple RR and JSQ grow as m (slope ~1); RSQ and Host Pkt as sqrt(m) (~0.5); Host DR and Ofan stay flat (~0)",
        // Buffers large enough never to drop (32 MB), so the queue can show its growth; ECN at
        // 80 KB, the study's REPS threshold (10 % of its 800 KB ports), so adaptive schemes still
        // see marks. Switch AR quantizes against the port buffer, so its buckets are coarse here.
        // Full utilization as in the study's simulator: each host link carries its data packets
        // and the ACKs it returns (4178 B + 84 B per slot, so data at 4178/4262 of the line rate,
        // where the study sends 4096 B of its 4178 B slot), and every flow starts at a random
        // phase within its first slot (the study's start + rnd() % ipd) instead of all in the
        // same picosecond. Both keep the order in which a ToR's synchronized packets reach it
        // fixed, which Simple RR's linear growth needs (docs/reproduction/queue-scaling.md).
        List.of("workload.kind=permutation", "buffer.bytes=32MB", "buffer.ecn_fraction=0.0025",
            "transport.rate_coef=" + FULL_HOST_LINK_RATE, "workload.start_jitter=1"),
        List.of(new Axis("lb", available(SCALING_SCHEMES)), new Axis("workload.size", sizes)), 10,
        new QueueScaling(DATA_PACKET_WIRE_BYTES)).withQuick(3);
  }
}
