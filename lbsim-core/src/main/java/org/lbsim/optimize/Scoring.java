package org.lbsim.optimize;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a run is scored under its condition, and how the conditions combine ({@link Robust}). A run
 * scores its CCT % over the workload's lower bound; under several conditions, a condition whose
 * workload has no bound scores its CCT % over that condition's reference, the fastest CCT any
 * design combination reached under it at its defaults on the first seed (rung 1), so that every
 * condition's score is a percentage and the worst and the median compare like with like. With one
 * condition, or before the references are known, a workload without a bound scores its CCT in
 * microseconds, as {@link Metrics#score()} does.
 *
 * @param referencePs per condition without a bound, its reference CCT
 */
public record Scoring(Robust robust, Map<Condition, Long> referencePs) {
  public Scoring {
    referencePs = Collections.unmodifiableMap(new LinkedHashMap<>(referencePs));
  }

  /** Without references: each run's own {@link Metrics#score()}. */
  static Scoring of(Robust robust) {
    return new Scoring(robust, Map.of());
  }

  /**
   * With the references of the conditions whose runs have no bound, from {@code rung1}: every
   * design combination at its defaults on the first seed, under every condition; none with one
   * condition.
   */
  static Scoring of(Robust robust, List<Condition> conditions, List<Trial> rung1) {
    Map<Condition, Long> refs = new LinkedHashMap<>();
    if (conditions.size() > 1) {
      for (Condition c : conditions) {
        rung1.stream().filter(t -> t.condition().equals(c) && t.metrics().finished() && t.metrics().boundPs() <= 0)
            .mapToLong(t -> t.metrics().cctPs()).min().ifPresent(cct -> refs.put(c, cct));
      }
    }
    return new Scoring(robust, refs);
  }

  /** The score of a run under {@code c}; infinite when it left flows unfinished. */
  public double score(Condition c, Metrics m) {
    Long ref = referencePs.get(c);
    if (!m.finished() || ref == null || m.boundPs() > 0) {
      return m.score();
    }
    return 100.0 * (m.cctPs() - ref) / ref;
  }

  double score(Trial t) {
    return score(t.condition(), t.metrics());
  }
}
