package org.lbsim.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.lbsim.experiment.Gain;
import org.lbsim.experiment.Table;
import org.lbsim.metrics.RunResult;
import org.lbsim.scenario.Catalog;
import org.lbsim.scenario.WorkloadKind;

/** The comparison table printed after a run. */
final class ResultTable {
  private ResultTable() {}

  static String render(List<RunResult> results) {
    return render(results, Catalog.builtIn());
  }

  /** The table of {@code results}, whose workload kinds come from {@code catalog}. */
  static String render(List<RunResult> results, Catalog catalog) {
    List<List<String>> rows = new ArrayList<>();
    for (RunResult r : results) {
      rows.add(List.of(
          r.scenario(),
          r.settings().get("lb"),
          workload(r, catalog),
          r.cctPs() < 0 ? "-" : us(r.cctPs()),
          r.boundPs() < 0 ? "-" : us(r.boundPs()),
          Double.isNaN(r.overBoundPct()) ? "-" : String.format(Locale.ROOT, "%.1f", r.overBoundPct()),
          String.format(Locale.ROOT, "%.1f", r.maxSwitchQueueBytes() / 1000.0),
          Long.toString(r.drops()),
          Long.toString(r.unfinishedFlows())));
    }
    return new Table(List.of("scenario", "lb", "workload", "CCT (us)", "bound (us)", "% over bound",
        "max queue (KB)", "drops", "unfinished"), rows).render(3);
  }

  /** Settings that must agree for a run to be another's baseline (besides these prefixes). */
  private static final List<String> SAME_KEYS = List.of("seed", "profile", "cc", "lr");
  private static final List<String> SAME_PREFIXES = List.of("topology.", "links.", "workload.", "job.", "failures.");

  /** A run's gain over its baseline run, {@code vs}. */
  record GainRow(String scenario, String vs, Gain gain) {}

  /**
   * Each run's gain over the ECMP run of the same fabric, workload, cc, lr and seed in {@code
   * results}, in the order of {@code results}; runs without such a baseline have none.
   */
  static List<GainRow> gainRows(List<RunResult> results) {
    List<GainRow> rows = new ArrayList<>();
    for (RunResult r : results) {
      if ("ecmp".equals(r.settings().get("lb"))) {
        continue;
      }
      RunResult base = results.stream().filter(b -> "ecmp".equals(b.settings().get("lb")) && comparable(r, b))
          .findFirst().orElse(null);
      if (base != null) {
        rows.add(new GainRow(r.scenario(), base.scenario(), Gain.of(r, base)));
      }
    }
    return rows;
  }

  /**
   * The table of {@link #gainRows} (throughput gain, CCT and p99 FCT reduction, in %); empty when
   * no run has one.
   */
  static String gains(List<RunResult> results) {
    List<List<String>> rows = new ArrayList<>();
    for (GainRow row : gainRows(results)) {
      Gain g = row.gain();
      rows.add(List.of(row.scenario(), row.vs(), signed(g.throughputPct()), signed(g.cctReductionPct()),
          signed(g.p99FctReductionPct())));
    }
    if (rows.isEmpty()) {
      return "";
    }
    return "\n" + new Table(List.of("scenario", "vs", "throughput gain %", "CCT reduction %", "p99 FCT reduction %"),
        rows).render(2);
  }

  private static boolean comparable(RunResult a, RunResult b) {
    for (String k : a.settings().keySet()) {
      if ((SAME_KEYS.contains(k) || SAME_PREFIXES.stream().anyMatch(k::startsWith))
          && !a.settings().get(k).equals(b.settings().get(k))) {
        return false;
      }
    }
    return true;
  }

  private static String signed(double x) {
    return Double.isNaN(x) ? "-" : String.format(Locale.ROOT, "%+.1f", x);
  }

  /**
   * The collective and its size: the configured size for a kind sized by workload.size, the
   * model for training jobs, the trace's name for a Chakra trace, the first flow's size for a
   * kind whose input sizes its flows.
   */
  static String workload(RunResult r, Catalog catalog) {
    String kind = r.settings().get("workload.kind");
    WorkloadKind k = catalog.workloads().find(kind);
    if (k.sized()) {
      return kind + " " + r.settings().get("workload.size");
    }
    String trace = r.settings().getOrDefault("workload.trace", "");
    if (k.jobs() != null) {
      return kind + " " + (trace.isEmpty() ? r.settings().get("job.model") : java.nio.file.Path.of(trace).getFileName());
    }
    return r.flows().isEmpty() ? kind : kind + " " + bytes(r.flows().get(0).bytes());
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
