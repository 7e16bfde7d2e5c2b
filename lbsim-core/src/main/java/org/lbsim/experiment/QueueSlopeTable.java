package org.lbsim.experiment;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;

/**
 * The largest switch queue against the message size m, one row per combination of the values of
 * {@code rowKeys} (in the order the runs first show them): the median over seeds per m, in data
 * packets of {@code packetBytes} on the wire, and the log-log slope ({@link QueueGrowth}).
 */
public record QueueSlopeTable(List<String> rowKeys, int packetBytes) implements Analysis {
  public QueueSlopeTable {
    rowKeys = List.copyOf(rowKeys);
  }

  @Override
  public Table analyze(List<RunRecord> runs) {
    Set<List<String>> rows = new LinkedHashSet<>();
    for (RunRecord r : runs) {
      rows.add(key(r));
    }
    SortedSet<Long> sizes = QueueGrowth.sizes(runs);
    List<String> header = new ArrayList<>(rowKeys);
    for (long m : sizes) {
      header.add("m=" + m);
    }
    header.add("slope");
    QueueGrowth growth = new QueueGrowth(packetBytes);
    List<List<String>> out = new ArrayList<>();
    for (List<String> row : rows) {
      List<String> line = new ArrayList<>(row);
      line.addAll(growth.cells(runs.stream().filter(r -> key(r).equals(row)).toList(), sizes));
      out.add(line);
    }
    return new Table(header, out);
  }

  /** The slope of the row whose key values are {@code values}, from a table this analysis produced. */
  public static double slope(Table t, String... values) {
    for (List<String> row : t.rows()) {
      if (row.subList(0, values.length).equals(List.of(values))) {
        return Double.parseDouble(row.get(row.size() - 1));
      }
    }
    throw new IllegalArgumentException("no row " + List.of(values));
  }

  private List<String> key(RunRecord r) {
    List<String> key = new ArrayList<>();
    for (String k : rowKeys) {
      key.add(r.value(k));
    }
    return key;
  }
}
