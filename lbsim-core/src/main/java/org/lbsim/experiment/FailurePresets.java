package org.lbsim.experiment;

import java.util.List;
import java.util.Map;

/**
 * The study's failure experiments (Figs. 3–5): links fail independently with probability p on
 * both switch tiers (ToR–aggregation, aggregation–core) as black holes that drop, from time 0,
 * with routing convergence G. Scaled to run in minutes on two cores: the study's k = 8 fabric
 * (256 failable links, so 1 % fails about 2.6 of them), but 64 KiB – 256 KiB messages instead of
 * 1 MiB; the ideal sender paces every flow at ρ_max and the bound uses it (docs/failures.md).
 */
final class FailurePresets {
  /** The study's Fig. 3 contenders under failures. */
  static final List<String> FIG3_SCHEMES = List.of("ecmp", "host-spray", "switch-spray", "reps", "switch-ar",
      "host-dr", "ofan");
  /** Host against switch spraying, oblivious and adaptive. */
  static final List<String> SPRAY_SCHEMES = List.of("host-spray", "switch-spray", "reps", "switch-ar");

  private FailurePresets() {}

  static List<Preset> all() {
    return List.of(fig3(), fig4(), fig4Permutation(), fig5());
  }

  private static List<String> base(String... more) {
    List<String> b = new java.util.ArrayList<>(List.of("failures.kind=drop", "failures.rate=0.01", "run.limit_ms=2"));
    b.addAll(List.of(more));
    return b;
  }

  static Preset fig3() {
    return new Preset("fig3",
        "1 % link failures, routes never converge (G = inf): CCT % over the bound at rho_max (study Fig. 3)",
        "Host Pkt AR (REPS) clearly best: hosts see end-to-end path health from ACKs and timeouts; switch AR "
            + "sees only local queues and keeps choosing a black hole, whose queue looks empty",
        // The study's 1 MiB messages; 20 ms lets Ofan's all-to-all with 6 failed links finish (ECMP
        // never does). Quick: 256 KiB, where 5 ms is enough, and 3 seeds.
        base("failures.convergence_us=never", "workload.size=1MiB", "run.limit_ms=20"),
        List.of(new Axis("lb", Presets.available(FIG3_SCHEMES)), Axis.of("workload.kind", "all-to-all", "permutation")),
        10, new OverBoundTable("lb", "workload.kind")).withQuick(3, "workload.size=256KiB", "run.limit_ms=5");
  }

  static Preset fig4() {
    return new Preset("fig4",
        "1 % link failures, all-to-all: CCT % over the bound against the routing convergence time G, us (study Fig. 4)",
        "host and switch spraying close at small G; host-based spraying pulls ahead as G grows",
        // the study's 1 MiB messages (the collective takes about 1.5 ms, so G up to 1 ms matters) and a
        // time limit long enough for a black hole that never converges
        base("workload.kind=all-to-all", "workload.size=1MiB", "run.limit_ms=20"),
        List.of(new Axis("lb", SPRAY_SCHEMES), Axis.of("failures.convergence_us", "0", "100", "300", "1000", "never")),
        10, new OverBoundTable("lb", "failures.convergence_us")).withQuick(1);
  }

  /**
   * Fig. 4's permutation panel. The failure-free 1 MiB permutation takes about 17 us (a base RTT
   * is 6 us), so G is swept on that scale: 0, 1/3, 1, 2, 3 and 8 RTTs, 100 us and never.
   */
  static Preset fig4Permutation() {
    return new Preset("fig4-permutation",
        "1 % link failures, permutation: CCT % over the bound against the routing convergence time G, us (study "
            + "Fig. 4)",
        "on the permutation convergence must happen within about 1 RTT to avoid heavy degradation",
        base("workload.kind=permutation", "workload.size=1MiB", "run.limit_ms=20"),
        List.of(new Axis("lb", SPRAY_SCHEMES), Axis.of("failures.convergence_us", "0", "2", "6", "12", "20", "50", "100",
            "never")),
        10, new OverBoundTable("lb", "failures.convergence_us")).withQuick(3);
  }

  /**
   * Fig. 5 with its failure-free runs (failures.kind none, the column p = 0) per scheme and seed,
   * the study's normalization: each CCT over the failure-free best CCT of the same seed. The
   * failure keys of its base are written "key?" so that they drop out of those runs.
   */
  static Preset fig5() {
    return new Preset("fig5",
        "Routes converged before the start (G = 0): CCT normalized to the failure-free best (* = that scheme) and % "
            + "over the bound at rho_max, against the link failure rate p (study Fig. 5)",
        "host and switch spraying similar again; every scheme degrades as the failure rate grows, with small gaps "
            + "(CCT normalized to the failure-free best)",
        // the study's 1 MiB messages, time to finish at ρ_max under the highest failure rate;
        // quick: 64 KiB and 2 seeds
        List.of("failures.kind=drop", "failures.convergence_us?=0", "workload.kind=all-to-all", "workload.size=1MiB",
            "run.limit_ms=20"),
        List.of(new Axis("lb", SPRAY_SCHEMES), Axis.of("failures.rate", "0.005", "0.01", "0.02", "0.05")), 10,
        new FailureFreeNormalized("lb", "failures.rate"))
        .withReference(new Preset.Reference(List.of("lb"), Map.of("failures.kind", "none")))
        .withQuick(2, "workload.size=64KiB", "run.limit_ms=2");
  }
}
