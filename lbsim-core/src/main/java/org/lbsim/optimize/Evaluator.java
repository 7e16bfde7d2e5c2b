package org.lbsim.optimize;

import org.lbsim.scenario.ScenarioException;

/**
 * Runs a candidate under one condition on one seed. Implementations are safe to call from several
 * threads at once.
 */
public interface Evaluator {
  /**
   * Resolves the candidate's scenario without running it.
   *
   * @throws ScenarioException when the scenario refuses it
   */
  void check(Point point, Condition condition, long seed);

  /**
   * Runs it.
   *
   * @throws ScenarioException when the scenario refuses it (nothing ran)
   */
  Metrics run(Point point, Condition condition, long seed);
}
