package org.lbsim.lb;

import org.lbsim.topo.FatTree;

/** Test access to Host DR's route encoding. */
public final class TestRoutes {
  private TestRoutes() {}

  /** The route to core {@code c} of a fat tree with k/2 = {@code half}. */
  public static int core(int c, int half) {
    return DrPaths.route(new FatTree(2 * half, 1), 2, c);
  }
}
