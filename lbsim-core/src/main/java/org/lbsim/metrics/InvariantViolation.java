package org.lbsim.metrics;

import java.util.List;

/**
 * A run whose results break a rule that holds for every correct run (conservation, utilization
 * at most 1, a mean queue at most the largest one, ...): a bug in lbsim, never the user's input.
 * Each violation names the port or flow and the numbers.
 */
public final class InvariantViolation extends IllegalStateException {
  private static final long serialVersionUID = 1L;
  private final List<String> violations;

  public InvariantViolation(String scenario, List<String> violations) {
    super("run '" + scenario + "' broke " + violations.size() + " invariant" + (violations.size() == 1 ? "" : "s")
        + ": " + String.join("; ", violations));
    this.violations = List.copyOf(violations);
  }

  public List<String> violations() {
    return violations;
  }
}
