package org.lbsim.bench.crosscheck;

import java.util.Locale;

/**
 * One line of the table. When every run of both sides finished, the largest FCTs are compared
 * (difference of the medians, {@link Verdict}). When a run of either side left flows unfinished
 * (a black hole routes never avoid), the numbers of unfinished flows are compared instead, by
 * whether the two ranges overlap. A side without results gives no verdict.
 */
record CaseRow(String name, SideRuns lbsim, SideRuns htsim) {
  String difference() {
    if (!comparable() || lbsim.anyUnfinished() || htsim.anyUnfinished()) {
      return "-";
    }
    return String.format(Locale.ROOT, "%+.2f %%", Verdict.differencePct(lbsim.cctUs(), htsim.cctUs()));
  }

  String verdict() {
    if (!comparable()) {
      return "not compared";
    }
    if (lbsim.anyUnfinished() || htsim.anyUnfinished()) {
      return (lbsim.unfinishedFlows().overlaps(htsim.unfinishedFlows()) ? Verdict.WITHIN_SPREAD : Verdict.DIFFERS).label
          + " (unfinished flows)";
    }
    return Verdict.of(lbsim.cctUs(), htsim.cctUs()).label;
  }

  private boolean comparable() {
    return !lbsim.runs().isEmpty() && !htsim.runs().isEmpty();
  }
}
