package org.lbsim.failure;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.lbsim.engine.RandomStreams;
import org.lbsim.topo.Topology;

/**
 * The failures of one scenario, from its {@code failures.*} keys.
 *
 * @param links explicitly named links (names or tierN:i, see {@link Links})
 * @param switches aggregation / core / spine switches whose every link fails
 * @param rate probability that each link of the sampled tiers fails (independently, seeded)
 * @param tiers which tiers are sampled: both, tier1 or tier2
 * @param atPs when the links fail
 * @param recoverPs when they come back; -1 = never
 * @param convergencePs G: routes leave (and re-enter) the forwarding tables this long after a
 *     failure (recovery); 0 = before anything is sent; -1 = never during the run
 * @param weightsPs W-ECMP weights converge this long after a failure (recovery); -1 = never
 * @param capacity degraded links run at this fraction of their speed
 * @param burstPs flaky links: mean burst length
 * @param periodPs flaky links: mean time between burst starts
 * @param rhoMax the ideal sender paces every flow at ρ_max = B/F of the bottleneck link
 */
public record FailurePlan(FailureKind kind, List<String> links, List<String> switches, double rate, String tiers,
    long atPs, long recoverPs, long convergencePs, long weightsPs, double capacity, long burstPs, long periodPs,
    boolean rhoMax) {

  public static final FailurePlan NONE = new FailurePlan(FailureKind.NONE, List.of(), List.of(), 0, "both", 0, -1,
      -1, -1, 1, 0, 0, false);

  private static final long PS_PER_US = 1_000_000L;

  public FailurePlan {
    links = List.copyOf(links);
    switches = List.copyOf(switches);
  }

  public boolean active() {
    return kind != FailureKind.NONE;
  }

  /** Receives one problem with a key: the key, the bad value and what is allowed. */
  public interface Problems {
    void bad(String key, String value, String allowed);
  }

  /** Reads and checks the failures keys of a scenario's settings; reports each problem once. */
  public static FailurePlan parse(Map<String, String> v, Topology topology, Problems problems) {
    FailureKind kind = FailureKind.parse(v.get("failures.kind"));
    if (kind == null) {
      problems.bad("failures.kind", v.get("failures.kind"), "none, drop, hold, degraded, flaky");
      return NONE;
    }
    boolean ok = true;
    List<String> links = list(v.get("failures.links"));
    List<String> switches = list(v.get("failures.switches"));
    if (topology != null) {
      Links names = new Links(topology);
      for (String l : links) {
        if (names.parse(l) == null) {
          problems.bad("failures.links", l, "links of this fabric, comma-separated: "
              + (names.planes > 1 ? "each prefixed by its plane p<q>. (q from 0 to " + (names.planes - 1) + "), " : "")
              + names.namesHint());
          ok = false;
        }
      }
      for (String s : switches) {
        if (names.ofSwitch(s) == null) {
          problems.bad("failures.switches", s, "switches of this fabric above its ToRs or leaves, e.g. "
              + names.switchesHint(names.planes > 1 ? "p0." : "")
              + (names.planes > 1 ? " (each prefixed by its plane p<q>.)" : ""));
          ok = false;
        }
      }
    }
    double rate = number(v, "failures.rate", problems);
    if (!(rate >= 0 && rate <= 1)) {
      problems.bad("failures.rate", v.get("failures.rate"), "a probability in [0, 1]");
      ok = false;
    }
    String tiers = v.get("failures.tiers");
    if (!List.of("both", "tier1", "tier2").contains(tiers)) {
      problems.bad("failures.tiers", tiers, "both, tier1, tier2");
      ok = false;
    }
    if (!List.of("rho-max", "fair-share").contains(v.get("failures.pacing"))) {
      problems.bad("failures.pacing", v.get("failures.pacing"), "rho-max, fair-share");
      ok = false;
    }
    double at = number(v, "failures.at_us", problems);
    if (!(at >= 0 && at <= 1e9)) {
      problems.bad("failures.at_us", v.get("failures.at_us"), "a time from 0 to 1e9 microseconds");
      ok = false;
    }
    long recover = time(v, "failures.recover_us", problems);
    long g = time(v, "failures.convergence_us", problems);
    String w = v.get("failures.weights_us").trim();
    long weights = w.equals("auto") ? g : time(v, "failures.weights_us", problems);
    double capacity = number(v, "failures.capacity", problems);
    if (!(capacity > 0 && capacity <= 1)) {
      problems.bad("failures.capacity", v.get("failures.capacity"), "a fraction of the link speed in (0, 1]");
      ok = false;
    }
    double burst = number(v, "failures.burst_us", problems);
    double period = number(v, "failures.period_us", problems);
    if (!(burst > 0 && burst <= 1e9)) {
      problems.bad("failures.burst_us", v.get("failures.burst_us"), "a number of microseconds > 0 and at most 1e9");
      ok = false;
    }
    if (!(period > 0 && period <= 1e9)) {
      problems.bad("failures.period_us", v.get("failures.period_us"), "a number of microseconds > 0 and at most 1e9");
      ok = false;
    }
    long atPs = Math.round(at * PS_PER_US);
    if (recover == Long.MIN_VALUE || g == Long.MIN_VALUE || weights == Long.MIN_VALUE || !ok) {
      return NONE;
    }
    if (recover >= 0 && recover <= atPs) {
      problems.bad("failures.recover_us", v.get("failures.recover_us"), "never, or a time after failures.at_us ("
          + v.get("failures.at_us") + " us)");
      return NONE;
    }
    if (kind != FailureKind.NONE && links.isEmpty() && switches.isEmpty() && rate == 0) {
      problems.bad("failures.kind", kind.key(), "none, unless failures.links, failures.switches or failures.rate selects links to fail");
      return NONE;
    }
    if (!switches.isEmpty() && kind != FailureKind.NONE && !kind.hard()) {
      problems.bad("failures.switches", String.join(",", switches), "empty unless failures.kind is drop or hold (a switch fails hard)");
      return NONE;
    }
    return new FailurePlan(kind, links, switches, rate, tiers, atPs, recover, g, weights, capacity,
        Math.round(burst * PS_PER_US), Math.round(period * PS_PER_US), "rho-max".equals(v.get("failures.pacing")));
  }

  /**
   * The links that fail, as sorted ids: the named ones, every link of the named switches, and
   * each link of the sampled tiers with probability {@code rate}, drawn in id order from the
   * run's stream "failures" (so the same seed fails the same links under every design).
   */
  public int[] failedLinks(Links names, RandomStreams random) {
    TreeSet<Integer> ids = new TreeSet<>();
    for (String l : links) {
      ids.add(names.parse(l));
    }
    for (String s : switches) {
      ids.addAll(names.ofSwitch(s));
    }
    if (rate > 0) {
      SplittableRandom r = random.stream("failures");
      for (int id = 0; id < names.count(); id++) {
        boolean tier1 = names.tier1(id);
        boolean sampled = tiers.equals("both") || tiers.equals(tier1 ? "tier1" : "tier2");
        if (r.nextDouble() < rate && sampled) {
          ids.add(id);
        }
      }
    }
    int[] out = new int[ids.size()];
    int k = 0;
    for (int id : ids) {
      out[k++] = id;
    }
    return out;
  }

  private static List<String> list(String text) {
    List<String> out = new ArrayList<>();
    if (text == null) {
      return out;
    }
    for (String s : text.split(",")) {
      if (!s.isBlank()) {
        out.add(s.trim());
      }
    }
    return out;
  }

  private static double number(Map<String, String> v, String key, Problems problems) {
    try {
      double d = Double.parseDouble(v.get(key).trim());
      if (!Double.isNaN(d) && !Double.isInfinite(d)) {
        return d;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    problems.bad(key, v.get(key), "a finite number");
    return Double.NaN;
  }

  /** Microseconds as picoseconds; "never" = -1; Long.MIN_VALUE after a problem. */
  private static long time(Map<String, String> v, String key, Problems problems) {
    String s = v.get(key).trim();
    if (s.equals("never") || s.equals("inf")) {
      return -1;
    }
    try {
      double us = Double.parseDouble(s);
      if (us >= 0 && us <= 1e9) {
        return Math.round(us * PS_PER_US);
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    problems.bad(key, s, "never, or a time from 0 to 1e9 microseconds" + (key.equals("failures.weights_us") ? ", or auto (= failures.convergence_us)" : ""));
    return Long.MIN_VALUE;
  }
}
