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
 * @param baseline the candidate the gains are relative to, or null if it was not among them or
 *     none finished every run
 * @param baselineNote why the baseline is not the one asked for (it left flows unfinished), or null
 */
public record Recommendation(List<Candidate> ranked, Candidate baseline, String baselineNote) {
  public Recommendation {
    ranked = List.copyOf(ranked);
  }

  public Candidate best() {
    return ranked.get(0);
  }

  /**
   * The other candidates that finished every run with a median CCT no higher than the best one's
   * slowest seed: within its seed spread, so the choice among them does not matter here. Empty
   * when the best one left flows unfinished.
   */
  public List<Candidate> tied() {
    Candidate b = best();
    List<Candidate> out = new ArrayList<>();
    if (b.unfinishedRuns() > 0 || b.medianCctPs() <= 0) {
      return out;
    }
    for (Candidate c : ranked) {
      if (c != b && c.unfinishedRuns() == 0 && c.medianCctPs() > 0 && c.medianCctPs() <= b.worstCctPs()) {
        out.add(c);
      }
    }
    return out;
  }

  /** The largest median CCT of {@link #tied()} above the best candidate's, in %; NaN when nothing ties. */
  public double tieWithinPct() {
    double within = Double.NaN;
    for (Candidate c : tied()) {
      within = Math.max(Double.isNaN(within) ? 0 : within, 100 * (c.medianCctPs() / best().medianCctPs() - 1));
    }
    return within;
  }

  /** The tie as a line ("Tie: any of ..."), or null when nothing ties with the best candidate. */
  public String tieLine() {
    List<Candidate> t = tied();
    if (t.isEmpty()) {
      return null;
    }
    List<String> names = new ArrayList<>(List.of(best().label()));
    t.forEach(c -> names.add(c.label()));
    return fmt("Tie: any of these; the choice does not matter here, within %.2f %% (the best one's seed spread): %s.",
        tieWithinPct(), String.join(", ", names));
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

  /**
   * {@code ranking.csv}: the table's rows as data, one column per value: rank, the swept keys,
   * seeds, median CCT (ps) and % over bound, the baseline's label, each gain's median and its
   * smallest ({@code _lo}) and largest ({@code _hi}) value over seeds, the median largest queue
   * (bytes), drops and retransmissions, unfinished runs and why; empty cells where the table
   * shows "-".
   */
  public String csv() {
    List<String> header = new ArrayList<>(List.of("rank"));
    header.addAll(best().values().keySet());
    header.addAll(List.of("seeds", "cct_ps_median", "cct_over_bound_pct_median", "baseline"));
    for (String g : GAINS) {
      header.addAll(List.of(g + "_median", g + "_lo", g + "_hi"));
    }
    header.addAll(List.of("max_queue_bytes_median", "drops_median", "retransmissions_median", "unfinished_runs", "why"));
    List<List<String>> rows = new ArrayList<>();
    for (int i = 0; i < ranked.size(); i++) {
      Candidate c = ranked.get(i);
      List<String> row = new ArrayList<>();
      row.add(Integer.toString(i + 1));
      row.addAll(c.values().values());
      row.add(Integer.toString(c.seeds()));
      row.add(c.medianCctPs() > 0 ? CsvNumber.of(c.medianCctPs()) : "");
      row.add(CsvNumber.of(c.medianOverBoundPct()));
      row.add(baseline == null ? "" : baseline.label());
      for (Gain.Figure f : figures(c.gains())) {
        boolean known = f != null && f.n() > 0;
        row.addAll(known ? List.of(CsvNumber.of(f.median()), CsvNumber.of(f.min()), CsvNumber.of(f.max()))
            : List.of("", "", ""));
      }
      row.addAll(List.of(Long.toString(c.maxQueueBytes()), Long.toString(c.drops()), Long.toString(c.retransmissions()),
          Integer.toString(c.unfinishedRuns()), c.diagnosis()));
      rows.add(row);
    }
    return new Table(header, rows).csv();
  }

  /** The gains' names as {@code ranking.csv} and {@code recommend --json} give them, in {@link #figures} order. */
  public static final List<String> GAINS = List.of("throughput_gain_pct", "cct_reduction_pct", "p99_fct_reduction_pct");

  /** The figures of {@code g} in {@link #GAINS} order; nulls when there is no baseline. */
  public static List<Gain.Figure> figures(Gain.Spread g) {
    return g == null ? java.util.Arrays.asList(null, null, null)
        : List.of(g.throughput(), g.cctReduction(), g.p99FctReduction());
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
   * @param worstCctPs the largest CCT of its finished runs (0 when none finished)
   * @param gains its gain over the baseline, seed by seed; null when no candidate is the baseline
   */
  public record Candidate(Map<String, String> values, int seeds, double medianCctPs, double worstCctPs,
      double medianOverBoundPct, long maxQueueBytes, long drops, long retransmissions, int unfinishedRuns, String diagnosis,
      Gain.Spread gains) {
    public Candidate {
      values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public String label() {
      return String.join(" ", values.values());
    }
  }
}
