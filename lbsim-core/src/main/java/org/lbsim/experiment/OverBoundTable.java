package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Median CCT % over the lower bound (or the CCT itself), one row per combination of the {@code rowKeys} values (in
 * sweep order), one column per value of {@code columnKey}.
 */
public record OverBoundTable(List<String> rowKeys, String columnKey, boolean absolute) implements Analysis {
  public OverBoundTable {
    rowKeys = List.copyOf(rowKeys);
  }

  public OverBoundTable(List<String> rowKeys, String columnKey) {
    this(rowKeys, columnKey, false);
  }

  /** Median CCT in microseconds instead, for sweeps whose bound itself moves (e.g. the packet size). */
  public static OverBoundTable cct(List<String> rowKeys, String columnKey) {
    return new OverBoundTable(rowKeys, columnKey, true);
  }

  public OverBoundTable(String rowKey, String columnKey) {
    this(List.of(rowKey), columnKey);
  }

  @Override
  public Table analyze(List<RunRecord> runs) {
    Set<List<String>> rows = new LinkedHashSet<>();
    Set<String> cols = new LinkedHashSet<>();
    for (RunRecord r : runs) {
      rows.add(rowOf(r));
      cols.add(r.value(columnKey));
    }
    List<String> header = new ArrayList<>(rowKeys);
    for (String c : cols) {
      header.add(c + (absolute ? " CCT (us)" : " % over bound"));
    }
    header.add("unfinished runs");
    List<List<String>> out = new ArrayList<>();
    for (List<String> row : rows) {
      List<String> line = new ArrayList<>(row);
      int unfinished = 0;
      for (String col : cols) {
        List<Double> xs = new ArrayList<>();
        for (RunRecord r : runs) {
          if (rowOf(r).equals(row) && r.value(columnKey).equals(col)) {
            if (r.result().unfinishedFlows() > 0) {
              unfinished++;
            } else {
              xs.add(absolute ? r.result().cctPs() / 1e6 : r.result().overBoundPct());
            }
          }
        }
        double med = Stats.median(xs.stream().mapToDouble(Double::doubleValue).toArray());
        line.add(Double.isNaN(med) ? "-" : String.format(Locale.ROOT, absolute ? "%.3f" : "%.2f", med));
      }
      line.add(Integer.toString(unfinished));
      out.add(line);
    }
    return new Table(header, out);
  }

  private List<String> rowOf(RunRecord r) {
    List<String> v = new ArrayList<>(rowKeys.size());
    for (String k : rowKeys) {
      v.add(r.value(k));
    }
    return v;
  }
}
