package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One of the study's experiments: a base scenario (overrides of the defaults), the axes it
 * sweeps, how many seeds, and how its results are summarized. Its own settings are the study's
 * setup; {@code quick}, when present, is a smaller variant of it for a small machine.
 *
 * @param paper what the study reports, for the side-by-side in the output and docs
 * @param quick the smaller variant, or null when the full one is already quick
 * @param reference the runs it makes besides its axes' grid, or null for none
 */
public record Preset(String name, String title, String paper, List<String> base, List<Axis> axes, int seeds,
    Analysis analysis, Quick quick, Reference reference) {
  public Preset {
    base = List.copyOf(base);
    axes = List.copyOf(axes);
    if (reference != null) {
      List<String> keys = axes.stream().map(Axis::key).toList();
      if (!keys.containsAll(reference.axes())) {
        throw new IllegalArgumentException("preset " + name + ": reference axes " + reference.axes() + " not all in "
            + keys);
      }
    }
  }

  /** A preset without a quick variant. */
  public Preset(String name, String title, String paper, List<String> base, List<Axis> axes, int seeds,
      Analysis analysis) {
    this(name, title, paper, base, axes, seeds, analysis, null, null);
  }

  /**
   * Runs a preset makes besides the grid of its axes, for its analysis to compare against: every
   * combination of the values of the axes named in {@code axes}, each with {@code settings} in
   * place of the other axes (e.g. a failure-free run per scheme beside a sweep of the failure rate).
   */
  public record Reference(List<String> axes, Map<String, String> settings) {
    public Reference {
      axes = List.copyOf(axes);
      settings = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(settings));
    }
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
    return new Preset(name, title, paper, base, axes, seeds, analysis, new Quick(List.of(overrides), quickSeeds),
        reference);
  }

  /** This preset with a quick variant that sweeps {@code quickAxes} instead of its own axes. */
  public Preset withQuick(int quickSeeds, List<Axis> quickAxes, String... overrides) {
    return new Preset(name, title, paper, base, axes, seeds, analysis,
        new Quick(List.of(overrides), quickSeeds, quickAxes), reference);
  }

  /** This preset with {@code runs} besides its grid (its quick variant makes them on its own axes). */
  public Preset withReference(Reference runs) {
    return new Preset(name, title, paper, base, axes, seeds, analysis, quick, runs);
  }

  /** The quick variant as a preset of its own; this preset itself when it has none. */
  public Preset quickVariant() {
    if (quick == null) {
      return this;
    }
    List<String> b = new ArrayList<>(base);
    b.addAll(quick.base());
    return new Preset(name, title, paper, b, quick.axes() == null ? axes : quick.axes(), quick.seeds(), analysis, null,
        reference);
  }

  /** The reference runs first (see {@link Reference}), then every combination of the axes, for seeds 1..seedCount. */
  public List<GridPoint> grid(int seedCount) {
    List<GridPoint> out = new ArrayList<>();
    if (reference != null) {
      List<Axis> kept = new ArrayList<>();
      for (Axis a : axes) {
        if (reference.axes().contains(a.key())) {
          kept.add(a);
        }
      }
      for (Map.Entry<String, String> e : reference.settings().entrySet()) {
        kept.add(Axis.of(e.getKey(), e.getValue()));
      }
      out.addAll(GridPoint.expand(kept, seedCount));
    }
    out.addAll(GridPoint.expand(axes, seedCount));
    return out;
  }
}
