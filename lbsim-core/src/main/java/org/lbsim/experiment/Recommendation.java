package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The designs of a {@code recommend} run, best first, and the baseline they are compared with.
 *
 * @param ranked every candidate, best first
 * @param baseline the candidate the gains are relative to, or null if it was not among them
 */
public record Recommendation(List<Candidate> ranked, Candidate baseline) {
  public Recommendation {
    ranked = List.copyOf(ranked);
  }

  public Candidate best() {
    return ranked.get(0);
  }

  /** How much faster {@code c} completes than the baseline (baseline CCT / its CCT); NaN if unknown. */
  public double speedup(Candidate c) {
    if (baseline == null || !(c.medianCctPs() > 0) || !(baseline.medianCctPs() > 0)) {
      return Double.NaN;
    }
    return baseline.medianCctPs() / c.medianCctPs();
  }

  public Table table() {
    List<String> header = new ArrayList<>(List.of("rank"));
    header.addAll(best().values().keySet());
    header.addAll(List.of("seeds", "CCT (us)", "% over bound", "vs " + (baseline == null ? "baseline" : baseline.label()),
        "max queue KB", "drops", "retx", "why"));
    List<List<String>> rows = new ArrayList<>();
    for (int i = 0; i < ranked.size(); i++) {
      Candidate c = ranked.get(i);
      List<String> row = new ArrayList<>();
      row.add(Integer.toString(i + 1));
      row.addAll(c.values().values());
      row.add(Integer.toString(c.seeds()));
      row.add(c.medianCctPs() > 0 ? fmt("%.3f", c.medianCctPs() / 1e6) : "-");
      row.add(Double.isNaN(c.medianOverBoundPct()) ? "-" : fmt("%.2f", c.medianOverBoundPct()));
      double s = speedup(c);
      row.add(Double.isNaN(s) ? "-" : fmt("%.2fx", s));
      row.add(fmt("%.1f", c.maxQueueBytes() / 1e3));
      row.add(Long.toString(c.drops()));
      row.add(Long.toString(c.retransmissions()));
      row.add(c.diagnosis());
      rows.add(row);
    }
    return new Table(header, rows);
  }

  /** One sentence naming the winner and its gain, for the end of the output. */
  public String headline() {
    Candidate b = best();
    StringBuilder sb = new StringBuilder("Recommended: ").append(b.label());
    if (!Double.isNaN(b.medianOverBoundPct())) {
      sb.append(fmt(" — %.2f %% over the lower bound", b.medianOverBoundPct()));
    }
    double s = speedup(b);
    if (baseline != null && b != baseline && !Double.isNaN(s)) {
      sb.append(fmt("; CCT %.1f %% shorter than %s (%.2fx faster)", 100 * (1 - 1 / s), baseline.label(), s));
    } else if (baseline != null && b == baseline) {
      sb.append("; the baseline itself is best here");
    }
    return sb.append('.').toString();
  }

  private static String fmt(String f, Object... args) {
    return String.format(Locale.ROOT, f, args);
  }

  /**
   * One design's results over its seeds (medians).
   *
   * @param values the swept keys and this design's values, e.g. lb=ofan
   * @param unfinishedRuns runs in which some flow did not finish (ranked last)
   * @param diagnosis the most telling symptom: unfinished flows, loss, link imbalance or queues
   */
  public record Candidate(Map<String, String> values, int seeds, double medianCctPs, double medianOverBoundPct,
      long maxQueueBytes, long drops, long retransmissions, int unfinishedRuns, String diagnosis) {
    public Candidate {
      values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public String label() {
      return String.join(" ", values.values());
    }
  }
}
