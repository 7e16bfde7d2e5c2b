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

  public Table table() {
    String vs = "vs " + (baseline == null ? "baseline" : baseline.label()) + ": ";
    List<String> header = new ArrayList<>(List.of("rank"));
    header.addAll(best().values().keySet());
    header.addAll(List.of("seeds", "CCT (us)", "% over bound", vs + "throughput gain %", "CCT reduction %",
        "p99 FCT reduction %", "max queue KB", "drops", "retx", "why"));
    List<List<String>> rows = new ArrayList<>();
    for (int i = 0; i < ranked.size(); i++) {
      Candidate c = ranked.get(i);
      List<String> row = new ArrayList<>();
      row.add(Integer.toString(i + 1));
      row.addAll(c.values().values());
      row.add(Integer.toString(c.seeds()));
      row.add(c.medianCctPs() > 0 ? fmt("%.3f", c.medianCctPs() / 1e6) : "-");
      row.add(Double.isNaN(c.medianOverBoundPct()) ? "-" : fmt("%.2f", c.medianOverBoundPct()));
      Gain.Spread g = c.gains();
      row.add(g == null ? "-" : g.throughput().text());
      row.add(g == null ? "-" : g.cctReduction().text());
      row.add(g == null ? "-" : g.p99FctReduction().text());
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
    Gain.Spread g = b.gains();
    if (baseline != null && b != baseline && g != null && g.throughput().n() > 0) {
      sb.append("; over ").append(baseline.label()).append(": throughput gain ").append(g.throughput().text(" %"))
          .append(", CCT reduction ").append(g.cctReduction().text(" %")).append(", p99 FCT reduction ")
          .append(g.p99FctReduction().text(" %"));
      if (g.seeds() > 1) {
        sb.append(" (median [min, max] over ").append(g.seeds()).append(" seeds)");
      }
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
   * @param gains its gain over the baseline, seed by seed; null when no candidate is the baseline
   */
  public record Candidate(Map<String, String> values, int seeds, double medianCctPs, double medianOverBoundPct,
      long maxQueueBytes, long drops, long retransmissions, int unfinishedRuns, String diagnosis, Gain.Spread gains) {
    public Candidate {
      values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public String label() {
      return String.join(" ", values.values());
    }
  }
}
