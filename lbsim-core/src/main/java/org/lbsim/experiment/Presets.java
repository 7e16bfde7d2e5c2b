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
    List<Preset> all = new ArrayList<>(List.of(fig1(), queueScaling(), sackThreshold()));
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
        List.of(new Axis("lb", available(FIG1_SCHEMES)), Axis.of("workload.kind", "all-to-all", "permutation")), 3,
        new OverBoundTable("lb", "workload.kind"));
  }

  /** The SACK thresholds the study swept (§3: best x = 6 for all-to-all, 32 for the permutation). */
  public static final List<String> SACK_THRESHOLDS = List.of("1", "2", "3", "4", "6", "8", "12", "16", "24", "32", "48",
      "64");

  static Preset sackThreshold() {
    return new Preset("sack-threshold",
        "SACK reordering threshold x with host packet spraying: median CCT % over the bound per x (* = best x)",
        "best x about 6 for all-to-all and about 32 for the permutation",
        // The study's v2 setup (128-host fat tree, 800 Gb/s, 800 KB ports, 1 MiB messages) with
        // SACK and host spraying; one seed by default (an all-to-all run takes about 40 s).
        List.of("lr=sack", "lb=host-spray", "workload.size=1MiB"),
        List.of(new Axis("sack.threshold", SACK_THRESHOLDS), Axis.of("workload.kind", "all-to-all", "permutation")), 1,
        new BestMarked(new OverBoundTable("sack.threshold", "workload.kind")));
  }

  static Preset queueScaling() {
    List<String> sizes = new ArrayList<>();
    for (int m = 32; m <= 2048; m *= 2) {
      sizes.add(m * 4096 + "B");
    }
    return new Preset("queue-scaling",
        "Largest queue against message size m at full utilization, log-log slope (study Table 3, Fig. 6)",
        "Simple RR and JSQ grow as m (slope ~1); RSQ and Host Pkt as sqrt(m) (~0.5); Host DR and Ofan stay flat (~0)",
        // Buffers large enough never to drop (8 MB), so the queue can show its growth; ECN at
        // 80 KB, the study's REPS threshold (10 % of its 800 KB ports), so adaptive schemes still
        // see marks. Switch AR quantizes against the port buffer, so its buckets are coarse here.
        List.of("workload.kind=permutation", "buffer.bytes=8MB", "buffer.ecn_fraction=0.01"),
        List.of(new Axis("lb", available(SCALING_SCHEMES)), new Axis("workload.size", sizes)), 2,
        new QueueScaling(4096 + 62));
  }
}
