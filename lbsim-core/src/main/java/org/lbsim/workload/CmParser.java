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
  private static final String ALLOWED_KEYS = "one of id, start, size, trigger, send_done_trigger, recv_done_trigger";
  private static final BigDecimal MAX_PS = BigDecimal.valueOf(Long.MAX_VALUE);

  private final String file;
  private final int expectedHosts;
  private final boolean exactNodes;
  private final BigDecimal psPerStartUnit;
  private final Map<String, long[]> header = new HashMap<>(); // keyword -> {value, line}
  private final List<CmConnection> conns = new ArrayList<>();
  private final Map<Long, Integer> connectionIdLines = new HashMap<>();
  private final Map<Long, CmTrigger> triggers = new LinkedHashMap<>();
  private boolean inBody;
  private int lineNo;

  /**
   * @param expectedHosts the fabric's hosts
   * @param exactNodes whether {@code Nodes} must equal {@code expectedHosts}; otherwise it may be
   *     fewer (the matrix is placed on some of the hosts)
   */
  CmParser(String file, int expectedHosts, boolean exactNodes, long psPerStartUnit) {
    this.file = file;
    this.expectedHosts = expectedHosts;
    this.exactNodes = exactNodes;
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
      } else if (t[0].equals("failure")) {
        throw error("failure lines (htsim's switch and link failures: switch_type, switch_id, link_id, read by "
            + "connection_matrix.cpp ConnectionMatrix::load and failed by the drivers, e.g. csg-htsim main_eqds.cpp) "
            + "are not modelled in a connection matrix", line, "no failure lines and Failures 0; describe failures in the "
            + "scenario (failure.*)");
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
    if (exactNodes && nodes[0] != expectedHosts) {
      throw new WorkloadFileException(file, (int) nodes[1], "Nodes does not match the topology",
          String.valueOf(nodes[0]), "the topology has " + expectedHosts + " hosts");
    }
    if (nodes[0] > expectedHosts || nodes[0] < 2) {
      throw new WorkloadFileException(file, (int) nodes[1], "Nodes does not fit the topology", String.valueOf(nodes[0]),
          "2 to " + expectedHosts + " nodes: the topology has " + expectedHosts + " hosts, one per node");
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
      if (t[i].equals("msg")) { // a key with a value ("msg 3") or a flag ("msg"), as uet-htsim reads it
        throw error("msg (uet-htsim's connection reuse: main_uec.cpp, run with -conn_reuse, queues the message on the "
            + "open connection of the same id, UecPdcSes::enque) is not modelled", i + 1 < t.length && isInteger(t[i + 1])
            ? "msg " + t[i + 1] : "msg", "one connection line per message, without msg, each its own connection");
      }
      if (t[i].equals("prio")) {
        throw error("prio (a connection's priority) is not modelled: htsim gives it only to NDP's receivers "
            + "(main_ndp.cpp, NdpSink::set_priority), whose pulls only a PrioPullQueue would order by it; ndp.h builds "
            + "NdpPullPacer with a FairPullQueue, which ignores it, and the other drivers ignore it too",
            i + 1 < t.length ? "prio " + t[i + 1] : "prio", "no prio; removing it runs the file as htsim, as built, "
            + "runs it");
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
        case "trigger" -> trigger = waitedTrigger(v);
        case "send_done_trigger" -> sendDone = activatedTrigger(v, "send_done_trigger");
        case "recv_done_trigger" -> recvDone = activatedTrigger(v, "recv_done_trigger");
        default -> throw error("unknown connection key '" + e.getKey() + "'", e.getKey(), ALLOWED_KEYS);
      }
    }
    if (bytes < 0) {
      throw error("connection has no size", line, "'size <bytes>' with bytes > 0");
    }
    if (trigger != CmConnection.NONE && startPs >= 0 && new ArrayList<>(kv.keySet()).indexOf("start")
        > new ArrayList<>(kv.keySet()).indexOf("trigger")) {
      throw error("start after trigger: htsim refuses a connection with both a start time and a trigger "
          + "(connection_matrix.cpp ConnectionMatrix::load) unless start comes first, where the trigger overrides it",
          "start " + kv.get("start"), "either 'start <t>' or 'trigger <id>'");
    }
    if (trigger != CmConnection.NONE) {
      startPs = 0; // as in htsim, a trigger written after 'start' overrides it: the connection starts when it fires
    } else if (startPs < 0) {
      throw error("connection has neither a start time nor a trigger", line, "'start <time>' or 'trigger <id>'");
    }
    return new CmConnection(lineNo, src, dst, bytes, startPs, trigger, sendDone, recvDone);
  }

  /**
   * {@code trigger id N oneshot|multishot|barrier [count C]}, its words in any order as
   * connection_matrix.cpp {@code ConnectionMatrix::load} takes them.
   */
  private void defineTrigger(String[] t, String line) {
    String form = "'trigger id <n> oneshot|multishot|barrier', a barrier optionally with 'count <c>'";
    Long id = null;
    long count = CmTrigger.NO_COUNT;
    CmTrigger.Kind kind = null;
    for (int i = 1; i < t.length; i++) {
      CmTrigger.Kind k = switch (t[i]) {
        case "oneshot" -> CmTrigger.Kind.ONESHOT;
        case "multishot" -> CmTrigger.Kind.MULTISHOT;
        case "barrier" -> CmTrigger.Kind.BARRIER;
        default -> null;
      };
      if (k != null) {
        if (kind != null) {
          throw error("a trigger has one type", line, form);
        }
        kind = k;
      } else if ((t[i].equals("id") || t[i].equals("count")) && i + 1 < t.length) {
        long x = nonNegative(t[i + 1], "trigger " + t[i] + " must be a whole number >= 0", "an integer >= 0");
        if (t[i].equals("id") && x == 0) {
          throw error("trigger id 0: htsim refuses it ('Trigger ID zero is not allowed', connection_matrix.cpp "
              + "ConnectionMatrix::load)", t[i + 1], "an integer >= 1");
        }
        if (t[i].equals("id")) {
          id = x;
        } else {
          count = x;
        }
        i++;
      } else if (t[i].equals("id") || t[i].equals("count")) {
        throw error("trigger key '" + t[i] + "' has no value", line, form);
      } else {
        throw error("unknown trigger key '" + t[i] + "'", t[i], "id, count, oneshot, multishot or barrier");
      }
    }
    if (id == null || kind == null) {
      throw error("malformed trigger definition: no " + (id == null ? "id" : "type"), line, form);
    }
    if (count != CmTrigger.NO_COUNT && kind != CmTrigger.Kind.BARRIER) {
      throw error("count applies to barrier triggers only (htsim reads it on any trigger line, but its "
          + "SingleShotTrigger and MultiShotTrigger ignore it)", "count " + count, "no count on a "
          + kind.name().toLowerCase(java.util.Locale.ROOT) + " trigger");
    }
    CmTrigger previous = triggers.putIfAbsent(id, new CmTrigger(id, kind, count, lineNo));
    if (previous != null) {
      throw error("trigger " + id + " is defined twice (first on line " + previous.line() + ")", line,
          "one definition per trigger id");
    }
  }

  /** The file's {@code Nodes}, once {@link #parse} has read it. */
  int nodes() {
    return (int) header.get("Nodes")[0];
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
    long id = nonNegative(v, "connection id must be a whole number >= 1", "an integer >= 1");
    if (id == 0) {
      throw error("connection id 0: htsim refuses it ('Flow ID zero is not allowed', connection_matrix.cpp "
          + "ConnectionMatrix::load)", v, "an integer >= 1");
    }
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
      throw error("size 0 (htsim's open-ended connection: its drivers set a flow size only when size > 0, e.g. "
          + "main_roce.cpp, main_eqds.cpp, main_uec.cpp, so it sends until the run ends) "
          + "is not modelled", v, "an integer number of bytes > 0");
    }
    if (bytes <= 0) {
      throw error("size must be positive", v, "an integer number of bytes > 0");
    }
    return bytes;
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

  private static boolean isInteger(String v) {
    try {
      Long.parseLong(v);
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /**
   * The trigger a connection waits for: htsim reads {@code trigger 0} as no trigger and then starts
   * the connection at its placeholder start time, never meant as one (connection_matrix.cpp), so 0
   * is refused.
   */
  private long waitedTrigger(String v) {
    long id = nonNegative(v, "trigger must be a trigger id", "an integer >= 1");
    if (id == 0) {
      throw error("trigger 0: htsim reads trigger id 0 as no trigger and leaves the connection without a start "
          + "(connection_matrix.cpp ConnectionMatrix::load)", v, "a trigger id >= 1, or 'start <time>'");
    }
    return id;
  }

  /** A trigger a connection activates; 0 is none, as htsim's drivers read it ({@code if (crt->send_done_trigger)}). */
  private long activatedTrigger(String v, String key) {
    long id = nonNegative(v, key + " must be a trigger id", "an integer >= 0 (0 = none, as in htsim)");
    return id == 0 ? CmConnection.NONE : id;
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
