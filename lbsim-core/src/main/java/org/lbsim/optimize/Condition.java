package org.lbsim.optimize;

import java.util.List;

/**
 * One workload under one failure draw: what a candidate runs on besides its designs and seed,
 * as the overrides that set it on the base scenario. Each is its own resolved scenario, so the
 * trial store keeps its runs apart.
 *
 * @param workload the workload's name (its file's stem); empty for the scenario's own workload
 * @param file the workload file as given, or null for the scenario's own workload
 * @param draw the failure draw, 0, 1, ...; -1 without drawn failures
 * @param drawSeed the seed the draw's links were sampled with (its {@code failures} stream)
 * @param failedLinks the links the draw fails, by name, in link order
 * @param overrides the settings that make this condition, applied before the user's and the candidate's
 */
public record Condition(String workload, String file, int draw, long drawSeed, List<String> failedLinks,
    List<String> overrides) {
  /** The scenario as given: its own workload, no drawn failures. */
  public static final Condition AS_GIVEN = new Condition("", null, -1, 0, List.of(), List.of());

  public Condition {
    failedLinks = List.copyOf(failedLinks);
    overrides = List.copyOf(overrides);
  }

  /** E.g. {@code a2a, draw 1 (2 links failed)}; empty for {@link #AS_GIVEN}. */
  public String label() {
    String w = workload.isEmpty() ? "" : workload;
    if (draw < 0) {
      return w;
    }
    String d = "draw " + draw + " (" + (failedLinks.isEmpty() ? "no link" : failedLinks.size()
        + (failedLinks.size() == 1 ? " link" : " links")) + " failed)";
    return w.isEmpty() ? d : w + ", " + d;
  }
}
