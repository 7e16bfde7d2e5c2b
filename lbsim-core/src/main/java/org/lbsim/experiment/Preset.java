package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.List;

/**
 * One of the study's experiments: a base scenario (overrides of the defaults), the axes it
 * sweeps, how many seeds, and how its results are summarized. Its own settings are the study's
 * setup; {@code quick}, when present, is a smaller variant of it for a small machine.
 *
 * @param paper what the study reports, for the side-by-side in the output and docs
 * @param quick the smaller variant, or null when the full one is already quick
 */
public record Preset(String name, String title, String paper, List<String> base, List<Axis> axes, int seeds,
    Analysis analysis, Quick quick) {
  public Preset {
    base = List.copyOf(base);
    axes = List.copyOf(axes);
  }

  /** A preset without a quick variant. */
  public Preset(String name, String title, String paper, List<String> base, List<Axis> axes, int seeds,
      Analysis analysis) {
    this(name, title, paper, base, axes, seeds, analysis, null);
  }

  /**
   * How the quick variant differs from the full one.
   *
   * @param base overrides applied after the full preset's base (a key given again wins)
   * @param seeds seeds per point
   * @param axes the axes it sweeps instead of the full preset's (a subset of their values), or null for the same
   */
  public record Quick(List<String> base, int seeds, List<Axis> axes) {
    public Quick {
      base = List.copyOf(base);
      axes = axes == null ? null : List.copyOf(axes);
    }

    public Quick(List<String> base, int seeds) {
      this(base, seeds, null);
    }
  }

  /** This preset with a quick variant: {@code seeds} seeds and {@code overrides} on top of its base. */
  public Preset withQuick(int quickSeeds, String... overrides) {
    return new Preset(name, title, paper, base, axes, seeds, analysis, new Quick(List.of(overrides), quickSeeds));
  }

  /** This preset with a quick variant that sweeps {@code quickAxes} instead of its own axes. */
  public Preset withQuick(int quickSeeds, List<Axis> quickAxes, String... overrides) {
    return new Preset(name, title, paper, base, axes, seeds, analysis,
        new Quick(List.of(overrides), quickSeeds, quickAxes));
  }

  /** The quick variant as a preset of its own; this preset itself when it has none. */
  public Preset quickVariant() {
    if (quick == null) {
      return this;
    }
    List<String> b = new ArrayList<>(base);
    b.addAll(quick.base());
    return new Preset(name, title, paper, b, quick.axes() == null ? axes : quick.axes(), quick.seeds(), analysis, null);
  }

  public List<GridPoint> grid(int seedCount) {
    return GridPoint.expand(axes, seedCount);
  }
}
