package org.lbsim.training.chakra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.lbsim.training.chakra.TraceWriter.collective;
import static org.lbsim.training.chakra.TraceWriter.compute;
import static org.lbsim.training.chakra.TraceWriter.pointToPoint;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.training.chakra.TraceNode.Collective;
import org.lbsim.training.chakra.TraceNode.Kind;
import org.lbsim.training.chakra.proto.ChakraEt.AttributeProto;
import org.lbsim.training.chakra.proto.ChakraEt.Node;

/** Reading rank files: what the writer wrote comes back; malformed files are refused with one line. */
class ChakraTraceTest {
  @TempDir
  Path dir;

  private Path prefix() {
    return dir.resolve("t");
  }

  @Test
  void readsBackWhatTheWriterWrote() throws IOException {
    TraceWriter.write(prefix(), List.of(
        List.of(compute(1, "fwd", 7), collective(2, "ar", TraceWriter.ALL_REDUCE, 4096, "dp", 1),
            pointToPoint(3, true, 0, 1, 512, 2)),
        List.of(collective(5, "ar", TraceWriter.ALL_REDUCE, 4096, "dp"), pointToPoint(6, false, 0, 1, 512, 5))));
    ChakraTrace t = ChakraTrace.read(prefix());
    assertThat(t.ranks()).isEqualTo(2);
    assertThat(t.nodes()).isEqualTo(5);
    List<TraceNode> r0 = t.rankTraces().get(0).nodes();
    assertThat(r0.get(0).kind()).isEqualTo(Kind.LOCAL);
    assertThat(r0.get(0).durationPs()).isEqualTo(7_000_000L);
    assertThat(r0.get(1).kind()).isEqualTo(Kind.COLLECTIVE);
    assertThat(r0.get(1).collective()).isEqualTo(Collective.ALL_REDUCE);
    assertThat(r0.get(1).bytes()).isEqualTo(4096);
    assertThat(r0.get(1).group()).isEqualTo("dp");
    assertThat(r0.get(1).deps()).containsExactly(1L);
    assertThat(r0.get(2).kind()).isEqualTo(Kind.SEND);
    assertThat(r0.get(2).peer()).isEqualTo(1);
    assertThat(r0.get(2).bytes()).isEqualTo(512);
    TraceNode recv = t.rankTraces().get(1).nodes().get(1);
    assertThat(recv.kind()).isEqualTo(Kind.RECV);
    assertThat(recv.peer()).isZero();
    assertThat(t.skippedAttributes()).containsEntry("is_cpu_op", 1);
    assertThat(t.skippedNodes()).isEmpty();
  }

  @Test
  void aTruncatedFileIsRefused() throws IOException {
    TraceWriter.write(prefix(), List.of(List.of(compute(1, "a", 3), compute(2, "b", 3, 1))));
    Path f = Path.of(prefix() + ".0.et");
    byte[] b = Files.readAllBytes(f);
    Files.write(f, Arrays.copyOf(b, b.length - 3));
    assertThatThrownBy(() -> ChakraTrace.read(prefix())).isInstanceOf(TraceException.class)
        .hasMessageStartingWith(f + ": workload.trace: cannot read node 2 of the file")
        .hasMessageContaining("truncated");
  }

  /** A delimited parser would take the node without its last field; the byte count says it was cut. */
  @Test
  void aFileCutBetweenTwoFieldsOfItsLastNodeIsRefused() throws IOException {
    Node last = Node.newBuilder().setId(2).setName("b").setTypeValue(4).setDurationMicros(3).build();
    TraceWriter.write(prefix(), List.of(List.of(compute(1, "a", 3), last)));
    Path f = Path.of(prefix() + ".0.et");
    byte[] b = Files.readAllBytes(f);
    Files.write(f, Arrays.copyOf(b, b.length - 2)); // duration_micros: one tag byte, one value byte
    assertThatThrownBy(() -> ChakraTrace.read(prefix())).isInstanceOf(TraceException.class)
        .hasMessage(f + ": workload.trace: cannot read node 2 of the file (got 'the file ends inside it (truncated: 7 of 9 "
            + "bytes)'; allowed: length-delimited Chakra messages: the global metadata, then nodes)");
  }

