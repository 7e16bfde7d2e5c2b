package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.lbsim.metrics.PortStats;
import org.lbsim.metrics.RunResult;
import org.lbsim.transport.FlowOutcome;

/**
 * Ranks co-designs by what matters to a training job: the collective's completion time relative
 * to its lower bound (median over seeds). Designs with unfinished runs go last; ties break on
 * the smaller largest queue, then on the name, so the ranking is deterministic.
 */
public final class Recommender {
  /** Links loaded this far above their tier's mean are reported as the reason a design loses. */
  static final double IMBALANCE_WORTH_NAMING = 1.25;

  private Recommender() {}

  /**
   * @param keys the swept keys (each run's point holds a value for each)
   * @param baseline the values that identify the baseline design, e.g. lb=ecmp; keys it leaves
   *     out match any value, and the first matching design in grid order is taken
   */
  public static Recommendation rank(List<RunRecord> runs, List<String> keys, Map<String, String> baseline) {
    Map<Map<String, String>, List<RunRecord>> byDesign = new LinkedHashMap<>();
    for (RunRecord r : runs) {
      Map<String, String> v = new LinkedHashMap<>();
      for (String k : keys) {
        v.put(k, r.value(k));
      }
      byDesign.computeIfAbsent(v, x -> new ArrayList<>()).add(r);
    }
    List<RunRecord> wanted = byDesign.entrySet().stream().filter(e -> matches(e.getKey(), baseline))
        .map(Map.Entry::getValue).findFirst().orElse(null);
    List<RunRecord> baseRuns = wanted;
    String note = null;
    if (wanted != null && wanted.stream().anyMatch(r -> r.result().unfinishedFlows() > 0)) {
      // gains over a design that left flows unfinished have no number: measure them over the
      // weakest design that finished every run instead, and say so
      Recommendation.Candidate w = summarize(keysOf(wanted, keys), results(wanted), null);
      baseRuns = weakestFinisher(byDesign);
      note = "the baseline " + w.label() + " left " + w.diagnosis() + "; " + (baseRuns == null
          ? "no design finished every run, so no gains are shown"
          : "gains are over " + String.join(" ", keysOf(baseRuns, keys).values())
              + " instead, the weakest design that finished every run");
    }
    List<Recommendation.Candidate> all = new ArrayList<>();
    Recommendation.Candidate base = null;
    for (Map.Entry<Map<String, String>, List<RunRecord>> e : byDesign.entrySet()) {
      Recommendation.Candidate c = summarize(e.getKey(), results(e.getValue()), baseRuns == null ? null : gains(e.getValue(), baseRuns));
      all.add(c);
      if (base == null && e.getValue() == baseRuns) {
        base = c;
      }
    }
    List<Recommendation.Candidate> ranked = new ArrayList<>(all);
    ranked.sort(Comparator.comparingInt((Recommendation.Candidate c) -> c.unfinishedRuns() > 0 ? 1 : 0)
        .thenComparingDouble(Recommender::score)
        .thenComparingLong(Recommendation.Candidate::maxQueueBytes)
        .thenComparing(Recommendation.Candidate::label));
    return new Recommendation(ranked, base, note);
  }

  private static List<RunResult> results(List<RunRecord> runs) {
    return runs.stream().map(RunRecord::result).toList();
  }

  private static Map<String, String> keysOf(List<RunRecord> runs, List<String> keys) {
    Map<String, String> v = new LinkedHashMap<>();
    for (String k : keys) {
      v.put(k, runs.get(0).value(k));
    }
    return v;
  }

  /** The runs of the design with the highest score among those that finished every run, or null. */
  private static List<RunRecord> weakestFinisher(Map<Map<String, String>, List<RunRecord>> byDesign) {
    List<RunRecord> weakest = null;
    double worst = -Double.MAX_VALUE;
    for (Map.Entry<Map<String, String>, List<RunRecord>> e : byDesign.entrySet()) {
      Recommendation.Candidate c = summarize(e.getKey(), results(e.getValue()), null);
      if (c.unfinishedRuns() == 0 && score(c) > worst) {
        worst = score(c);
        weakest = e.getValue();
      }
    }
    return weakest;
  }

  /** % over bound when every run has a bound, else the CCT itself. */
  private static double score(Recommendation.Candidate c) {
    if (!Double.isNaN(c.medianOverBoundPct())) {
      return c.medianOverBoundPct();
    }
    return c.medianCctPs() > 0 ? c.medianCctPs() : Double.MAX_VALUE;
  }

