package org.lbsim.optimize;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.lbsim.experiment.Gain;
import org.lbsim.experiment.Table;

/** The search's answer for people: a short ranked table and the sentences under it. */
public final class Answer {
  /** Rows the table shows at most. */
  static final int ROWS = 10;
  /** Changed knobs a table cell shows at most. */
  static final int KNOBS_SHOWN = 3;

  private Answer() {}

  /**
   * One row per design combination that ran on every seed (its best point), best first. Under
   * several conditions each objective shows its median and its worst condition, {@code median / worst}.
   */
  public static Table table(Outcome o) {
    String vs = "vs " + (o.baseline() == null ? "baseline" : o.baseline().point().combo().lb()) + ": ";
    boolean robust = o.settings().conditions().size() > 1;
    String both = robust ? " median / worst" : "";
    List<String> header = new ArrayList<>(List.of("rank", "design", "parameters", "seeds"));
    if (robust) {
      header.add("conditions");
    }
    header.addAll(List.of("CCT (us)" + both, (robust ? "score %" : "% over bound") + both, vs + "throughput gain %",
        "CCT reduction %",
        "p99 FCT reduction %", "p99 FCT (us)" + both, "max queue KB" + both, "drops"));
    List<List<String>> rows = new ArrayList<>();
    List<Standing> shown = o.perCombo();
    for (int i = 0; i < Math.min(ROWS, shown.size()); i++) {
      Standing x = shown.get(i);
      Gain.Spread g = o.baseline() == null ? null : Outcome.gains(x, o.baseline());
      List<String> row = new ArrayList<>();
      row.add(Integer.toString(i + 1));
      row.add(x.point().combo().label());
      row.add(parameters(x.point()));
      row.add(Integer.toString(x.seeds()));
      if (robust) {
        row.add(Integer.toString(x.conditions()));
      }
      row.add(x.unfinishedRuns() > 0 ? "unfinished" : pair("%.3f", x.medianCctPs() / 1e6, x.worstCctPs() / 1e6, robust));
      row.add(robust ? pair("%.2f", finite(x.medianScore()), finite(x.worstScore()), true)
          : pair("%.2f", x.medianOverBoundPct(), x.worstOverBoundPct(), false));
      row.add(g == null ? "-" : g.throughput().text());
      row.add(g == null ? "-" : g.cctReduction().text());
      row.add(g == null ? "-" : g.p99FctReduction().text());
      row.add(pair("%.3f", x.medianP99FctPs() / 1e6, x.worstP99FctPs() / 1e6, robust));
      row.add(pair("%.1f", x.medianMaxQueueBytes() / 1e3, x.worstMaxQueueBytes() / 1e3, robust));
      row.add(Long.toString(Math.round(x.medianDrops())));
      rows.add(row);
    }
    return new Table(header, rows);
  }

  /** The lines under the table: what was left out, the tie, the winner and its gains, the baseline. */
  public static List<String> lines(Outcome o) {
    List<String> out = new ArrayList<>();
    int stopped = (int) o.trials().stream().map(t -> t.point().combo()).distinct().count() - o.perCombo().size();
    List<Condition> conditions = o.settings().conditions();
    out.add(fmt("%d runs of a budget of %d%s; %d design combinations ran on all %d seeds%s, %d stopped after one.",
        o.runs(), o.settings().budget(), o.probes() == 0 ? "" : fmt(" (and %d sensitivity probes)", o.probes()),
        o.perCombo().size(), o.settings().seeds(), conditions.size() > 1 ? " under all " + conditions.size()
            + " conditions" : "", stopped));
    if (conditions.size() > 1) {
      out.add(robustness(o));
    }
    Standing w = o.winner();
    if (w.unfinishedRuns() > 0) {
      out.add("No design finished every run: none is recommended.");
      return out;
    }
    if (!o.tied().isEmpty()) {
      List<String> names = new ArrayList<>(List.of(w.point().label()));
      o.tied().forEach(x -> names.add(x.point().label()));
      out.add(fmt("Tie: any of these; the choice does not matter here, within %.2f %%: %s.", o.tieWithinPct(),
          String.join(", ", names)));
    }
    out.add(headline(o));
    if (o.baselineNote() != null) {
      out.add("Baseline: " + o.baselineNote() + ".");
    }
    out.addAll(o.sensitivity());
    return out;
  }