  @Test
  void anEmptyOrForeignFileIsRefused() throws IOException {
    Files.write(Path.of(prefix() + ".0.et"), new byte[0]);
    assertThatThrownBy(() -> ChakraTrace.read(prefix())).hasMessageContaining("empty file");
    Files.writeString(Path.of(prefix() + ".0.et"), "nodes:\n  - id: 1\n");
    assertThatThrownBy(() -> ChakraTrace.read(prefix())).isInstanceOf(TraceException.class)
        .hasMessageContaining("cannot read");
  }

  @Test
  void aCollectiveLbsimDoesNotModelIsRefused() throws IOException {
    TraceWriter.write(prefix(), List.of(List.of(collective(1, "gather", TraceWriter.GATHER, 64, ""))));
    assertThatThrownBy(() -> ChakraTrace.read(prefix())).isInstanceOf(TraceException.class)
        .hasMessageContaining("rank 0 node 1 'gather': comm_type 3 is not a collective lbsim models (got '3'; allowed: "
            + "0 (ALL_REDUCE), 1 (REDUCE), 2 (ALL_GATHER), 5 (BROADCAST)");
    TraceWriter.write(prefix(), List.of(List.of(collective(1, "x", 42, 64, ""))));
    assertThatThrownBy(() -> ChakraTrace.read(prefix())).hasMessageContaining("got '42'");
  }

  @Test
  void rankFilesMustNumberFromZeroWithoutAGap() throws IOException {
    TraceWriter.write(prefix(), List.of(List.of(), List.of(), List.of()));
    Files.delete(Path.of(prefix() + ".1.et"));
    assertThatThrownBy(() -> ChakraTrace.read(prefix())).hasMessageContaining("rank file t.1.et is missing");
    assertThatThrownBy(() -> ChakraTrace.read(dir.resolve("none"))).hasMessageContaining("no rank files");
  }

  @Test
  void anUnknownNodeTypeIsSkippedWhenItTakesNoTimeAndRefusedOtherwise() throws IOException {
    Node odd = Node.newBuilder().setId(2).setTypeValue(42).addDataDeps(1).build();
    TraceWriter.write(prefix(), List.of(List.of(compute(1, "a", 3), odd, compute(3, "b", 3, 2))));
    ChakraTrace t = ChakraTrace.read(prefix());
    assertThat(t.skippedNodes()).containsExactly(java.util.Map.entry("42", 1));
    assertThat(t.rankTraces().get(0).nodes().get(1).kind()).isEqualTo(Kind.SKIPPED);
    TraceWriter.write(prefix(), List.of(List.of(odd.toBuilder().setDurationMicros(5).build())));
    assertThatThrownBy(() -> ChakraTrace.read(prefix())).hasMessageContaining("node type 42 is not one lbsim knows")
        .hasMessageContaining("drop its 5 us");
  }

  @Test
  void dependenciesMustNameNodesOfTheFile() throws IOException {
    TraceWriter.write(prefix(), List.of(List.of(compute(1, "a", 3, 99))));
    assertThatThrownBy(() -> ChakraTrace.read(prefix()))
        .hasMessageContaining("rank 0 node 1 'a': depends on node 99, which the file does not hold");
  }

  /** A case of ChakraFuzzTest's draw (lbsim-cli): a node name's control characters are quoted escaped, so the problem stays one line. */
  @Test
  void aNodeNamesControlCharactersAreEscapedInTheProblemLine() throws IOException {
    TraceWriter.write(prefix(), List.of(List.of(compute(1, "a\u0000\nb", 3, 99))));
    assertThatThrownBy(() -> ChakraTrace.read(prefix()))
        .hasMessageContaining("rank 0 node 1 'a\\u0000\\nb': depends on node 99, which the file does not hold");
  }

  @Test
  void aSizeMustBeAnInteger() throws IOException {
    Node n = collective(1, "ar", TraceWriter.ALL_REDUCE, 64, "").toBuilder().setAttr(1,
        AttributeProto.newBuilder().setName("comm_size").setStringVal("64")).build();
    TraceWriter.write(prefix(), List.of(List.of(n)));
    assertThatThrownBy(() -> ChakraTrace.read(prefix())).hasMessageContaining("attribute comm_size must be an integer");
  }

  @Test
  void aSendMustNameAnotherRank() throws IOException {
    TraceWriter.write(prefix(), List.of(List.of(pointToPoint(1, true, 0, 5, 64)), List.of()));
    assertThatThrownBy(() -> ChakraTrace.read(prefix()))
        .hasMessageContaining("comm_dst is not another rank of the trace (got '5'; allowed: a rank from 0 to 1 other than 0)");
  }
}
