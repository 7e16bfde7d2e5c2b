package org.lbsim.bench.crosscheck;

import java.util.List;

/**
 * Reads the per-flow output of each side. htsim's constant-rate drivers write one CSV row per
 * (sub)flow with a {@code Completion Time} column in picoseconds, 0 for a flow that did not
 * complete (the erasure and the SACK drivers put it in different positions, so it is found by
 * name). lbsim's {@code flows.csv} has {@code fct_ps}, -1 for a flow that did not finish.
 */
final class FlowLogs {
  private FlowLogs() {}

  static RunResult htsim(List<String> lines) {
    return read(lines, "Completion Time", 0, "htsim flow log");
  }

  static RunResult lbsim(List<String> lines) {
    return read(lines, "fct_ps", -1, "lbsim flows.csv");
  }

  private static RunResult read(List<String> lines, String column, long unfinishedMark, String what) {
    if (lines.isEmpty()) {
      throw new IllegalArgumentException(what + ": empty");
    }
    List<String> header = List.of(lines.get(0).split(",", -1));
    int col = header.indexOf(column);
    if (col < 0) {
      throw new IllegalArgumentException(what + ": no '" + column + "' column in its header: " + lines.get(0));
    }
    int flows = 0;
    int unfinished = 0;
    long max = 0;
    for (int i = 1; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isBlank()) {
        continue;
      }
      String[] cells = line.split(",", -1);
      if (cells.length != header.size()) {
        throw new IllegalArgumentException(what + ": row " + (i + 1) + " has " + cells.length + " cells, the header " + header.size());
      }
      long fct;
      try {
        fct = Long.parseLong(cells[col].strip());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(what + ": row " + (i + 1) + ": '" + cells[col] + "' is not a whole number of picoseconds");
      }
      flows++;
      if (fct == unfinishedMark) {
        unfinished++;
      } else if (fct < 0) {
        throw new IllegalArgumentException(what + ": row " + (i + 1) + ": negative completion time " + fct);
      } else {
        max = Math.max(max, fct);
      }
    }
    if (flows == 0) {
      throw new IllegalArgumentException(what + ": no flow rows");
    }
    return new RunResult(flows, unfinished, max);
  }
}
