package org.lbsim.bench.crosscheck;

import java.util.ArrayList;
import java.util.List;

/**
 * The cross-check table, printed as a Markdown table whose columns also line up in a terminal;
 * the difference column is right-aligned, the others left-aligned.
 */
final class Table {
  static final List<String> HEADER = List.of("case", "lbsim CCT µs, median [min, max]", "htsim CCT µs, median [min, max]",
      "lbsim − htsim", "verdict");
  private static final int DIFFERENCE = 3;

  private Table() {}

  static String format(List<CaseRow> rows) {
    List<List<String>> lines = new ArrayList<>();
    lines.add(HEADER);
    for (CaseRow r : rows) {
      lines.add(List.of(r.name(), r.lbsim().cell(), r.htsim().cell(), r.difference(), r.verdict()));
    }
    int[] width = new int[HEADER.size()];
    for (List<String> line : lines) {
      for (int c = 0; c < width.length; c++) {
        width[c] = Math.max(width[c], line.get(c).length());
      }
    }
    List<String> rule = new ArrayList<>();
    for (int c = 0; c < width.length; c++) {
      rule.add(c == DIFFERENCE ? "-".repeat(width[c] - 1) + ":" : "-".repeat(width[c]));
    }
    lines.add(1, rule);
    StringBuilder out = new StringBuilder();
    for (List<String> line : lines) {
      out.append('|');
      for (int c = 0; c < width.length; c++) {
        String cell = line.get(c);
        String pad = " ".repeat(width[c] - cell.length());
        out.append(' ').append(c == DIFFERENCE ? pad + cell : cell + pad).append(" |");
      }
      out.append('\n');
    }
    return out.toString();
  }
}
