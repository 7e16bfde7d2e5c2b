package org.lbsim.bench.crosscheck;

/**
 * How a case's two sides compare: the medians within 3 % of htsim's; else the two sides' ranges
 * over their runs overlapping (seed noise, as with hash-dominated designs such as ECMP); else
 * they differ.
 */
enum Verdict {
  WITHIN_3_PCT("within 3 %"),
  WITHIN_SPREAD("within the seed spread"),
  DIFFERS("differs");

  static final double TOLERANCE = 0.03;

  final String label;

  Verdict(String label) {
    this.label = label;
  }

  /** lbsim's median relative to htsim's, in percent. */
  static double differencePct(Spread lbsim, Spread htsim) {
    return (lbsim.median() - htsim.median()) / htsim.median() * 100;
  }

  static Verdict of(Spread lbsim, Spread htsim) {
    if (htsim.median() == 0 ? lbsim.median() == 0 : Math.abs(differencePct(lbsim, htsim)) <= TOLERANCE * 100) {
      return WITHIN_3_PCT;
    }
    return lbsim.overlaps(htsim) ? WITHIN_SPREAD : DIFFERS;
  }
}
