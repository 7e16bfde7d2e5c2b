package org.lbsim.bench.crosscheck;

import java.util.List;

/**
 * One matched case: the same fabric, traffic matrix, sizes and queues, run by lbsim (a scenario
 * file and its {@code --set} overrides) and by one htsim driver (its name and flags), with where
 * the driver reports its flows, when it takes one, the flag that seeds it (null: it seeds
 * itself from the clock), and which time of a flow both sides compare.
 */
record CrossCase(String name, String scenario, List<String> lbsimSets, String driver, List<String> htsimFlags,
    HtsimOutput output, String seedFlag, Times times) {
  /** Where a driver reports its flows. */
  enum HtsimOutput {
    /** A CSV flow log written where {@code -of} says. */
    FLOW_LOG,
    /** {@code Flow ... finished at T} lines on standard output. */
    STDOUT
  }

  /** The time of each flow that is compared. */
  enum Times {
    /** From the flow's own start to its completion (lbsim's {@code fct_ps}). */
    FCT,
    /**
     * From the start of the run to the flow's completion (lbsim's {@code finish_ps}), for
     * matrices whose flows start when triggers fire; a driver's {@code finished at} is that time.
     */
    FINISH
  }

  CrossCase {
    lbsimSets = List.copyOf(lbsimSets);
    htsimFlags = List.copyOf(htsimFlags);
  }

  CrossCase(String name, String scenario, List<String> lbsimSets, String driver, List<String> htsimFlags) {
    this(name, scenario, lbsimSets, driver, htsimFlags, HtsimOutput.FLOW_LOG, null, Times.FCT);
  }
}
