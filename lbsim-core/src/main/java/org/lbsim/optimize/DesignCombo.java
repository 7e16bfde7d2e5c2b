package org.lbsim.optimize;

import java.util.List;

/**
 * One combination of a load balancer, a congestion control and a loss recovery, with the knobs
 * the search may set under it.
 *
 * @param undeployable why no hardware runs it (the oracle, the ideal transport), empty when some does
 */
public record DesignCombo(String lb, String cc, String lr, List<Knob> knobs, List<String> undeployable) {
  public DesignCombo {
    knobs = List.copyOf(knobs);
    undeployable = List.copyOf(undeployable);
  }

  /** E.g. {@code ofan dctcp sack}, marked {@code (not deployable)} when no hardware runs it. */
  public String label() {
    return lb + " " + cc + " " + lr + (undeployable.isEmpty() ? "" : " (not deployable)");
  }

  /** The overrides choosing these designs. */
  List<String> overrides() {
    return List.of("lb=" + lb, "cc=" + cc, "lr=" + lr);
  }
}
