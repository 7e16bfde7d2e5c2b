package org.lbsim.optimize;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.lbsim.experiment.BaseScenario;
import org.lbsim.scenario.Catalog;

/** The scenario evaluator over a store, counting the runs it simulated rather than read back. */
final class CountingEvaluator implements Evaluator {
  private final ScenarioEvaluator inner;
  private final TrialStore store;
  final AtomicInteger simulated = new AtomicInteger();

  CountingEvaluator(BaseScenario base, TrialStore store) {
    this.store = store;
    this.inner = new ScenarioEvaluator(base, List.of(), Catalog.builtIn(), "t", store);
  }

  @Override
  public void check(Point point, Condition condition, long seed) {
    inner.check(point, condition, seed);
  }

  @Override
  public Metrics run(Point point, Condition condition, long seed) {
    int before = store.readBack();
    Metrics m = inner.run(point, condition, seed);
    if (store.readBack() == before) {
      simulated.incrementAndGet();
    }
    return m;
  }
}
