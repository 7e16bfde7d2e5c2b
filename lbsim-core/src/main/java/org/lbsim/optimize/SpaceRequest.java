package org.lbsim.optimize;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the user asked the search space to be.
 *
 * @param axes per axis ({@code lb}, {@code cc}, {@code lr}), the designs to search; an axis left
 *     out searches every design of its registry
 * @param fixed scenario keys the user set, which the search leaves as set
 * @param ranges per knob key, the interval {low, high} to search instead of the one around its default
 * @param includeUndeployable whether designs no hardware runs (the ideal transport, the oracle) stay in
 */
public record SpaceRequest(Map<String, List<String>> axes, Set<String> fixed, Map<String, double[]> ranges,
    boolean includeUndeployable) {
  public SpaceRequest {
    axes = Collections.unmodifiableMap(new LinkedHashMap<>(axes));
    fixed = Set.copyOf(fixed);
    ranges = Collections.unmodifiableMap(new LinkedHashMap<>(ranges));
  }

  /** Every design of every axis, deployable ones only. */
  public static SpaceRequest everything() {
    return new SpaceRequest(Map.of(), Set.of(), Map.of(), false);
  }
}
