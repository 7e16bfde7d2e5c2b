package org.lbsim.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * A named macro-benchmark case: scenario overrides applied to the built-in defaults, exactly as
 * {@code lbsim run --set key=value} would apply them.
 */
record MacroScenario(String name, String description, List<String> overrides) {

  MacroScenario {
    overrides = List.copyOf(overrides);
  }

  /** These overrides followed by {@code extra}, so extra settings win. */
  List<String> overridesWith(List<String> extra) {
    List<String> all = new ArrayList<>(overrides);
    all.addAll(extra);
    return all;
  }
}
