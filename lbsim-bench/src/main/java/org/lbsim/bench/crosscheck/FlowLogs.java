package org.lbsim.bench.crosscheck;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the per-flow output of each side. htsim's constant-rate and Swift drivers write one CSV
 * row per (sub)flow with a {@code Completion Time} column in picoseconds, 0 for a flow that did
 * not complete (the drivers put it in different positions, so it is found by name). Its other
 * congestion-control drivers (HPCC, RoCE, EQDS, UEC) print one line per completed flow on standard
 * output, {@code Flow NAME ... finished at T ...} with T in microseconds since the start of the
 * run; since the matrices of those cases start every flow at 0, T is the flow's FCT. lbsim's
 * {@code flows.csv} has {@code fct_ps}, -1 for a flow that did not finish.
 */
final class FlowLogs {
  private static final Pattern FINISHED = Pattern.compile("^Flow (.+?) finished at ([0-9.eE+-]+)(\\s.*)?$");
  private static final Pattern CONNECTION = Pattern.compile("^\\s*\\d+\\s*->\\s*\\d+\\s.*");
  /** uet-htsim's UEC and EQDS drivers end with {@code New: N Rtx: R ...}, the UEC one with {@code NACKs: K} too. */
  private static final Pattern TOTALS = Pattern.compile("^New: \\d+ Rtx: (\\d+)\\b.*?(?:NACKs: (\\d+)\\b.*)?$");
  private static final Pattern TRIMMED = Pattern.compile("\"data_trimmed\"\\s*:\\s*(\\d+)");

  private FlowLogs() {}

  static RunResult htsim(List<String> lines) {
    return read(lines, "Completion Time", 0, "htsim flow log");
  }

  static RunResult lbsim(List<String> lines) {
    return read(lines, "fct_ps", -1, "lbsim flows.csv");
  }

  /** lbsim's {@code flows.csv} by each flow's completion since the start of the run ({@code finish_ps}). */
  static RunResult lbsimFinish(List<String> lines) {
    return read(lines, "finish_ps", -1, "lbsim flows.csv");
  }

  /**
   * A driver's standard output: the first {@code finished at} line of each flow, named by what
   * stands between {@code Flow} and {@code finished at}; {@code flows} is the number of
   * connections its matrix lists.
   */
  static RunResult htsimStdout(List<String> lines, int flows) {
    Map<String, Long> first = new LinkedHashMap<>();
    for (String line : lines) {
      Matcher m = FINISHED.matcher(line.strip());
      if (!m.matches()) {
        continue;
      }
      double us;
      try {
        us = Double.parseDouble(m.group(2));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("htsim output: '" + m.group(2) + "' is not a time in microseconds: " + line);
      }
      if (us < 0) {
        throw new IllegalArgumentException("htsim output: negative completion time: " + line);
      }
      first.putIfAbsent(m.group(1), Math.round(us * 1e6));
    }
    if (first.size() > flows) {
      throw new IllegalArgumentException("htsim output: " + first.size() + " flows finished, but its matrix lists " + flows);
    }
    long resent = -1;
    long trimmed = -1;
    for (String line : lines) {
      Matcher m = TOTALS.matcher(line.strip());
      if (m.matches()) {
        resent = Long.parseLong(m.group(1));
        trimmed = m.group(2) == null ? -1 : Long.parseLong(m.group(2)); // a NACK answers each trimmed packet
      }
    }
    return RunResult.of(flows, new ArrayList<>(first.values())).withCounts(trimmed, resent);
  }

  /**
   * lbsim's packets trimmed ({@code summary.json}'s {@code data_trimmed}) and resent (the sum of
   * {@code flows.csv}'s {@code retransmissions}) added to {@code r}, read from its flows and its
   * summary's text; -1 for what they lack.
   */
  static RunResult withLbsimCounts(RunResult r, List<String> flowsCsv, String summaryJson) {
    Matcher m = TRIMMED.matcher(summaryJson);
    long trimmed = m.find() ? Long.parseLong(m.group(1)) : -1;
    int col = flowsCsv.isEmpty() ? -1 : List.of(flowsCsv.get(0).split(",", -1)).indexOf("retransmissions");
    long resent = col < 0 ? -1 : 0;
    for (int i = 1; col >= 0 && i < flowsCsv.size(); i++) {
      String[] cells = flowsCsv.get(i).split(",", -1);
      if (cells.length > col && !cells[col].isBlank()) {
        resent += Long.parseLong(cells[col].strip());
      }
    }
    return r.withCounts(trimmed, resent);
  }

  /** The number of connections a connection matrix lists ({@code SRC->DST ...} lines). */
  static int connections(List<String> matrix) {
    int n = (int) matrix.stream().filter(l -> CONNECTION.matcher(l).matches()).count();
    if (n == 0) {
      throw new IllegalArgumentException("connection matrix: no SRC->DST lines");
    }
    return n;
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
    List<Long> finished = new ArrayList<>();
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
        continue;
      }
      if (fct < 0) {
        throw new IllegalArgumentException(what + ": row " + (i + 1) + ": negative completion time " + fct);
      }
      finished.add(fct);
    }
    if (flows == 0) {
      throw new IllegalArgumentException(what + ": no flow rows");
    }
    return RunResult.of(flows, finished);
  }
}
