package org.lbsim.cli;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.lbsim.metrics.RunResult;

/** Per-job iteration times of training runs, under the main table; empty when no run trained. */
final class TrainingTable {
  private TrainingTable() {}

  static String render(List<RunResult> results) {
    StringBuilder sb = new StringBuilder();
    for (RunResult r : results) {
      if (r.training().isEmpty()) {
        continue;
      }
      if (sb.length() == 0) {
        sb.append(String.format(Locale.ROOT, "%n%-16s %-4s %-14s %-28s %14s %14s %14s %10s%n", "scenario", "job", "model",
            "parallelism", "iteration (us)", "exposed (us)", "ideal (us)", "% ideal"));
      }
      for (Object o : (List<?>) r.training().get("jobs")) {
        Map<?, ?> j = (Map<?, ?>) o;
        Object pct = j.get("over_ideal_pct");
        sb.append(String.format(Locale.ROOT, "%-16s %-4s %-14s %-28s %14s %14s %14s %10s%n", r.scenario(), j.get("job"),
            j.get("model"), j.get("parallelism"), us(j.get("iteration_ps")), us(j.get("exposed_ps")),
            us(j.get("ideal_iteration_ps")), pct == null ? "-" : String.format(Locale.ROOT, "%.2f", (Double) pct)));
      }
    }
    return sb.toString();
  }

  private static String us(Object ps) {
    long v = ((Number) ps).longValue();
    return v < 0 ? "-" : String.format(Locale.ROOT, "%.3f", v / 1e6);
  }
}
