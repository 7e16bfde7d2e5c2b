package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Median CCT % over the lower bound, one row per value of {@code rowKey}, one column per {@code columnKey}. */
public record OverBoundTable(String rowKey, String columnKey) implements Analysis {
  @Override
  public Table analyze(List<RunRecord> runs) {
    Set<String> rows = new LinkedHashSet<>();
    Set<String> cols = new LinkedHashSet<>();
    for (RunRecord r : runs) {
      rows.add(r.value(rowKey));
      cols.add(r.value(columnKey));
    }
    List<String> header = new ArrayList<>();
    header.add(rowKey);
    for (String c : cols) {
      header.add(c + " % over bound");
    }
    header.add("unfinished runs");
    List<List<String>> out = new ArrayList<>();
    for (String row : rows) {
      List<String> line = new ArrayList<>();
      line.add(row);
      int unfinished = 0;
      for (String col : cols) {
        List<Double> xs = new ArrayList<>();
        for (RunRecord r : runs) {
          if (r.value(rowKey).equals(row) && r.value(columnKey).equals(col)) {
            if (r.result().unfinishedFlows() > 0) {
              unfinished++;
            } else {
              xs.add(r.result().overBoundPct());
            }
          }
        }
        double med = Stats.median(xs.stream().mapToDouble(Double::doubleValue).toArray());
        line.add(Double.isNaN(med) ? "-" : String.format(Locale.ROOT, "%.2f", med));
      }
      line.add(Integer.toString(unfinished));
      out.add(line);
    }
    return new Table(header, out);
  }
}
