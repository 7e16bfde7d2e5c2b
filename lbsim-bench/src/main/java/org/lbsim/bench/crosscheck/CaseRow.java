package org.lbsim.bench.crosscheck;

import java.util.Locale;

/**
 * One case of the table. When every run of both sides finished, a metric (the largest FCT by
 * default) is compared by the difference of the medians ({@link Verdict}). When a run of either
 * side left flows unfinished (a black hole routes never avoid), the numbers of unfinished flows
 * are compared instead, by whether the two ranges overlap. A side without results gives no
 * verdict.
 */
record CaseRow(String name, SideRuns lbsim, SideRuns htsim) {
  String difference() {
    return difference(Metric.CCT);
  }

  String difference(Metric m) {
    if (!comparable() || lbsim.anyUnfinished() || htsim.anyUnfinished() || !reported(m)
        || htsim.us(m).median() == 0) {
      return "-";
    }
    return String.format(Locale.ROOT, "%+.2f %%", Verdict.differencePct(lbsim.us(m), htsim.us(m)));
  }

  String verdict() {
    return verdict(Metric.CCT);
  }

  String verdict(Metric m) {
    if (!comparable()) {
      return "not compared";
    }
    if (lbsim.anyUnfinished() || htsim.anyUnfinished()) {
      return (lbsim.unfinishedFlows().overlaps(htsim.unfinishedFlows()) ? Verdict.WITHIN_SPREAD : Verdict.DIFFERS).label
          + " (unfinished flows)";
    }
    if (!reported(m)) {
      return "not compared";
    }
    return Verdict.of(lbsim.us(m), htsim.us(m)).label;
  }

  private boolean reported(Metric m) {
    return lbsim.reports(m) && htsim.reports(m);
  }

  private boolean comparable() {
    return !lbsim.runs().isEmpty() && !htsim.runs().isEmpty();
  }
}
