package org.lbsim.optimize;

import java.util.List;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioRunner;

/**
 * Where a run the search asks for is simulated: in this process, or elsewhere (lbsim-spark: a Spark
 * executor), which rebuilds the scenario from the same base scenario and overrides. Either way the
 * search, its decisions and its trial store stay with the caller. Implementations are safe to call
 * from several threads at once.
 */
public interface TrialRunner {
  /** Simulates the scenario in this process. */
  TrialRunner LOCAL = (scenario, overrides) -> Metrics.of(ScenarioRunner.run(scenario));

  /**
   * Simulates {@code scenario}, already resolved here from the evaluator's base scenario and
   * {@code overrides} (applied in order, the seed last).
   */
  Metrics run(Scenario scenario, List<String> overrides);
}
