package org.lbsim.workload;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * Imports htsim connection matrices ({@code .cm} files), so that the traffic the study's own
 * simulator ran can be replayed here unchanged.
 *
 * <pre>
 * Nodes 128
 * Connections 3
 * Triggers 1
 * 14->46 id 1 start 0 size 1048576
 * 3->7 id 2 start 0 size 1048576 send_done_trigger 1
 * 5->9 id 3 trigger 1 size 1048576
 * trigger id 1 oneshot
 * </pre>
 *
 * <ul>
 *   <li>Header lines {@code Nodes}, {@code Connections}, {@code Triggers}, {@code Failures}, each
 *       with one number, come before the first line containing {@code ->}. {@code Nodes} is
 *       required and must equal the topology's host count ({@link #parse}) or be at most it, the
 *       nodes then placed on hosts ({@link #read}, {@link HostPlacement}); the others, when present, must match
 *       what the file lists ({@code Failures} must be 0: failures belong in the scenario). Blank
 *       lines and lines starting with {@code #} are skipped.
 *   <li>A connection {@code src->dst} is followed by key/value pairs: {@code size} (bytes, > 0,
 *       required); {@code start} (a decimal number in the file's time unit, converted with
 *       {@code psPerStartUnit} and rounded to the nearest picosecond; required unless the
 *       connection waits on a trigger, which overrides a {@code start} written before it, as in
 *       htsim); {@code id} (unique; only used to catch duplicated lines); {@code trigger N} (start
 *       when trigger N fires); {@code send_done_trigger N} and {@code recv_done_trigger N}
 *       (activate trigger N when this connection is done).
 *   <li>{@code trigger id N oneshot|multishot|barrier} defines trigger N, its words in any order; a
 *       barrier may give {@code count C} when C is the number of connections that activate it.
 *   <li>What htsim's {@code connection_matrix.cpp} reads but lbsim does not model is refused by
 *       name, with the htsim code that gives it meaning: {@code prio}, uet-htsim's {@code msg},
 *       {@code size 0}, {@code failure} lines (and {@code Failures} above 0), a {@code start}
 *       written after {@code trigger}, and {@code count} other than a barrier's activators.
 * </ul>
 *
 * <p>Triggers fire as htsim fires them, in the order activations happen during the run: a
 * oneshot trigger starts every flow waiting on it at its first activation, a multishot trigger the
 * k-th flow waiting on it (in file order) at its k-th activation ({@link FlowSpec#triggers()}); a
 * barrier starts its flows once every connection that activates it has, so they depend on all of
 * them ({@link FlowSpec#deps()}, {@link FlowSpec#sentDeps()}). A {@code recv_done_trigger}
 * activates once its connection is fully received, a {@code send_done_trigger} once its sender
 * has the ACK that completes it, as in htsim. {@code stage} is the fewest dependency rounds after
 * which a flow can start. Connections that can never start are reported with the loop they wait
 * in.
 *
 * <p>Every problem is a {@link WorkloadFileException} naming the file, the line, the offending
 * value and what is allowed.
 */
public final class ConnectionMatrix {

  private ConnectionMatrix() {}

  /**
   * Reads a {@code .cm} file.
   *
   * @param expectedHosts hosts in the topology; the file's {@code Nodes} must equal it
   * @param psPerStartUnit picoseconds per unit of {@code start}; htsim's files use picoseconds,
   *     so pass 1
   * @return flows with dense ids in file order
   */
  public static List<FlowSpec> parse(Path file, int expectedHosts, long psPerStartUnit) {
    requireArguments(expectedHosts, psPerStartUnit);
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return new CmParser(file.toString(), expectedHosts, true, psPerStartUnit).parse(in);
    } catch (IOException e) {
      throw unreadable(file.toString(), e);
    }
  }

  /**
   * Reads a {@code .cm} text from {@code reader} (not closed here).
   *
   * @param displayName how error messages name the source, e.g. its path
   */
  public static List<FlowSpec> parse(Reader reader, String displayName, int expectedHosts, long psPerStartUnit) {
    requireArguments(expectedHosts, psPerStartUnit);
    BufferedReader in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
    try {
      return new CmParser(displayName, expectedHosts, true, psPerStartUnit).parse(in);
    } catch (IOException e) {
      throw unreadable(displayName, e);
    }
  }

  /**
   * A matrix as read: its {@code Nodes} and its flows, whose {@code src} and {@code dst} are node
   * numbers (0 to nodes - 1), to be placed on hosts ({@link HostPlacement}).
   */
  public record Read(int nodes, List<FlowSpec> flows) {}

  /**
   * Reads a {@code .cm} file whose {@code Nodes} may be fewer than the fabric's hosts.
   *
   * @param hosts hosts in the topology; the file's {@code Nodes} must be at most this
   */
  public static Read read(Path file, int hosts, long psPerStartUnit) {
    requireArguments(hosts, psPerStartUnit);
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      CmParser p = new CmParser(file.toString(), hosts, false, psPerStartUnit);
      List<FlowSpec> flows = p.parse(in);
      return new Read(p.nodes(), flows);
    } catch (IOException e) {
      throw unreadable(file.toString(), e);
    }
  }

  /** As {@link #read(Path, int, long)}, from {@code reader} (not closed here). */
  public static Read read(Reader reader, String displayName, int hosts, long psPerStartUnit) {
    requireArguments(hosts, psPerStartUnit);
    BufferedReader in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
    try {
      CmParser p = new CmParser(displayName, hosts, false, psPerStartUnit);
      List<FlowSpec> flows = p.parse(in);
      return new Read(p.nodes(), flows);
    } catch (IOException e) {
      throw unreadable(displayName, e);
    }
  }

  /**
   * The {@code Nodes} of a file already read with {@link #read(Path, int, long)}: its header
   * alone is read again.
   */
  public static int nodes(Path file) {
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String raw;
      while ((raw = in.readLine()) != null && !raw.contains("->")) {
        String[] t = raw.strip().split("\\s+");
        if (t.length == 2 && t[0].equals("Nodes")) {
          return Integer.parseInt(t[1]);
        }
      }
    } catch (IOException | NumberFormatException e) {
      throw new IllegalStateException(file + ": the Nodes header can no longer be read", e);
    }
    throw new IllegalStateException(file + ": the Nodes header is gone");
  }

  private static void requireArguments(int expectedHosts, long psPerStartUnit) {
    if (expectedHosts < 2) {
      throw new IllegalArgumentException("a connection matrix needs at least 2 hosts, got " + expectedHosts);
    }
    if (psPerStartUnit <= 0) {
      throw new IllegalArgumentException("picoseconds per start unit must be positive, got " + psPerStartUnit);
    }
  }

  private static WorkloadFileException unreadable(String file, IOException e) {
    String reason = e instanceof NoSuchFileException ? "no such file" : String.valueOf(e.getMessage());
    return new WorkloadFileException(file, 0, "cannot read the connection matrix", reason,
        "a readable UTF-8 text file in htsim's .cm format", e);
  }
}
