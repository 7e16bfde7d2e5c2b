package org.lbsim.workload;

import java.io.BufferedReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads one {@code .cm} file line by line; see {@link ConnectionMatrix} for the format. One
 * instance per file: it holds the header, connections and triggers read so far.
 */
final class CmParser {

  private static final Set<String> HEADER_KEYS = Set.of("Nodes", "Connections", "Triggers", "Failures");
  private static final String ALLOWED_KEYS =
      "one of id, start, size, prio, trigger, send_done_trigger, recv_done_trigger";
  private static final BigDecimal MAX_PS = BigDecimal.valueOf(Long.MAX_VALUE);

  private final String file;
  private final int expectedHosts;
  private final BigDecimal psPerStartUnit;
  private final Map<String, long[]> header = new HashMap<>(); // keyword -> {value, line}
  private final List<CmConnection> conns = new ArrayList<>();
  private final Map<Long, Integer> connectionIdLines = new HashMap<>();
  private final Map<Long, CmTrigger> triggers = new LinkedHashMap<>();
  private Long firstPriority; // the prio of the first connection that gives one
  private boolean inBody;
  private int lineNo;

  CmParser(String file, int expectedHosts, long psPerStartUnit) {
    this.file = file;
    this.expectedHosts = expectedHosts;
    this.psPerStartUnit = BigDecimal.valueOf(psPerStartUnit);
  }

