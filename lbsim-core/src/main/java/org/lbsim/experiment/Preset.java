package org.lbsim.experiment;

import java.util.List;

/**
 * One of the study's experiments: a base scenario (overrides of the defaults), the axes it
 * sweeps, how many seeds, and how its results are summarized.
 *
 * @param paper what the study reports, for the side-by-side in the output and docs
 */
public record Preset(String name, String title, String paper, List<String> base, List<Axis> axes, int seeds,
    Analysis analysis) {
  public Preset {
    base = List.copyOf(base);
    axes = List.copyOf(axes);
  }

  public List<GridPoint> grid(int seedCount) {
    return GridPoint.expand(axes, seedCount);
  }
}
