package org.lbsim.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.lbsim.engine.Simulator;
import org.lbsim.net.EgressPort;
import org.lbsim.net.Packet;
import org.lbsim.net.PacketExtras;
import org.lbsim.scenario.PreparedRun;
import org.lbsim.scenario.ScenarioReader;
import org.lbsim.scenario.ScenarioRunner;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;
import org.openjdk.jol.vm.VM;

/**
 * The memory budget of the hot path's objects (docs/architecture.md, "Memory layout rules"): a
 * large run's per-flow state and packets do not fit in the cache, so every byte they grow costs
 * cache misses. This test pins one flow's block (objects and bytes) for two common designs, and
 * the instance sizes of a packet, its side object and a port, so that growth is a decision taken
 * here and in the docs, never a side effect.
 *
 * <p>The sizes hold for the JVM the build runs on: 64-bit HotSpot, JDK 17, default heap settings,
 * so compressed references and class pointers, 8-byte alignment. On a JVM without them the sizes
 * differ and the test is skipped, never failed.
 *
 * <p>A flow's objects are found as {@link FlowLayout} finds them: what its sender reaches through
 * lbsim's transport and load-balancing objects, less what a flow of other hosts reaches too. Their
 * sizes are summed one by one ({@code VM.sizeOf}); JOL's {@code GraphLayout} would follow every
 * reference, into the shared transport, the fabric and the simulator, and count the whole run.
 */
class FlowBudgetTest {
  /** The scenario and time at which a flow is weighed: all flows started, some of them acked. */
  private static final String SCENARIO = "ata-16-256KiB";
  private static final long AT_US = 20;
  private static final int FLOW = 5;

  @BeforeAll
  static void onlyWhereTheBudgetHolds() {
    String vm = VM.current().details();
    assumeTrue(VM.current().addressSize() == 8, "the budget is for a 64-bit JVM; this one:\n" + vm);
    assumeTrue(!vm.contains("Compressed references (oops): disabled") && VM.current().sizeOfField("object") == 4,
        "the budget holds with compressed references (the default below 32 GB of heap); this JVM has them off:\n" + vm);
    assumeTrue(!vm.contains("Compressed class pointers: disabled") && VM.current().classPointerSize() == 4,
        "the budget holds with compressed class pointers; this JVM has them off:\n" + vm);
    assumeTrue(VM.current().objectAlignment() == 8,
        "the budget holds with 8-byte object alignment; this JVM aligns to " + VM.current().objectAlignment() + ":\n" + vm);
  }

  @Test
  void aFlowOfTheReferenceDesignsIsFiveObjectsOf296Bytes() {
    Block b = flowBlock();
    assertBudget("a flow's state", b.bytes(), 296, "host-spray, ideal, erasure", b);
    assertThat(b.types()).as("objects in a flow's block (host-spray, ideal, erasure)").containsExactlyInAnyOrder(
        "Sender", "ConstantRate", "ReferenceErasureCoding", "NumberedSpray", "CodedReceiver");
  }

  /**
   * SACK's scoreboard arrays (sent-packet flags and entropies at the sender, a received bitmap at
   * the receiver) are sized by the flow's packets: these are a 256 KiB flow's (64 packets).
   */
  @Test
  void aFlowOfEcmpSackDctcpIsTenObjectsOf1000Bytes() {
    Block b = flowBlock("lb=ecmp", "lr=sack", "cc=dctcp");
    assertBudget("a flow's state", b.bytes(), 1000, "lb=ecmp, lr=sack, cc=dctcp", b);
    assertThat(b.types()).as("objects in a flow's block (ecmp, sack, dctcp)").containsExactlyInAnyOrder("Sender",
        "SenderExtras", "Dctcp", "FlowPath", "SelectiveRepeat", "boolean[]", "boolean[]", "int[]", "SackReceiver",
        "long[]");
  }

  @Test
  void aPacketIs104BytesAndItsSideObject88() {
    assertBudget("a packet", ClassLayout.parseClass(Packet.class).instanceSize(), 104, null, null);
    assertBudget("a packet's side object (PacketExtras)", ClassLayout.parseClass(PacketExtras.class).instanceSize(),
        88, null, null);
  }

  /**
   * The fields a hop reads (link delivery, switch routing, port admission and marking) lie
   * together, so that a hop touches one or two of a packet's cache lines, not all three it may
   * span; {@link Packet}'s declaration order puts them there.
   */
  @Test
  void aHopsFieldsOfAPacketLieWithin56Bytes() {
    Set<String> hop = Set.of("arrivalPs", "startPs", "flow", "src", "dst", "sizeBytes", "entropy", "route", "hops",
        "type", "ce", "priority", "pfcCharged", "trimmed", "nextOnWire", "from");
    long first = Long.MAX_VALUE;
    long end = 0;
    List<String> seen = new ArrayList<>();
    for (FieldLayout f : ClassLayout.parseClass(Packet.class).fields()) {
      if (hop.contains(f.name())) {
        first = Math.min(first, f.offset());
        end = Math.max(end, f.offset() + f.size());
        seen.add(f.name() + "@" + f.offset());
      }
    }
    assertThat(seen).as("the hop's fields found in Packet").hasSize(hop.size());
    assertThat(end - first).as("bytes from a packet's first hop field to the end of its last: %s", seen)
        .isLessThanOrEqualTo(56);
  }

  @Test
  void aPortIs240Bytes() {
    assertBudget("a port (EgressPort)", ClassLayout.parseClass(EgressPort.class).instanceSize(), 240, null, null);
  }

  /** {@code bytes} is {@code budget}; else the message says by how much, and for a flow which objects it has now. */
  private static void assertBudget(String what, long bytes, long budget, String designs, Block flow) {
    String objects = flow == null ? "" : " (" + designs + "; its objects now: " + flow.pieces() + ")";
    String message = bytes > budget
        ? String.format("%s grew from %d to %d bytes: every byte costs the large runs cache misses; if the growth is "
            + "intended, update the budget here and in docs/architecture.md%s", what, budget, bytes, objects)
        : String.format("%s shrank from %d to %d bytes: update the budget here and in docs/architecture.md so that "
            + "the gain is held%s", what, budget, bytes, objects);
    assertThat(bytes).as(message).isEqualTo(budget);
  }

  /** One flow's objects: their simple type names, each object's path, type and size, and the sum. */
  private record Block(List<String> types, List<String> pieces, long bytes) {}

  /** Flow {@link #FLOW}'s block in {@link #SCENARIO} with {@code settings}, after {@link #AT_US} of simulated time. */
  private static Block flowBlock(String... settings) {
    MacroScenario s = MacroScenarios.find(SCENARIO);
    PreparedRun run = ScenarioRunner.prepare(
        ScenarioReader.fromText("", "macro", null, s.name(), s.overridesWith(List.of(settings))));
    run.start();
    run.simulator().run(AT_US * Simulator.PS_PER_US);
    IdentityHashMap<Object, String> owned = FlowLayout.owned(FlowLayout.senders(run.transport()), FLOW);
    List<String> types = new ArrayList<>();
    List<String> pieces = new ArrayList<>();
    long bytes = 0;
    for (var e : owned.entrySet()) {
      Object o = e.getKey();
      long size = VM.current().sizeOf(o);
      types.add(o.getClass().getSimpleName());
      pieces.add(e.getValue() + " (" + o.getClass().getSimpleName() + ") " + size);
      bytes += size;
    }
    return new Block(types, pieces, bytes);
  }
}
