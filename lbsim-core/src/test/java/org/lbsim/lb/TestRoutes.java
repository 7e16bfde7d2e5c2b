package org.lbsim.lb;

/** Test access to Host DR's route encoding. */
public final class TestRoutes {
  private TestRoutes() {}

  public static int core(int c, int half) {
    return DrPaths.coreRoute(c, half);
  }
}
