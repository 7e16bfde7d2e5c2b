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

  /** One row per design combination that ran on every seed (its best point), best first. */
  public static Table table(Outcome o) {
    String vs = "vs " + (o.baseline() == null ? "baseline" : o.baseline().point().combo().lb()) + ": ";
    List<String> header = List.of("rank", "design", "parameters", "seeds", "CCT (us)", "% over bound",
        vs + "throughput gain %", "CCT reduction %", "p99 FCT reduction %", "p99 FCT (us)", "max queue KB", "drops");
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
      row.add(x.unfinishedRuns() > 0 ? "unfinished" : fmt("%.3f", x.medianCctPs() / 1e6));
      row.add(Double.isNaN(x.medianOverBoundPct()) ? "-" : fmt("%.2f", x.medianOverBoundPct()));
      row.add(g == null ? "-" : g.throughput().text());
      row.add(g == null ? "-" : g.cctReduction().text());
      row.add(g == null ? "-" : g.p99FctReduction().text());
      row.add(Double.isNaN(x.medianP99FctPs()) ? "-" : fmt("%.3f", x.medianP99FctPs() / 1e6));
      row.add(fmt("%.1f", x.medianMaxQueueBytes() / 1e3));
      row.add(Long.toString(Math.round(x.medianDrops())));
      rows.add(row);
    }
    return new Table(header, rows);
  }

  /** The lines under the table: what was left out, the tie, the winner and its gains, the baseline. */
  public static List<String> lines(Outcome o) {
    List<String> out = new ArrayList<>();
    int stopped = (int) o.trials().stream().map(t -> t.point().combo()).distinct().count() - o.perCombo().size();
    out.add(fmt("%d runs of a budget of %d%s; %d design combinations ran on all %d seeds, %d stopped after one.",
        o.runs(), o.settings().budget(), o.probes() == 0 ? "" : fmt(" (and %d sensitivity probes)", o.probes()),
        o.perCombo().size(), o.settings().seeds(), stopped));
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
    if (!Double.isNaN(w.medianOverBoundPct())) {
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
      if (g.seeds() > 1) {
        sb.append(" (median [min, max] over ").append(g.seeds()).append(" seeds)");
      }
    }
    return sb.append('.').toString();
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
