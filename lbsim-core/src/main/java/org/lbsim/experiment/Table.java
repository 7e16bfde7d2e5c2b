package org.lbsim.experiment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/** A small text table: a header row and data rows of strings. */
public record Table(List<String> header, List<List<String>> rows) {
  public Table {
    header = List.copyOf(header);
    List<List<String>> copy = new ArrayList<>();
    for (List<String> r : rows) {
      copy.add(List.copyOf(r));
    }
    rows = List.copyOf(copy);
  }

  /** Aligned text: first column left-aligned, the others right-aligned. */
  public String render() {
    return render(1);
  }

  /**
   * Aligned text: the first {@code leftColumns} columns left-aligned, the others right-aligned;
   * no line ends in spaces.
   */
  public String render(int leftColumns) {
    StringBuilder align = new StringBuilder();
    for (int i = 0; i < header.size(); i++) {
      align.append(i < leftColumns ? 'l' : 'r');
    }
    return render(align.toString());
  }

  /**
   * Aligned text with one letter per column, {@code l} (left) or {@code r} (right), e.g.
   * {@code "lrrl"}; no line ends in spaces.
   */
  public String render(String alignment) {
    if (alignment.length() != header.size() || !alignment.matches("[lr]*")) {
      throw new IllegalArgumentException("alignment '" + alignment + "': expected one of l or r per column ("
          + header.size() + ")");
    }
    int[] w = new int[header.size()];
    List<List<String>> all = new ArrayList<>();
    all.add(header);
    all.addAll(rows);
    for (List<String> r : all) {
      for (int i = 0; i < r.size(); i++) {
        w[i] = Math.max(w[i], r.get(i).length());
      }
    }
    StringBuilder sb = new StringBuilder();
    for (int ri = 0; ri < all.size(); ri++) {
      List<String> r = all.get(ri);
      for (int i = 0; i < r.size(); i++) {
        boolean last = i + 1 == r.size();
        String pad = " ".repeat(w[i] - r.get(i).length());
        boolean left = alignment.charAt(i) == 'l';
        sb.append(left ? (last ? r.get(i) : r.get(i) + pad) : pad + r.get(i)).append(last ? "\n" : "  ");
      }
      if (ri == 0) {
        for (int i = 0; i < w.length; i++) {
          sb.append("-".repeat(w[i])).append(i + 1 < w.length ? "  " : "\n");
        }
      }
    }
    return sb.toString();
  }

  /** CSV (RFC 4180) with a header line; a value holding a comma, quote or line break is quoted. */
  public String csv() {
    StringBuilder sb = new StringBuilder();
    try (CSVPrinter out = new CSVPrinter(sb, CSV)) {
      out.printRecord(header);
      for (List<String> r : rows) {
        out.printRecord(r);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringBuilder does not fail
    }
    return sb.toString();
  }

  private static final CSVFormat CSV = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get();
}
