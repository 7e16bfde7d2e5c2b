package org.lbsim.bench.crosscheck;

import java.util.List;

/**
 * One matched case: the same fabric, traffic matrix, sizes and queues, run by lbsim (a scenario
 * file and its {@code --set} overrides) and by one htsim driver (its name and flags).
 */
record CrossCase(String name, String scenario, List<String> lbsimSets, String driver, List<String> htsimFlags) {
  CrossCase {
    lbsimSets = List.copyOf(lbsimSets);
    htsimFlags = List.copyOf(htsimFlags);
  }
}