  /** The winner, how far from the bound, and its gains over the baseline with their spread over seeds. */
  static String headline(Outcome o) {
    Standing w = o.winner();
    StringBuilder sb = new StringBuilder(o.tied().isEmpty() ? "Recommended: " : "Recommended (of the tie): ")
        .append(w.point().label());
    boolean robust = o.settings().conditions().size() > 1;
    if (robust) {
      sb.append(fmt(" — score %.2f %% in the median condition, %.2f %% in the worst", w.medianScore(),
          w.worstScore()));
    } else if (!Double.isNaN(w.medianOverBoundPct())) {
      sb.append(fmt(" — %.2f %% over the lower bound", w.medianOverBoundPct()));
    } else {
      sb.append(fmt(" — CCT %.3f us", w.medianCctPs() / 1e6));
    }
    Gain.Spread g = o.gains();
    if (o.baseline() != null && o.baseline() == w) {
      sb.append("; the baseline itself is best here");
    } else if (g != null && g.throughput().n() > 0) {
      sb.append("; over ").append(o.baseline().point().label()).append(": throughput gain ")
          .append(g.throughput().text(" %")).append(", CCT reduction ").append(g.cctReduction().text(" %"))
          .append(", p99 FCT reduction ").append(g.p99FctReduction().text(" %"));
      if (robust) {
        sb.append(" (median [min, max] over ").append(g.seeds()).append(" runs: each seed under each condition)");
      } else if (g.seeds() > 1) {
        sb.append(" (median [min, max] over ").append(g.seeds()).append(" seeds)");
      }
    }
    return sb.append('.').toString();
  }

  /**
   * What the candidates ran under and what ranks them, e.g. {@code Robust: 4 conditions, 2 workloads
   * (a, b) x 2 failure draws (draw 0 fails agg0-core1; draw 1 fails no link); ranked by the worst condition.}
   */
  static String robustness(Outcome o) {
    List<Condition> conditions = o.settings().conditions();
    List<String> loads = conditions.stream().map(Condition::workload).filter(w -> !w.isEmpty()).distinct().toList();
    List<Condition> draws = conditions.stream().filter(k -> k.draw() >= 0).filter(k -> k.workload()
        .equals(conditions.get(0).workload())).toList();
    List<String> parts = new ArrayList<>();
    if (!loads.isEmpty()) {
      parts.add(loads.size() + (loads.size() == 1 ? " workload (" : " workloads (") + String.join(", ", loads) + ")");
    }
    if (!draws.isEmpty()) {
      List<String> each = draws.stream().map(k -> "draw " + k.draw() + " fails " + (k.failedLinks().isEmpty()
          ? "no link" : shown(k.failedLinks()))).toList();
      parts.add(draws.size() + (draws.size() == 1 ? " failure draw (" : " failure draws (") + String.join("; ", each)
          + ")");
    }
    boolean unbounded = !o.winner().scoring().referencePs().isEmpty();
    return fmt("Robust: %d conditions, %s; ranked by the %s condition (--robust %s), each condition the median of "
        + "its seeds; score: %% over the lower bound%s.", conditions.size(), String.join(" x ", parts),
        o.settings().robust().key(), o.settings().robust().key(), unbounded
            ? ", or, for a workload without one, over the fastest design's CCT at rung 1" : "");
  }

  /** {@code x}, or NaN when it is infinite (a run did not finish: the table shows "-"). */
  private static double finite(double x) {
    return Double.isInfinite(x) ? Double.NaN : x;
  }

  /** At most {@link #KNOBS_SHOWN} names, and how many more. */
  private static String shown(List<String> names) {
    String s = String.join(", ", names.subList(0, Math.min(KNOBS_SHOWN, names.size())));
    return names.size() > KNOBS_SHOWN ? s + " (+" + (names.size() - KNOBS_SHOWN) + " more)" : s;
  }

  /** {@code median}, or {@code median / worst} when {@code both}; "-" for what is not known. */
  private static String pair(String f, double median, double worst, boolean both) {
    String m = Double.isNaN(median) ? "-" : fmt(f, median);
    return both ? m + " / " + (Double.isNaN(worst) ? "-" : fmt(f, worst)) : m;
  }

  /** The knobs the search changed, at most {@link #KNOBS_SHOWN} (optimize.json has them all), or {@code defaults}. */
  static String parameters(Point p) {
    if (p.params().isEmpty()) {
      return "defaults";
    }
    List<String> shown = p.params().entrySet().stream().limit(KNOBS_SHOWN).map(e -> e.getKey() + "=" + e.getValue())
        .toList();
    int more = p.params().size() - shown.size();
    return String.join(" ", shown) + (more > 0 ? " (+" + more + " more)" : "");
  }

  private static String fmt(String f, Object... args) {
    return String.format(Locale.ROOT, f, args);
  }
}
