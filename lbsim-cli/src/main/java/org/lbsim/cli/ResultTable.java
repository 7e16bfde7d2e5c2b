package org.lbsim.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.lbsim.metrics.RunResult;

/** The comparison table printed after a run. */
final class ResultTable {
  private ResultTable() {}

  static String render(List<RunResult> results) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"scenario", "lb", "workload", "CCT (us)", "bound (us)", "% over bound", "max queue (KB)",
        "drops", "unfinished"});
    for (RunResult r : results) {
      rows.add(new String[] {
          r.scenario(),
          r.settings().get("lb"),
          workload(r),
          r.cctPs() < 0 ? "-" : us(r.cctPs()),
          r.boundPs() < 0 ? "-" : us(r.boundPs()),
          Double.isNaN(r.overBoundPct()) ? "-" : String.format(Locale.ROOT, "%.1f", r.overBoundPct()),
          String.format(Locale.ROOT, "%.1f", r.maxSwitchQueueBytes() / 1000.0),
          Long.toString(r.drops()),
          Long.toString(r.unfinishedFlows())});
    }
    int[] width = new int[rows.get(0).length];
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        width[i] = Math.max(width[i], row[i].length());
      }
    }
    StringBuilder sb = new StringBuilder();
    for (int r = 0; r < rows.size(); r++) {
      String[] row = rows.get(r);
      for (int i = 0; i < row.length; i++) {
        String cell = row[i];
        boolean left = i < 3;
        String pad = " ".repeat(width[i] - cell.length());
        sb.append(left ? cell + pad : pad + cell);
        sb.append(i + 1 < row.length ? "  " : "\n");
      }
      if (r == 0) {
        for (int i = 0; i < width.length; i++) {
          sb.append("-".repeat(width[i])).append(i + 1 < width.length ? "  " : "\n");
        }
      }
    }
    return sb.toString();
  }

  /** The collective and its size: the flow size for a file, the configured size otherwise. */
  private static String workload(RunResult r) {
    String kind = r.settings().get("workload.kind");
    if (kind.equals("cm")) {
      return r.flows().isEmpty() ? kind : kind + " " + bytes(r.flows().get(0).bytes());
    }
    return kind + " " + r.settings().get("workload.size");
  }

  /** 1048576 -> "1MiB", 800000 -> "800KB", 1234 -> "1234B". */
  static String bytes(long b) {
    String[][] units = {{"GiB", "1073741824"}, {"MiB", "1048576"}, {"KiB", "1024"}, {"GB", "1000000000"},
        {"MB", "1000000"}, {"KB", "1000"}};
    for (String[] u : units) {
      long m = Long.parseLong(u[1]);
      if (b >= m && b % m == 0) {
        return b / m + u[0];
      }
    }
    return b + "B";
  }

  private static String us(long ps) {
    return String.format(Locale.ROOT, "%.3f", ps / 1e6);
  }
}
