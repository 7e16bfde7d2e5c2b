package org.lbsim.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.lbsim.experiment.Table;
import org.lbsim.metrics.RunResult;

/**
 * The NCCL collectives of training runs (a trace's or a job's), each with its time, its lower bound
 * and the % over it, under the training table; at most {@link #SHOWN} per job, the rest in
 * summary.json. Empty when no run has one.
 */
final class CollectiveBoundsTable {
  /** Collectives shown per job; a job with more names how many are left out. */
  static final int SHOWN = 20;

  private CollectiveBoundsTable() {}

  static String render(List<RunResult> results) {
    List<List<String>> rows = new ArrayList<>();
    StringBuilder more = new StringBuilder();
    for (RunResult r : results) {
      if (r.training().isEmpty()) {
        continue;
      }
      for (Object o : (List<?>) r.training().get("jobs")) {
        Map<?, ?> j = (Map<?, ?>) o;
        List<?> collectives = (List<?>) j.get("collectives");
        if (collectives == null) {
          continue;
        }
        for (int i = 0; i < Math.min(SHOWN, collectives.size()); i++) {
          rows.add(row(r.scenario(), j.get("job"), i, (Map<?, ?>) collectives.get(i)));
        }
        if (collectives.size() > SHOWN) {
          more.append(r.scenario()).append(" job ").append(j.get("job")).append(": ")
              .append(collectives.size() - SHOWN).append(" more collectives in summary.json (training.jobs[")
              .append(j.get("job")).append("].collectives)\n");
        }
      }
    }
    if (rows.isEmpty()) {
      return "";
    }
    return "\n" + new Table(List.of("scenario", "job", "collective", "op", "algorithm", "ranks", "size (B)",
        "CCT (us)", "bound (us)", "% over bound"), rows).render(5) + more;
  }

  /** A trace's collective is named by its node on its group's first rank, a job's by its place in the job. */
  private static List<String> row(String scenario, Object job, int index, Map<?, ?> c) {
    String name = c.containsKey("node") ? "rank " + c.get("rank") + " node " + c.get("node") + " " + c.get("name")
        : "#" + (index + 1);
    Object pct = c.get("cct_over_bound_pct");
    return List.of(scenario, String.valueOf(job), name, String.valueOf(c.get("op")), String.valueOf(c.get("algorithm")),
        String.valueOf(c.get("ranks")), String.valueOf(c.get("bytes")), us(c.get("cct_ps")), us(c.get("lower_bound_ps")),
        pct == null ? "-" : String.format(Locale.ROOT, "%.1f", ((Number) pct).doubleValue()));
  }

  private static String us(Object ps) {
    long v = ((Number) ps).longValue();
    return v < 0 ? "-" : String.format(Locale.ROOT, "%.3f", v / 1e6);
  }
}