  private static boolean matches(Map<String, String> values, Map<String, String> want) {
    for (Map.Entry<String, String> w : want.entrySet()) {
      if (values.containsKey(w.getKey()) && !values.get(w.getKey()).equals(w.getValue())) {
        return false;
      }
    }
    return true;
  }

  /** The design's gain over the baseline, seed by seed (runs of seeds the baseline lacks are left out). */
  static Gain.Spread gains(List<RunRecord> design, List<RunRecord> baseline) {
    Map<Long, RunResult> bySeed = new HashMap<>();
    for (RunRecord b : baseline) {
      bySeed.putIfAbsent(b.point().seed(), b.result());
    }
    List<Gain> perSeed = new ArrayList<>();
    for (RunRecord d : design) {
      RunResult b = bySeed.get(d.point().seed());
      if (b != null) {
        perSeed.add(Gain.of(d.result(), b));
      }
    }
    return Gain.Spread.of(perSeed);
  }

  static Recommendation.Candidate summarize(Map<String, String> values, List<RunResult> runs, Gain.Spread gains) {
    List<Double> cct = new ArrayList<>();
    List<Double> over = new ArrayList<>();
    List<Double> queue = new ArrayList<>();
    List<Double> drops = new ArrayList<>();
    List<Double> retx = new ArrayList<>();
    int unfinished = 0;
    long unfinishedFlows = 0;
    for (RunResult r : runs) {
      if (r.unfinishedFlows() > 0) {
        unfinished++;
        unfinishedFlows += r.unfinishedFlows();
      } else {
        cct.add((double) r.cctPs());
        over.add(r.overBoundPct());
      }
      queue.add((double) r.maxSwitchQueueBytes());
      drops.add((double) r.drops());
      retx.add((double) retransmissions(r));
    }
    double medOver = median(over);
    long medQueue = Math.round(median(queue));
    long medDrops = Math.round(median(drops));
    long medRetx = Math.round(median(retx));
    String why;
    if (unfinished > 0) {
      why = String.format(Locale.ROOT, "%d flows unfinished in %d of %d runs", unfinishedFlows, unfinished, runs.size());
    } else if (medDrops > 0) {
      String links = imbalance(runs.get(0), medQueue);
      why = String.format(Locale.ROOT, "loss: %d drops, %d retransmissions", medDrops, medRetx)
          + (links.startsWith("balanced") ? "" : "; " + links);
    } else {
      why = imbalance(runs.get(0), medQueue);
    }
    double worstCct = cct.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    return new Recommendation.Candidate(values, runs.size(), median(cct), worstCct, medOver, medQueue, medDrops, medRetx,
        unfinished, why, gains);
  }

  /**
   * The tier whose busiest link carries the most above the tier's mean; hash collisions (flow
   * granularity) show as a high ratio, spraying as a ratio near 1 with some queueing left.
   */
  static String imbalance(RunResult r, long maxQueueBytes) {
    Map<String, long[]> tiers = new HashMap<>();
    for (PortStats p : r.ports()) {
      if (p.tier().equals("host-up")) {
        continue; // the sender's own NIC carries exactly its flows whatever the design
      }
      long[] t = tiers.computeIfAbsent(p.tier(), k -> new long[3]);
      t[0] = Math.max(t[0], p.bytesSent());
      t[1] += p.bytesSent();
      t[2]++;
    }
    String worst = null;
    double ratio = 0;
    for (Map.Entry<String, long[]> e : new java.util.TreeMap<>(tiers).entrySet()) {
      long[] t = e.getValue();
      double mean = (double) t[1] / t[2];
      double x = mean > 0 ? t[0] / mean : 0;
      if (x > ratio) {
        ratio = x;
        worst = e.getKey();
      }
    }
    if (worst != null && ratio >= IMBALANCE_WORTH_NAMING) {
      return String.format(Locale.ROOT, "%s links up to %.2fx their mean load", worst, ratio);
    }
    return String.format(Locale.ROOT, "balanced links; queues up to %.1f KB", maxQueueBytes / 1e3);
  }

  private static long retransmissions(RunResult r) {
    long n = 0;
    for (FlowOutcome f : r.flows()) {
      n += f.retransmissions();
    }
    return n;
  }

  private static double median(List<Double> xs) {
    return Stats.median(xs.stream().mapToDouble(Double::doubleValue).toArray());
  }
}
