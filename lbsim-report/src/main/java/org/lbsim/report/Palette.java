package org.lbsim.report;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The report's colours, the same in the HTML page and in the PNGs.
 *
 * <p>Categories (schemes, ports): Tableau 20 (matplotlib's {@code tab20}), its 10 saturated
 * colours first and then their 10 light partners, so up to 10 categories get strong colours and
 * up to 20 stay distinct; a 21st category reuses the first colour. Quantities (the heat map):
 * viridis, dark purple at 0 to yellow at 1, which reads in grey and for colour-blind readers.
 */
final class Palette {
  static final List<String> CATEGORIES = List.of(
      "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
      "#aec7e8", "#ffbb78", "#98df8a", "#ff9896", "#c5b0d5", "#c49c94", "#f7b6d2", "#c7c7c7", "#dbdb8d", "#9edae5");

  /** Viridis at nine evenly spaced stops from 0 to 1 (matplotlib's values). */
  static final List<String> VIRIDIS = List.of(
      "#440154", "#472d7b", "#3b528b", "#2c728e", "#21918c", "#28ae80", "#5ec962", "#addc30", "#fde725");

  private Palette() {}

  /** The colours of {@code n} categories in order, cycling after 20. */
  static List<String> categories(int n) {
    List<String> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(CATEGORIES.get(i % CATEGORIES.size()));
    }
    return out;
  }

  /**
   * A Vega-Lite colour scale giving each of {@code names} its colour by position: charts that
   * pass the same names (every scheme, in run order) give a scheme the same colour.
   */
  static Map<String, Object> scale(List<String> names) {
    return Spec.map("domain", new ArrayList<>(names), "range", categories(names.size()));
  }

  /** The PNG colour of {@code name}, one of {@code names}: the same as {@link #scale} gives it. */
  static Color awt(List<String> names, String name) {
    return awt(CATEGORIES.get(Math.max(0, names.indexOf(name)) % CATEGORIES.size()));
  }

  static Color awt(String hex) {
    return Color.decode(hex);
  }

  static Color[] awtCategories() {
    return CATEGORIES.stream().map(Palette::awt).toArray(Color[]::new);
  }

  static Color[] awtViridis() {
    return VIRIDIS.stream().map(Palette::awt).toArray(Color[]::new);
  }
}
