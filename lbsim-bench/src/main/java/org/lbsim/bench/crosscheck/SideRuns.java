package org.lbsim.bench.crosscheck;

import java.util.List;
import java.util.Locale;

/** One side's runs of a case, and how many of its runs gave no readable result. */
record SideRuns(List<RunResult> runs, int failed) {
  SideRuns {
    runs = List.copyOf(runs);
  }

  boolean anyUnfinished() {
    return runs.stream().anyMatch(r -> !r.finished());
  }

  /** The largest FCT of each run, microseconds (meaningful when every run finished). */
  Spread cctUs() {
    return us(Metric.CCT);
  }

  /** The metric over the runs, microseconds or packets (meaningful when every run finished). */
  Spread us(Metric m) {
    return Spread.of(runs.stream().map(r -> r.value(m)).toList());
  }

  /** Whether every run reports the metric (times always; counts only where the side prints them). */
  boolean reports(Metric m) {
    return runs.stream().allMatch(r -> r.value(m) >= 0);
  }

  Spread unfinishedFlows() {
    return Spread.of(runs.stream().map(r -> (double) r.unfinished()).toList());
  }

  String cell() {
    return cell(Metric.CCT);
  }

  String cell(Metric m) {
    if (runs.isEmpty()) {
      return failed > 0 ? "failed (" + failed + " runs)" : "no runs";
    }
    String failures = failed > 0 ? ", " + failed + " failed" : "";
    if (!reports(m)) {
      return "not reported";
    }
    if (!anyUnfinished()) {
      Spread s = us(m);
      String f = m.count ? "%s [%s, %s]%s" : "%.3f [%.3f, %.3f]%s";
      return m.count ? String.format(Locale.ROOT, f, whole(s.median()), whole(s.min()), whole(s.max()), failures)
          : String.format(Locale.ROOT, f, s.median(), s.min(), s.max(), failures);
    }
    Spread u = unfinishedFlows();
    long runsUnfinished = runs.stream().filter(r -> !r.finished()).count();
    return String.format(Locale.ROOT, "unfinished flows %s [%s, %s] in %d of %d runs%s",
        whole(u.median()), whole(u.min()), whole(u.max()), runsUnfinished, runs.size(), failures);
  }

  private static String whole(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
  }
}
