package org.lbsim.optimize;

import java.util.ArrayList;
import java.util.List;
import org.lbsim.experiment.BaseScenario;
import org.lbsim.scenario.Catalog;
import org.lbsim.scenario.Scenario;
import org.lbsim.scenario.ScenarioKey;
import org.lbsim.scenario.ScenarioReader;

/**
 * Runs candidates as simulations: the base scenario, the condition's workload and failures, the
 * user's overrides, the candidate's designs and knobs, then its seed (a later one wins). Each
 * scenario is resolved here; a {@link TrialRunner} simulates it, here or elsewhere.
 */
public final class ScenarioEvaluator implements Evaluator {
  private final BaseScenario base;
  private final List<String> overrides;
  private final Catalog catalog;
  private final String name;
  private final TrialStore store;
  private final TrialRunner runner;

  /** @param overrides the user's {@code --set}s, without the designs and the seed the search chooses */
  public ScenarioEvaluator(BaseScenario base, List<String> overrides, Catalog catalog, String name) {
    this(base, overrides, catalog, name, null);
  }

  /** As above, reading finished runs back from {@code store} and adding every new one to it (null: none). */
  public ScenarioEvaluator(BaseScenario base, List<String> overrides, Catalog catalog, String name, TrialStore store) {
    this(base, overrides, catalog, name, store, TrialRunner.LOCAL);
  }

  /** As above, simulating each run not in the store with {@code runner}. */
  public ScenarioEvaluator(BaseScenario base, List<String> overrides, Catalog catalog, String name, TrialStore store,
      TrialRunner runner) {
    this.base = base;
    this.overrides = List.copyOf(overrides);
    this.catalog = catalog;
    this.name = name;
    this.store = store;
    this.runner = runner;
  }

  Scenario scenario(Point point, Condition condition, long seed) {
    return resolve(overrides(point, condition, seed));
  }

  private Scenario resolve(List<String> all) {
    return ScenarioReader.fromText(base.yaml(), base.source(), base.baseDir(), name, all, "--set", catalog);
  }

  /** What makes the run's scenario from the base scenario, in order. */
  private List<String> overrides(Point point, Condition condition, long seed) {
    List<String> all = new ArrayList<>(condition.overrides());
    all.addAll(overrides);
    all.addAll(point.overrides());
    all.add("seed=" + seed);
    return all;
  }

  @Override
  public void check(Point point, Condition condition, long seed) {
    scenario(point, condition, seed);
  }

  @Override
  public Metrics run(Point point, Condition condition, long seed) {
    List<String> all = overrides(point, condition, seed);
    Scenario s = resolve(all);
    if (store == null) {
      return runner.run(s, all);
    }
    String key = ScenarioKey.of(s);
    Metrics m = store.get(key);
    if (m == null) {
      m = runner.run(s, all);
      store.put(key, m);
    }
    return m;
  }
}
