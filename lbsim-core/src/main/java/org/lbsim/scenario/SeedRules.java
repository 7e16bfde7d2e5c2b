package org.lbsim.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * One way to choose the seeds of a grid (a sweep or a preset): {@code seeds: N} runs every point
 * with seeds 1..N, and each run is named after its seed. An axis {@code seed} or an override
 * {@code seed=...} would be replaced by those seeds, or would replace them while the run names
 * keep saying 1..N, so either is an error.
 */
public final class SeedRules {
  private SeedRules() {}

  /**
   * Refuses conflicting seed specifications.
   *
   * @param source how messages name the grid, e.g. its file
   * @param axes the grid's axis keys
   * @param seeds the grid's seed count
   * @param overrides the user's "key=value" overrides applied to every point
   * @throws ScenarioException naming each conflict
   */
  public static void check(String source, List<String> axes, int seeds, List<String> overrides) {
    List<String> problems = new ArrayList<>();
    for (String a : axes) {
      if (isSeed(a)) {
        problems.add(source + ": axes." + a.trim() + ": a grid's seeds come from 'seeds: N' (seeds 1.." + seeds
            + " here), which would replace this axis; remove the axis and set seeds instead");
      }
    }
    for (String o : overrides) {
      int eq = o.indexOf('=');
      if (eq > 0 && isSeed(o.substring(0, eq))) {
        problems.add("--set " + StrictYaml.show(o.trim()) + ": conflicts with the grid's seeds (" + source
            + " runs every point with seeds 1.." + seeds + ", each named after its seed); set the grid's seeds instead");
      }
    }
    if (!problems.isEmpty()) {
      throw new ScenarioException(problems);
    }
  }

  private static boolean isSeed(String key) {
    String k = key.trim();
    return k.equals("seed") || k.equals("seed?");
  }
}