  List<FlowSpec> parse(BufferedReader in) throws IOException {
    String raw;
    while ((raw = in.readLine()) != null) {
      lineNo++;
      String line = raw.strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] t = line.split("\\s+");
      if (t[0].equals("trigger")) {
        defineTrigger(t, line);
      } else if (line.contains("->")) {
        if (!inBody) {
          endHeader(line);
        }
        conns.add(connection(t, line));
      } else if (HEADER_KEYS.contains(t[0])) {
        headerLine(t, line);
      } else {
        throw error("unrecognized line", line, "a header 'Nodes|Connections|Triggers|Failures <n>', "
            + "a connection 'src->dst start <t> size <bytes> ...' or 'trigger id <n> oneshot|multishot|barrier'");
      }
    }
    return finish();
  }

  private void headerLine(String[] t, String line) {
    if (inBody) {
      throw error("header keyword " + t[0] + " after the first connection", line,
          "all header lines before the first line containing '->'");
    }
    if (t.length != 2) {
      throw error("a header line is a keyword and one number", line, "e.g. '" + t[0] + " 128'");
    }
    long value = nonNegative(t[1], t[0] + " must be a whole number >= 0", "an integer >= 0");
    long[] previous = header.putIfAbsent(t[0], new long[] {value, lineNo});
    if (previous != null) {
      throw error(t[0] + " is given twice (first on line " + previous[1] + ")", line, "one " + t[0] + " line");
    }
    if (t[0].equals("Failures") && value > 0) {
      throw error("link failures in connection matrices are not supported", t[1],
          "Failures 0; describe failures in the scenario instead");
    }
  }

  private void endHeader(String line) {
    inBody = true;
    long[] nodes = header.get("Nodes");
    if (nodes == null) {
      throw error("missing 'Nodes' header before the first connection", line,
          "a line 'Nodes " + expectedHosts + "' at the top of the file");
    }
    if (nodes[0] != expectedHosts) {
      throw new WorkloadFileException(file, (int) nodes[1], "Nodes does not match the topology",
          String.valueOf(nodes[0]), "the topology has " + expectedHosts + " hosts");
    }
  }

  private CmConnection connection(String[] t, String line) {
    int arrow = t[0].indexOf("->");
    if (arrow < 0) {
      throw error("a connection starts with 'src->dst', without spaces", line, "e.g. '14->46 start 0 size 1048576'");
    }
    int src = host(t[0].substring(0, arrow), "source");
    int dst = host(t[0].substring(arrow + 2), "destination");
    if (src == dst) {
      throw error("a host cannot send to itself", t[0], "two different hosts");
    }
    for (int i = 1; i < t.length; i++) {
      if (t[i].equals("msg")) {
        throw error("'msg' (uet-htsim's connection reuse: several messages over one connection) is not modelled",
            "msg", "one connection line per message, without 'msg'");
      }
    }
    if (t.length % 2 == 0) {
      throw error("key '" + t[t.length - 1] + "' has no value", line, "key/value pairs after 'src->dst'");
    }
    Map<String, String> kv = new LinkedHashMap<>(); // written order, so errors name the first bad key
    for (int i = 1; i < t.length; i += 2) {
      if (kv.put(t[i], t[i + 1]) != null) {
        throw error("key '" + t[i] + "' is given twice", line, "each key at most once per connection");
      }
    }
    long trigger = CmConnection.NONE;
    long sendDone = CmConnection.NONE;
    long recvDone = CmConnection.NONE;
    long bytes = -1;
    long startPs = -1;
    for (Map.Entry<String, String> e : kv.entrySet()) {
      String v = e.getValue();
      switch (e.getKey()) {
        case "id" -> connectionId(v);
        case "start" -> startPs = startPs(v);
        case "size" -> bytes = size(v);
        case "prio" -> priority(v);
        case "trigger" -> trigger = nonNegative(v, "trigger must be a trigger id", "an integer >= 0");
        case "send_done_trigger" -> sendDone = nonNegative(v, "send_done_trigger must be a trigger id", "an integer >= 0");
        case "recv_done_trigger" -> recvDone = nonNegative(v, "recv_done_trigger must be a trigger id", "an integer >= 0");
        default -> throw error("unknown connection key '" + e.getKey() + "'", e.getKey(), ALLOWED_KEYS);
      }
    }
    if (bytes < 0) {
      throw error("connection has no size", line, "'size <bytes>' with bytes > 0");
    }
    if (trigger != CmConnection.NONE) {
      startPs = 0; // a triggered connection starts when its trigger fires, whatever 'start' says
    } else if (startPs < 0) {
      throw error("connection has neither a start time nor a trigger", line, "'start <time>' or 'trigger <id>'");
    }
    return new CmConnection(lineNo, src, dst, bytes, startPs, trigger, sendDone, recvDone);
  }

  private void defineTrigger(String[] t, String line) {
    if (t.length != 4 || !t[1].equals("id")) {
      throw error("malformed trigger definition", line, "'trigger id <n> oneshot|multishot|barrier'");
    }
    long id = nonNegative(t[2], "trigger id must be a whole number >= 0", "an integer >= 0");
    CmTrigger.Kind kind = switch (t[3]) {
      case "oneshot" -> CmTrigger.Kind.ONESHOT;
      case "multishot" -> CmTrigger.Kind.MULTISHOT;
      case "barrier" -> CmTrigger.Kind.BARRIER;
      default -> throw error("unknown trigger type", t[3], "oneshot, multishot or barrier");
    };
    CmTrigger previous = triggers.putIfAbsent(id, new CmTrigger(id, kind, lineNo));
    if (previous != null) {
      throw error("trigger " + id + " is defined twice (first on line " + previous.line() + ")", line,
          "one definition per trigger id");
    }
  }

  private List<FlowSpec> finish() {
    if (conns.isEmpty()) {
      throw new WorkloadFileException(file, 0, "the file lists no connections", "no line containing '->'",
          "at least one line 'src->dst start <t> size <bytes>'");
    }
    requireCount("Connections", conns.size(), "connection lines");
    requireCount("Triggers", triggers.size(), "trigger definitions");
    return TriggerResolver.resolve(file, conns, triggers);
  }

  private void requireCount(String key, int actual, String what) {
    long[] declared = header.get(key);
    if (declared != null && declared[0] != actual) {
      throw new WorkloadFileException(file, (int) declared[1], key + " does not match the file",
          String.valueOf(declared[0]), "the file has " + actual + " " + what);
    }
  }

  private void connectionId(String v) {
    long id = nonNegative(v, "connection id must be a whole number >= 0", "an integer >= 0");
    Integer first = connectionIdLines.putIfAbsent(id, lineNo);
    if (first != null) {
      throw error("connection id " + id + " is used twice (first on line " + first + ")", v, "a unique id per connection");
    }
  }

  private int host(String token, String role) {
    long nodes = header.get("Nodes")[0];
    String allowed = "a host number 0.." + (nodes - 1) + ", since Nodes is " + nodes;
    long h;
    try {
      h = Long.parseLong(token);
    } catch (NumberFormatException e) {
      throw error(role + " host is not a number", token, allowed);
    }
    if (h < 0 || h >= nodes) {
      throw error(role + " host is out of range", token, allowed);
    }
    return (int) h;
  }

  private long size(String v) {
    long bytes;
    try {
      bytes = Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw error("size must be a whole number of bytes", v, "an integer > 0");
    }
    if (bytes == 0) {
      throw error("size 0 (htsim's open-ended connection, which sends until the run ends or a trigger stops it) "
          + "is not modelled", v, "an integer number of bytes > 0");
    }
    if (bytes <= 0) {
      throw error("size must be positive", v, "an integer number of bytes > 0");
    }
    return bytes;
  }

  /**
   * A connection's priority. htsim's erasure and SACK drivers ignore it and its NDP driver serves
   * receiver pulls by it; lbsim models no priorities, so it takes a file whose connections all
   * have the same one (priorities then order nothing) and refuses one that mixes them.
   */
  private void priority(String v) {
    long p;
    try {
      p = Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw error("prio must be a whole number", v, "an integer");
    }
    if (firstPriority == null) {
      firstPriority = p;
    } else if (firstPriority != p) {
      throw error("connections of different priorities (prio " + firstPriority + " and " + p + ") are not modelled: "
          + "lbsim serves every connection alike", v, "the same prio on every connection, or none");
    }
  }

  /** Start time in the file's unit, converted to ps and rounded to the nearest ps. */
  private long startPs(String v) {
    BigDecimal start;
    try {
      start = new BigDecimal(v);
    } catch (NumberFormatException e) {
      throw error("start must be a number", v, "a time >= 0, e.g. 0 or 1500.5");
    }
    if (start.signum() < 0) {
      throw error("start must not be negative", v, "a time >= 0");
    }
    BigDecimal ps = start.multiply(psPerStartUnit);
    if (ps.compareTo(MAX_PS) > 0) {
      throw error("start is too late", v, "at most " + Long.MAX_VALUE + " ps");
    }
    try {
      return ps.setScale(0, RoundingMode.HALF_UP).longValueExact();
    } catch (ArithmeticException e) {
      throw error("start is too late", v, "at most " + Long.MAX_VALUE + " ps");
    }
  }

  private long nonNegative(String v, String what, String allowed) {
    try {
      long x = Long.parseLong(v);
      if (x >= 0) {
        return x;
      }
    } catch (NumberFormatException e) {
      // fall through to the error below
    }
    throw error(what, v, allowed);
  }

  private WorkloadFileException error(String what, String got, String allowed) {
    return new WorkloadFileException(file, lineNo, what, shown(got), allowed);
  }

  /** The offending text as messages quote it: at most {@value #SHOWN} characters. */
  static String shown(String got) {
    return got.codePointCount(0, got.length()) <= SHOWN ? got : got.substring(0, got.offsetByCodePoints(0, SHOWN - 3)) + "...";
  }

  private static final int SHOWN = 80;
}
