package org.lbsim.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.lbsim.experiment.Table;
import org.lbsim.metrics.RunResult;

/** Per-job iteration times of training runs, under the main table; empty when no run trained. */
final class TrainingTable {
  private TrainingTable() {}

  static String render(List<RunResult> results) {
    List<List<String>> rows = new ArrayList<>();
    for (RunResult r : results) {
      if (r.training().isEmpty()) {
        continue;
      }
      for (Object o : (List<?>) r.training().get("jobs")) {
        Map<?, ?> j = (Map<?, ?>) o;
        Object pct = j.get("over_ideal_pct");
        rows.add(List.of(r.scenario(), String.valueOf(j.get("job")), String.valueOf(j.get("model")),
            String.valueOf(j.get("parallelism")), us(j.get("iteration_ps")), us(j.get("exposed_ps")),
            us(j.get("ideal_iteration_ps")), pct == null ? "-" : String.format(Locale.ROOT, "%.2f", (Double) pct)));
      }
    }
    if (rows.isEmpty()) {
      return "";
    }
    return "\n" + new Table(List.of("scenario", "job", "model", "parallelism", "iteration (us)",
        "exposed (us)", "ideal (us)", "% ideal"), rows).render(4);
  }

  private static String us(Object ps) {
    long v = ((Number) ps).longValue();
    return v < 0 ? "-" : String.format(Locale.ROOT, "%.3f", v / 1e6);
  }
}
