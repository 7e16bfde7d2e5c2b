package org.lbsim.bench.crosscheck;

/**
 * What one run of one side gives: its flows, how many did not finish, and the largest flow
 * completion time of those that did (picoseconds; 0 when none did). With every flow finished the
 * largest FCT is the collective's completion time as both simulators' flow logs give it.
 */
record RunResult(int flows, int unfinished, long maxFctPs) {
  boolean finished() {
    return unfinished == 0;
  }
}
