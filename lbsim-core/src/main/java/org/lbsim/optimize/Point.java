package org.lbsim.optimize;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A candidate the search runs: a design combination and the values of the knobs it sets (a knob
 * left out keeps its default).
 *
 * @param params knob key to value, as a scenario writes it, in the combination's knob order
 */
public record Point(DesignCombo combo, Map<String, String> params) {
  public Point {
    params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
  }

  /** The combination at its defaults. */
  static Point defaults(DesignCombo combo) {
    return new Point(combo, Map.of());
  }

  /** The overrides choosing these designs and setting these knobs. */
  public List<String> overrides() {
    List<String> o = new ArrayList<>(combo.overrides());
    params.forEach((k, v) -> o.add(k + "=" + v));
    return o;
  }

  /** E.g. {@code plb dctcp sack plb.window=20}. */
  public String label() {
    StringBuilder sb = new StringBuilder(combo.label());
    params.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
    return sb.toString();
  }
}
