package org.lbsim.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConnectionMatrixTest {

  private static List<FlowSpec> parse(String text, int hosts) {
    return ConnectionMatrix.parse(new StringReader(text), "t.cm", hosts, 1);
  }

  private static Path resource(String name) throws URISyntaxException {
    return Path.of(ConnectionMatrixTest.class.getResource("/" + name).toURI());
  }

  @Test
  void readsTheStudysPermutationFile() throws Exception {
    List<FlowSpec> flows = ConnectionMatrix.parse(resource("perm_128n_2MiB.cm"), 128, 1);

    assertThat(flows).hasSize(128);
    boolean[] sends = new boolean[128];
    boolean[] receives = new boolean[128];
    for (int i = 0; i < flows.size(); i++) {
      FlowSpec f = flows.get(i);
      assertThat(f.id()).isEqualTo(i);
      assertThat(f.bytes()).isEqualTo(2_097_152);
      assertThat(f.startPs()).isZero();
      assertThat(f.depCount()).isZero();
      assertThat(f.stage()).isZero();
      assertThat(sends[f.src()]).isFalse();
      assertThat(receives[f.dst()]).isFalse();
      sends[f.src()] = true;
      receives[f.dst()] = true;
    }
    assertThat(flows.get(0)).isEqualTo(FlowSpec.independent(0, 14, 127, 2_097_152, 0));
    assertThat(flows.get(127)).isEqualTo(FlowSpec.independent(127, 34, 109, 2_097_152, 0));
  }

  @Test
  void aOneshotTriggerStaysARunTimeTriggerThatEveryActivatorActivates() {
    List<FlowSpec> flows = parse("""
        Nodes 16
        Connections 4
        Triggers 1
        14->4 id 1 start 0 size 1048576
        3->7 id 2 start 0 size 1048576 send_done_trigger 1
        6->8 id 3 start 0 size 10 recv_done_trigger 1
        5->9 id 4 trigger 1 size 1048576
        trigger id 1 oneshot
        """, 16);

    assertThat(flows).hasSize(4);
    assertThat(flows.get(0).triggers()).isEqualTo(FlowTriggers.NONE);
    assertThat(flows.get(1).triggers()).isEqualTo(new FlowTriggers(-1, false, 0, -1, 1));
    assertThat(flows.get(2).triggers()).isEqualTo(new FlowTriggers(-1, false, -1, 0, 2));
    // whichever activator is done first starts it, so it depends on no flow in particular
    assertThat(flows.get(3)).isEqualTo(new FlowSpec(3, 5, 9, 1_048_576, 0, new int[0], 1, new int[0],
        new FlowTriggers(0, false, -1, -1, 3)));
    assertThat(flows.get(3).waitCount()).isEqualTo(1);
  }

  @Test
  void barrierWaitsForEveryActivatorAndStagesAreDepths() {
    List<FlowSpec> flows = parse("""
        # a two-level barrier
        Nodes 8

        0->1 start 0 size 100 send_done_trigger 1
        2->3 start 5 size 100 recv_done_trigger 1
        1->0 trigger 1 size 100 recv_done_trigger 2
        3->2 trigger 2 size 100
        trigger id 1 barrier
        trigger id 2 multishot
        """, 8);

    assertThat(flows).extracting(FlowSpec::stage).containsExactly(0, 0, 1, 2);
    assertThat(flows.get(2).sentDeps()).containsExactly(0); // 0's send_done_trigger
    assertThat(flows.get(2).deps()).containsExactly(1); // 1's recv_done_trigger
    assertThat(flows.get(2).triggers()).isEqualTo(new FlowTriggers(-1, false, -1, 0, 2)); // the barrier is no run-time trigger
    assertThat(flows.get(3).deps()).isEmpty();
    assertThat(flows.get(3).triggers()).isEqualTo(new FlowTriggers(0, true, -1, -1, 3));
    assertThat(flows.get(1).startPs()).isEqualTo(5);
  }

  @Test
  void multishotWaitersAreTheTriggersTargetsInFileOrder() {
    List<FlowSpec> flows = parse("""
        Nodes 4
        0->1 start 0 size 1 send_done_trigger 7
        1->2 start 0 size 1 send_done_trigger 7
        2->3 trigger 7 size 1
        3->0 trigger 7 size 1
        trigger id 7 multishot
        """, 4);

    assertThat(flows).extracting(FlowSpec::triggers).containsExactly(new FlowTriggers(-1, false, 0, -1, 0),
        new FlowTriggers(-1, false, 0, -1, 1), new FlowTriggers(0, true, -1, -1, 2), new FlowTriggers(0, true, -1, -1, 3));
    assertThat(flows.get(2).sentDeps()).isEmpty();
    assertThat(flows.get(2).deps()).isEmpty();
  }

  /**
   * A waiter's stage is the earliest round it can start in: one past its oneshot trigger's
   * shallowest activator, and for the k-th waiter of a multishot trigger one past the k-th
   * shallowest, whatever order the file lists them in.
   */
  @Test
  void aWaitersStageIsTheEarliestRoundItsTriggerCanFireIn() {
    List<FlowSpec> flows = parse("""
        Nodes 8
        0->1 start 0 size 1 send_done_trigger 1
        1->2 trigger 1 size 1 send_done_trigger 2 recv_done_trigger 3
        2->3 start 0 size 1 send_done_trigger 2 recv_done_trigger 3
        3->4 trigger 2 size 1
        4->5 trigger 3 size 1
        5->6 trigger 3 size 1
        trigger id 1 oneshot
        trigger id 2 oneshot
        trigger id 3 multishot
        """, 8);

    assertThat(flows).extracting(FlowSpec::stage).containsExactly(0, 1, 0, 1, 1, 2);
  }

  /** A multishot trigger may start the connection whose completion activates it next: htsim runs such a chain. */
  @Test
  void aMultishotTriggerMayBeActivatedByAConnectionItStarted() {
    List<FlowSpec> flows = parse("""
        Nodes 4
        1->2 trigger 1 size 1 send_done_trigger 1
        0->1 start 0 size 1 send_done_trigger 1
        2->3 trigger 1 size 1
        trigger id 1 multishot
        """, 4);

    assertThat(flows).extracting(FlowSpec::stage).containsExactly(1, 0, 2);
  }

  @Test
  void startIsScaledAndRoundedToTheNearestPicosecond() {
    List<FlowSpec> flows = parse("""
        Nodes 2
        0->1 start 1.5 size 1
        1->0 start 0.0004 size 1
        0->1 start 2.25 size 1
        """, 2);
    List<FlowSpec> inMicroseconds = ConnectionMatrix.parse(new StringReader("Nodes 2\n0->1 start 1.5 size 1\n"),
        "us.cm", 2, 1_000_000);

    assertThat(flows).extracting(FlowSpec::startPs).containsExactly(2L, 0L, 2L);
    assertThat(inMicroseconds.get(0).startPs()).isEqualTo(1_500_000);
  }

  @Test
  void reportsNodesThatDoNotMatchTheTopology() {
    assertThatThrownBy(() -> parse("Nodes 64\nConnections 1\n0->1 start 0 size 5\n", 128))
        .isInstanceOf(WorkloadFileException.class)
        .hasMessage("t.cm:1: Nodes does not match the topology (got '64'; the topology has 128 hosts)")
        .satisfies(e -> {
          assertThat(((WorkloadFileException) e).line()).isEqualTo(1);
          assertThat(((WorkloadFileException) e).file()).isEqualTo("t.cm");
        });
  }

  @Test
  void reportsAMissingNodesHeader() {
    assertThatThrownBy(() -> parse("Connections 1\n0->1 start 0 size 5\n", 4))
        .isInstanceOf(WorkloadFileException.class)
        .hasMessage("t.cm:2: missing 'Nodes' header before the first connection "
            + "(got '0->1 start 0 size 5'; a line 'Nodes 4' at the top of the file)");
  }

  @Test
  void reportsAnUnknownTrigger() {
    assertThatThrownBy(() -> parse("Nodes 4\n0->1 start 0 size 5\n1->2 trigger 9 size 5\n", 4))
        .isInstanceOf(WorkloadFileException.class)
        .hasMessage("t.cm:3: connection waits for trigger 9, which is not defined "
            + "(got '9'; define it with a line 'trigger id 9 oneshot|multishot|barrier')");
    assertThatThrownBy(() -> parse("Nodes 4\n0->1 start 0 size 5 send_done_trigger 2\n", 4))
        .isInstanceOf(WorkloadFileException.class)
        .hasMessageStartingWith("t.cm:2: connection activates send_done_trigger 2, which is not defined");
  }

  @Test
  void reportsASourceOutOfRange() {
    assertThatThrownBy(() -> parse("Nodes 128\n\n128->3 start 0 size 5\n", 128))
        .isInstanceOf(WorkloadFileException.class)
        .hasMessage("t.cm:3: source host is out of range (got '128'; a host number 0..127, since Nodes is 128)");
  }

  @Test
  void reportsANegativeSize() {
    assertThatThrownBy(() -> parse("Nodes 4\n0->1 start 0 size -5\n", 4))
        .isInstanceOf(WorkloadFileException.class)
        .hasMessage("t.cm:2: size must be positive (got '-5'; an integer number of bytes > 0)");
  }

  /** A case of CmRunFuzzTest's draw (lbsim-cli): a control character of the file is quoted escaped, so a terminal prints the line as written. */
  @Test
  void quotesAControlCharacterOfTheFileEscaped() {
    assertThatThrownBy(() -> parse("Nodes 4\n0->1 start 0 size 5\u001b[31m\n", 4))
        .isInstanceOf(WorkloadFileException.class)
        .hasMessage("t.cm:2: size must be a whole number of bytes (got '5\\u001B[31m'; an integer > 0)");
  }

  /**
   * Every key of htsim's connection_matrix.cpp that lbsim does not model is refused by name, with
   * why, never taken and ignored: prio, msg (with a value or as a flag), size 0, failure lines, a
   * start written after a trigger, a count on a trigger that is not a barrier or that differs from
   * the barrier's activators.
   */
  @Test
  void refusesEachUnmodelledHtsimFeatureByName() {
    assertThat(errorOf("Nodes 4\n0->1 start 0 size 5 prio 3\n"))
        .startsWith("t.cm:2: prio (a connection's priority) is not modelled: htsim gives it only to NDP's receivers")
        .contains("(got 'prio 3'; no prio;");
    assertThat(errorOf("Nodes 4\n0->1 id 1 msg 2 start 0 size 4096\n"))
        .startsWith("t.cm:2: msg (uet-htsim's connection reuse: main_uec.cpp, run with -conn_reuse,")
        .contains("(got 'msg 2'; one connection line per message");
    assertThat(errorOf("Nodes 4\n0->1 id 1 msg start 0 size 4096\n"))
        .startsWith("t.cm:2: msg (uet-htsim's connection reuse").contains("(got 'msg';");
    assertThat(errorOf("Nodes 4\n0->1 start 0 size 4096 msg\n"))
        .startsWith("t.cm:2: msg (uet-htsim's connection reuse").contains("(got 'msg';");
    assertThat(errorOf("Nodes 4\n0->1 start 0 size 0\n"))
        .isEqualTo("t.cm:2: size 0 (htsim's open-ended connection: its drivers set a flow size only when size > 0, "
            + "e.g. main_roce.cpp, main_eqds.cpp, main_uec.cpp, so it sends until the run ends) is not modelled "
            + "(got '0'; an integer number of bytes > 0)");
    assertThat(errorOf("Nodes 4\nFailures 0\n0->1 start 0 size 5\nfailure switch_type TOR switch_id 0 link_id 1\n"))
        .startsWith("t.cm:4: failure lines (htsim's switch and link failures: switch_type, switch_id, link_id,")
        .endsWith("describe failures in the scenario (failure.*))");
    assertThat(errorOf("Nodes 4\n0->1 id 1 start 0 size 5 send_done_trigger 1\n1->2 id 2 trigger 1 start 0 size 5\n"
        + "trigger id 1 oneshot\n"))
        .startsWith("t.cm:3: start after trigger: htsim refuses a connection with both a start time and a trigger")
        .endsWith("(got 'start 0'; either 'start <t>' or 'trigger <id>')");
    assertThat(errorOf("Nodes 4\n0->1 id 1 start 0 size 5 send_done_trigger 1\n1->2 id 2 trigger 1 size 5\n"
        + "trigger id 1 oneshot count 1\n"))
        .startsWith("t.cm:4: count applies to barrier triggers only").endsWith("(got 'count 1'; no count on a oneshot trigger)");
    assertThat(errorOf("Nodes 4\n0->1 id 1 start 0 size 5 send_done_trigger 1\n1->2 id 2 start 0 size 5 send_done_trigger 1\n"
        + "2->3 id 3 trigger 1 size 5\ntrigger id 1 barrier count 3\n"))
        .startsWith("t.cm:5: barrier trigger 1 has count 3 but 2 connections activate it")
        .endsWith("(got 'count 3'; count 2, or no count)");
  }

  /** What htsim takes and runs as lbsim does: a start before the trigger, trigger words in any order, a matching count. */
  @Test
  void takesHtsimsFormsWithTheSameMeaning() {
    List<FlowSpec> flows = parse("""
        Nodes 4
        0->1 id 1 start 0 size 5 send_done_trigger 1
        1->2 id 2 start 0 size 5 send_done_trigger 1
        2->3 id 3 start 7 trigger 1 size 5
        trigger barrier count 2 id 1
        """, 4);

    assertThat(flows.get(2).startPs()).isZero();
    assertThat(flows.get(2).sentDeps()).containsExactly(0, 1);
    assertThat(flows.get(2).stage()).isEqualTo(1);
  }

  @Test
  void reportsOtherMistakesWithTheirLine() {
    assertThat(errorOf("Nodes 4\n2->2 start 0 size 5\n"))
        .isEqualTo("t.cm:2: a host cannot send to itself (got '2->2'; two different hosts)");
    assertThat(errorOf("Nodes 4\n0->1 start 0 size 5 colour red\n"))
        .isEqualTo("t.cm:2: unknown connection key 'colour' (got 'colour'; one of id, start, size, "
            + "trigger, send_done_trigger, recv_done_trigger)");
    assertThat(errorOf("Nodes 4\n0->1 start 0 size\n"))
        .isEqualTo("t.cm:2: key 'size' has no value (got '0->1 start 0 size'; key/value pairs after 'src->dst')");
    assertThat(errorOf("Nodes 4\n0->1 size 5\n"))
        .isEqualTo("t.cm:2: connection has neither a start time nor a trigger "
            + "(got '0->1 size 5'; 'start <time>' or 'trigger <id>')");
    assertThat(errorOf("Nodes 4\n0->1 start -1 size 5\n"))
        .isEqualTo("t.cm:2: start must not be negative (got '-1'; a time >= 0)");
    assertThat(errorOf("Nodes 4\nConnections 2\n0->1 start 0 size 5\n"))
        .isEqualTo("t.cm:2: Connections does not match the file (got '2'; the file has 1 connection lines)");
    assertThat(errorOf("Nodes 4\nTriggers 2\n0->1 id 1 start 0 size 5 send_done_trigger 1\n1->2 id 2 trigger 1 size 5\n"
        + "trigger id 1 oneshot\n"))
        .isEqualTo("t.cm:2: Triggers does not match the file (got '2'; the file has 1 trigger definitions)");
    assertThat(errorOf("Nodes 4\n0->1 id 1 start 0 size 5\n1->0 id 1 start 0 size 5\n"))
        .isEqualTo("t.cm:3: connection id 1 is used twice (first on line 2) (got '1'; a unique id per connection)");
    assertThat(errorOf("Nodes 4\n0->1 start 0 size 5\ntrigger id 1 sometimes\n"))
        .isEqualTo("t.cm:3: unknown trigger key 'sometimes' (got 'sometimes'; id, count, oneshot, multishot or barrier)");
    assertThat(errorOf("Nodes 4\n0->1 start 0 size 5\ntrigger id 1\n"))
        .isEqualTo("t.cm:3: malformed trigger definition: no type (got 'trigger id 1'; 'trigger id <n> "
            + "oneshot|multishot|barrier', a barrier optionally with 'count <c>')");
    assertThat(errorOf("Nodes 4\n0->1 start 0 size 5\nHosts 4\n"))
        .startsWith("t.cm:3: unrecognized line (got 'Hosts 4'; ");
    assertThat(errorOf("Nodes 4\nFailures 2\n0->1 start 0 size 5\n"))
        .startsWith("t.cm:2: link failures in connection matrices are not supported (got '2'; ");
    assertThat(errorOf("Nodes 4\n"))
        .isEqualTo("t.cm: the file lists no connections (got 'no line containing '->''; "
            + "at least one line 'src->dst start <t> size <bytes>')");
  }

  @Test
  void reportsATriggerNobodyActivates() {
    assertThat(errorOf("Nodes 4\n0->1 start 0 size 5\n1->2 trigger 1 size 5\ntrigger id 1 oneshot\n"))
        .isEqualTo("t.cm:3: trigger 1 is never activated, so this connection would never start "
            + "(got '1'; name it as send_done_trigger or recv_done_trigger of another connection)");
  }

  @Test
  void reportsADependencyCycle() {
    String text = """
        Nodes 4
        0->1 start 0 size 5
        1->2 trigger 1 size 5 send_done_trigger 2
        2->3 trigger 2 size 5 send_done_trigger 1
        trigger id 1 oneshot
        trigger id 2 oneshot
        """;

    assertThat(errorOf(text)).isEqualTo("t.cm:3: connections wait for each other in a cycle, so none of them "
        + "can start (got 'line 3 -> line 4 -> line 3'; 'a -> b' reads 'a waits for b'; triggers must not form a loop)");
    assertThat(errorOf("Nodes 4\n0->1 trigger 1 size 5 recv_done_trigger 1\ntrigger id 1 barrier\n"))
        .startsWith("t.cm:2: connections wait for each other in a cycle, so none of them can start (got 'line 2 -> line 2'");
    // the third waiter of a multishot trigger needs a third activation, which only it could give
    assertThat(errorOf("""
        Nodes 4
        0->1 start 0 size 5 send_done_trigger 1
        1->2 start 0 size 5 send_done_trigger 1
        2->3 trigger 1 size 5
        3->0 trigger 1 size 5
        0->2 trigger 1 size 5 send_done_trigger 1
        trigger id 1 multishot
        """)).startsWith("t.cm:6: connections wait for each other in a cycle, so none of them can start "
        + "(got 'line 6 -> line 6'");
  }

  /** htsim refuses connection and trigger id 0 and reads a waited-for trigger 0 as none: lbsim refuses all three by name. */
  @Test
  void idZeroIsRefusedAsHtsimRefusesIt() {
    assertThat(errorOf("Nodes 4\n0->1 id 0 start 0 size 5\n"))
        .startsWith("t.cm:2: connection id 0: htsim refuses it ('Flow ID zero is not allowed'")
        .contains("an integer >= 1");
    assertThat(errorOf("Nodes 4\n0->1 id 1 start 0 size 5 send_done_trigger 1\n1->2 id 2 trigger 1 size 5\n"
        + "trigger id 0 oneshot\n"))
        .startsWith("t.cm:4: trigger id 0: htsim refuses it ('Trigger ID zero is not allowed'");
    assertThat(errorOf("Nodes 4\n0->1 id 1 trigger 0 size 5\n"))
        .startsWith("t.cm:2: trigger 0: htsim reads trigger id 0 as no trigger");
  }

  /** A send_done_trigger or recv_done_trigger of 0 activates nothing, as htsim's drivers read it. */
  @Test
  void anActivatedTriggerOfZeroIsNone() {
    List<FlowSpec> flows = parse("Nodes 4\n0->1 id 1 start 0 size 5 send_done_trigger 0\n"
        + "1->2 id 2 start 0 size 5 recv_done_trigger 0\n", 4);
    assertThat(flows).hasSize(2);
    assertThat(flows).allSatisfy(f -> assertThat(f.triggers()).isEqualTo(FlowTriggers.NONE));
  }

  @Test
  void longTriggerChainsDoNotOverflowTheStack() {
    StringBuilder text = new StringBuilder("Nodes 2\n0->1 start 0 size 1 recv_done_trigger 1\n");
    int chain = 50_000;
    for (int i = 1; i < chain; i++) {
      text.append(i % 2).append("->").append(1 - i % 2).append(" trigger ").append(i)
          .append(" size 1 recv_done_trigger ").append(i + 1).append('\n');
    }
    for (int i = 1; i <= chain; i++) {
      text.append("trigger id ").append(i).append(" oneshot\n");
    }

    List<FlowSpec> flows = parse(text.toString(), 2);

    assertThat(flows).hasSize(chain);
    assertThat(flows.get(chain - 1).stage()).isEqualTo(chain - 1);
  }

  @Test
  void reportsAMissingFile(@TempDir Path dir) {
    Path missing = dir.resolve("nope.cm");

    assertThatThrownBy(() -> ConnectionMatrix.parse(missing, 128, 1))
        .isInstanceOf(WorkloadFileException.class)
        .hasMessage(missing + ": cannot read the connection matrix (got 'no such file'; "
            + "a readable UTF-8 text file in htsim's .cm format)");
  }

  @Test
  void aLongOffendingLineIsQuotedWithAtMost80Characters() {
    String message = errorOf("Nodes 16\n" + "x".repeat(500) + "\n");
    assertThat(message).contains("(got '" + "x".repeat(77) + "...'").doesNotContain("x".repeat(78));
  }

  private static String errorOf(String text) {
    try {
      parse(text, 4);
    } catch (WorkloadFileException e) {
      return e.getMessage();
    }
    throw new AssertionError("expected a WorkloadFileException for:\n" + text);
  }
}
