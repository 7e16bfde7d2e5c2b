package org.lbsim.workload;

/**
 * A step of a workload's dependency graph that does not touch the fabric: GPU compute, or a copy
 * over a server's NVLink. It takes a fixed {@code durationPs} once every dependency has finished
 * (flows: fully received; other local steps: their duration elapsed), or from time 0 if it has
 * none.
 *
 * <p>In dependency lists, flows are ids 0..n-1 and local steps follow as n..n+m-1, so a flow may
 * wait for a compute step and a compute step for a flow.
 *
 * @param id this step's id, n + its index among the local steps
 * @param deps ids of the flows and local steps it waits for
 */
public record LocalStep(int id, long durationPs, int[] deps) {
  public LocalStep {
    if (durationPs < 0) {
      throw new IllegalArgumentException("local step " + id + ": duration must be >= 0, got " + durationPs);
    }
    deps = deps == null ? new int[0] : deps.clone();
  }

  @Override
  public int[] deps() {
    return deps.clone();
  }
}
