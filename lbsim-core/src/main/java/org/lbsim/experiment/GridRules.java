package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.List;
import org.lbsim.scenario.Applicability;
import org.lbsim.scenario.OverrideList;
import org.lbsim.scenario.ScenarioException;
import org.lbsim.scenario.StrictYaml;

/**
 * What a user's {@code --set} may not do to a grid (a sweep, a preset, recommend's candidates, a
 * collective bench). Every point runs with seeds 1..N, named after their seed, and with its axes'
 * values, named in its run name and table row; a key given twice ({@link OverrideList}), an axis
 * {@code seed}, an override {@code seed=...}, or an override of an axis key with a value the axis
 * does not hold alone would make a run or its row say something other than what ran, so each is
 * an error.
 */
public final class GridRules {
  private GridRules() {}

  /**
   * Refuses keys given twice, conflicting seed specifications and overrides of swept keys.
   *
   * @param source how messages name the grid, e.g. its file or {@code preset fig1}
   * @param axes the grid's axes
   * @param seeds the grid's seed count
   * @param overrides the user's "key=value" overrides applied to every point
   * @throws ScenarioException naming each conflict
   */
  public static void check(String source, List<Axis> axes, int seeds, List<String> overrides) {
    List<String> problems = new ArrayList<>(OverrideList.repeats(overrides));
    for (Axis a : axes) {
      if (isSeed(a.key())) {
        problems.add(source + ": axes." + a.key().trim() + ": a grid's seeds come from 'seeds: N' (seeds 1.." + seeds
            + " here), which would replace this axis; remove the axis and set seeds instead");
      }
    }
    for (String o : overrides) {
      String key = OverrideList.key(o);
      if (key == null) {
        continue; // the scenario reader reports it
      }
      String value = o.substring(o.indexOf('=') + 1).trim();
      if (isSeed(key)) {
        problems.add("--set " + StrictYaml.show(o.trim()) + ": conflicts with the grid's seeds (" + source
            + " runs every point with seeds 1.." + seeds + ", each named after its seed); set the grid's seeds instead");
        continue;
      }
      for (Axis a : axes) {
        if (sameKey(a.key(), key) && !(a.values().size() == 1 && a.values().get(0).trim().equals(value))) {
          problems.add("--set " + StrictYaml.show(o.trim()) + ": conflicts with the axis " + a.key().trim() + " of "
              + source + " (" + String.join(", ", a.values()) + "): every point would run " + key + "="
              + value + " while its run name and table row keep the axis's value; drop the --set, or sweep the "
              + "values you want");
        }
      }
    }
    if (!problems.isEmpty()) {
      throw new ScenarioException(problems);
    }
  }

  private static boolean sameKey(String a, String b) {
    return Applicability.unconditional(a.trim()).equals(Applicability.unconditional(b.trim()));
  }

  private static boolean isSeed(String key) {
    return sameKey(key, "seed");
  }
}
