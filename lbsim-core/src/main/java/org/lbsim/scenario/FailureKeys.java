package org.lbsim.scenario;

import java.util.List;
import org.lbsim.scenario.Setting.Type;

/** The {@code failures.*} keys (docs/failures.md); all off by default. */
final class FailureKeys {
  private FailureKeys() {}

  static void addTo(List<Setting> s) {
    s.add(new Setting("failures.kind", Type.CHOICE, "none", List.of("none", "drop", "hold", "degraded", "flaky"),
        "failed links: drop = black hole that serializes then discards; hold = black hole that queues (fills, tail-drops); "
            + "degraded = runs at failures.capacity of its speed; flaky = loses every packet in random bursts (docs/failures.md)"));
    s.add(new Setting("failures.links", Type.TEXT, "", List.of(),
        "links that fail, comma-separated: tor<t>-agg<a>, agg<a>-core<c>, leaf<l>-spine<s>, or tier1:<i> / tier2:<i> "
            + "(tier2:i = the study simulator's failure index i)"));
    s.add(new Setting("failures.switches", Type.TEXT, "", List.of(),
        "aggregation / core / spine switches whose every link fails (drop or hold), comma-separated, e.g. core3"));
    s.add(new Setting("failures.rate", Type.NUMBER, "0", List.of(),
        "probability that each link of failures.tiers fails, drawn independently from the seed (the study: 0.01)"));
    s.add(new Setting("failures.tiers", Type.CHOICE, "both", List.of("both", "tier1", "tier2"),
        "tiers sampled by failures.rate: tier1 = ToR-aggregation (leaf-spine), tier2 = aggregation-core"));
    s.add(new Setting("failures.at_us", Type.NUMBER, "0", List.of(), "when the links fail, microseconds (0 = before anything is sent)"));
    s.add(new Setting("failures.recover_us", Type.TEXT, "never", List.of(), "when they recover, microseconds, or never"));
    s.add(new Setting("failures.convergence_us", Type.TEXT, "never", List.of(),
        "G: routes avoid hard-failed links this long after the failure, microseconds (0 = converged before the start); "
            + "never = not during the run (the study's G = inf)"));
    s.add(new Setting("failures.weights_us", Type.TEXT, "auto", List.of(),
        "W-ECMP weights (reachable cores) converge this long after the failure, microseconds, or never; "
            + "auto = failures.convergence_us"));
    s.add(new Setting("failures.capacity", Type.NUMBER, "0.1", List.of(), "degraded links: fraction of the link speed they keep"));
    s.add(new Setting("failures.burst_us", Type.NUMBER, "10", List.of(), "flaky links: mean burst length (exponential), microseconds"));
    s.add(new Setting("failures.period_us", Type.NUMBER, "100", List.of(),
        "flaky links: mean time between burst starts (exponential), microseconds"));
    s.add(new Setting("failures.pacing", Type.CHOICE, "rho-max", List.of("rho-max", "fair-share"),
        "ideal sender under failures: rho-max = every flow at B/F of the bottleneck link (the study; also its lower bound); "
            + "fair-share = ignore the failures"));
  }
}
