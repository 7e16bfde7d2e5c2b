package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A failure-rate sweep summarized two ways, one row per value of {@code rowKey} (the scheme) and
 * measure, one column per failure rate p (the value of {@code rateKey}; p = 0 for the
 * failure-free runs, whose {@code failures.kind} is none):
 * <ul>
 *   <li>{@value #NORMALIZED}: the study's normalization, the median over seeds of the CCT divided
 *       by the failure-free best CCT of the same seed. The failure-free best is the scheme whose
 *       failure-free runs have the lowest median CCT (the first in sweep order on a tie), among
 *       the schemes whose every failure-free run finished; its own p = 0 cell is 1 and is marked
 *       {@code *};
 *   <li>{@value #OVER_BOUND}: the median CCT % over the bound, which under failures assumes every
 *       flow at ρ_max (docs/failures.md).
 * </ul>
 * A run with unfinished flows has no CCT: it is left out of its cell and counted in the last column.
 */
public record FailureFreeNormalized(String rowKey, String rateKey) implements Analysis {
  static final String NORMALIZED = "CCT / failure-free best";
  static final String OVER_BOUND = "% over bound at rho_max";
  /** The column of the failure-free runs. */
  static final String FAILURE_FREE = "0";

  @Override
  public Table analyze(List<RunRecord> runs) {
    Set<String> rows = new LinkedHashSet<>();
    Set<String> rates = new LinkedHashSet<>();
    for (RunRecord r : runs) {
      rows.add(r.value(rowKey));
      rates.add(rate(r));
    }
    String best = best(runs, rows);
    Map<Long, Long> reference = new HashMap<>();
    for (RunRecord r : runs) {
      if (r.value(rowKey).equals(best) && rate(r).equals(FAILURE_FREE)) {
        reference.put(r.point().seed(), r.result().cctPs());
      }
    }
    List<String> header = new ArrayList<>(List.of(rowKey, "measure"));
    for (String p : rates) {
      header.add("p=" + p);
    }
    header.add("unfinished runs");
    List<List<String>> out = new ArrayList<>();
    for (String measure : List.of(NORMALIZED, OVER_BOUND)) {
      for (String row : rows) {
        List<String> line = new ArrayList<>(List.of(row, measure));
        int unfinished = 0;
        for (String p : rates) {
          List<Double> xs = new ArrayList<>();
          for (RunRecord r : runs) {
            if (!r.value(rowKey).equals(row) || !rate(r).equals(p)) {
              continue;
            }
            Long ref = reference.get(r.point().seed());
            if (r.result().unfinishedFlows() > 0) {
              unfinished++;
            } else if (measure.equals(OVER_BOUND)) {
              xs.add(r.result().overBoundPct());
            } else if (ref != null) {
              xs.add((double) r.result().cctPs() / ref);
            }
          }
          double med = Stats.median(xs.stream().mapToDouble(Double::doubleValue).toArray());
          String cell = Double.isNaN(med) ? "-" : String.format(Locale.ROOT, measure.equals(OVER_BOUND) ? "%.2f" : "%.3f",
              med);
          boolean marked = measure.equals(NORMALIZED) && row.equals(best) && p.equals(FAILURE_FREE);
          line.add(marked ? cell + " *" : cell);
        }
        line.add(Integer.toString(unfinished));
        out.add(line);
      }
    }
    return new Table(header, out);
  }

  /** The failure rate of a run: its {@code rateKey}, or 0 when it fails nothing. */
  private String rate(RunRecord r) {
    return "none".equals(r.value("failures.kind")) ? FAILURE_FREE : r.value(rateKey);
  }

  /** The scheme with the lowest median failure-free CCT among those whose every failure-free run finished; null if none. */
  private String best(List<RunRecord> runs, Set<String> rows) {
    String best = null;
    double bestCct = Double.POSITIVE_INFINITY;
    for (String row : rows) {
      List<Double> ccts = new ArrayList<>();
      boolean finished = true;
      for (RunRecord r : runs) {
        if (r.value(rowKey).equals(row) && rate(r).equals(FAILURE_FREE)) {
          finished &= r.result().unfinishedFlows() == 0;
          ccts.add((double) r.result().cctPs());
        }
      }
      double med = Stats.median(ccts.stream().mapToDouble(Double::doubleValue).toArray());
      if (finished && med < bestCct) {
        best = row;
        bestCct = med;
      }
    }
    return best;
  }
}
