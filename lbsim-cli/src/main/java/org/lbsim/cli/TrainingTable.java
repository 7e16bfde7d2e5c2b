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
    StringBuilder traces = new StringBuilder();
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
        if (j.containsKey("critical_comm_ps")) {
          traces.append(r.scenario()).append(" job ").append(j.get("job")).append(':')
              .append(traceLine(j, (Map<?, ?>) r.training().get("trace")));
        }
      }
    }
    if (rows.isEmpty()) {
      return "";
    }
    return "\n" + new Table(List.of("scenario", "job", "model", "parallelism", "iteration (us)",
        "exposed (us)", "ideal (us)", "% ideal"), rows).render(4) + traces;
  }

  /**
   * A Chakra trace's job, under the table: when its ranks finished, the critical path's compute and
   * communication, and what of the trace lbsim did not read.
   */
  private static String traceLine(Map<?, ?> j, Map<?, ?> trace) {
    long first = Long.MAX_VALUE;
    long last = -1;
    for (Object e : (List<?>) j.get("rank_end_ps")) {
      long v = ((Number) e).longValue();
      first = Math.min(first, v);
      last = Math.max(last, v);
    }
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
        " %s ranks end %s to %s us; critical path %s us compute, %s us communication", trace.get("ranks"),
        us(first), us(last), us(j.get("critical_compute_ps")), us(j.get("critical_comm_ps"))));
    int skipped = count((Map<?, ?>) trace.get("skipped_nodes_by_type"));
    if (skipped > 0) {
      sb.append("; ").append(skipped).append(" nodes of unknown type skipped");
    }
    Map<?, ?> attrs = (Map<?, ?>) trace.get("skipped_attributes");
    if (!attrs.isEmpty()) {
      List<String> names = attrs.keySet().stream().map(String::valueOf).toList();
      sb.append("; attributes not read: ").append(String.join(", ", names.subList(0, Math.min(4, names.size()))))
          .append(names.size() > 4 ? ", ..." : "");
    }
    return sb.append('\n').toString();
  }

  private static int count(Map<?, ?> m) {
    int n = 0;
    for (Object v : m.values()) {
      n += ((Number) v).intValue();
    }
    return n;
  }

  private static String us(Object ps) {
    long v = ((Number) ps).longValue();
    return v < 0 ? "-" : String.format(Locale.ROOT, "%.3f", v / 1e6);
  }
}
