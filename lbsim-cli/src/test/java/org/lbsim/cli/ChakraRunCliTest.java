package org.lbsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lbsim.training.chakra.proto.ChakraEt.AttributeProto;
import org.lbsim.training.chakra.proto.ChakraEt.GlobalMetadata;
import org.lbsim.training.chakra.proto.ChakraEt.Node;
import org.lbsim.training.chakra.proto.ChakraEt.NodeType;

/**
 * {@code lbsim run} on a Chakra trace: the table's trace line, its collectives with their lower
 * bounds, and summary.json; a truncated rank file exits 2.
 */
class ChakraRunCliTest {
  @TempDir
  Path dir;

  /** Two ranks: 6 us (rank 0) and 2 us (rank 1) of compute, an AllReduce of 64 KiB, then 1 us. */
  private void writeTrace() throws IOException {
    for (int r = 0; r < 2; r++) {
      try (OutputStream out = Files.newOutputStream(dir.resolve("t." + r + ".et"))) {
        GlobalMetadata.newBuilder().setVersion("0.0.4").build().writeDelimitedTo(out);
        Node.newBuilder().setId(1).setName("fwd").setType(NodeType.COMP_NODE).setDurationMicros(r == 0 ? 6 : 2)
            .addAttr(AttributeProto.newBuilder().setName("rf_id").setInt64Val(7)).build().writeDelimitedTo(out);
        Node.newBuilder().setId(2).setName("ar").setType(NodeType.COMM_COLL_NODE).addDataDeps(1)
            .addAttr(AttributeProto.newBuilder().setName("comm_type").setInt64Val(0))
            .addAttr(AttributeProto.newBuilder().setName("comm_size").setInt64Val(65536)).build().writeDelimitedTo(out);
        Node.newBuilder().setId(3).setName("opt").setType(NodeType.COMP_NODE).setDurationMicros(1).addDataDeps(2)
            .build().writeDelimitedTo(out);
      }
    }
    Files.writeString(dir.resolve("s.yaml"), "name: trace\ntopology: {k: 4}\nworkload: {kind: chakra, trace: t}\n"
        + "job: {gpus_per_server: 1}\n");
  }

  @Test
  void runPrintsTheTracesRankEndsAndCriticalPath() throws IOException {
    writeTrace();
    CliRunner.Outcome o = CliRunner.run("run", dir.resolve("s.yaml").toString(), "--out", dir.resolve("out").toString());
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.out()).containsPattern("\ntrace +[a-z-]+ +chakra t +[0-9.]+ ")
        .containsPattern("\ntrace +0 +chakra +trace t +[0-9.]+ ")
        .containsPattern("\ntrace job 0: 2 ranks end [0-9.]+ to [0-9.]+ us; critical path 7\\.000 us compute, [0-9.]+ us "
            + "communication; attributes not read: rf_id\n")
        .containsPattern("\nscenario +job +collective +op +algorithm +ranks +size \\(B\\) +CCT \\(us\\) +bound \\(us\\) +% over bound\n")
        .containsPattern("\ntrace +0 +rank 0 node 2 ar +all-reduce +ring +2 +65536 +[0-9.]+ +[0-9.]+ +[0-9.]+\n");
    JsonNode summary = new ObjectMapper().readTree(dir.resolve("out/trace/summary.json").toFile());
    JsonNode job = summary.get("training").get("jobs").get(0);
    assertThat(job.get("critical_compute_ps").asLong()).isEqualTo(7_000_000L);
    assertThat(job.get("critical_comm_ps").asLong()).isEqualTo(job.get("iteration_ps").asLong() - 7_000_000L).isPositive();
    assertThat(job.get("rank_end_ps")).hasSize(2);
    assertThat(summary.get("training").get("trace").get("skipped_attributes").get("rf_id").asInt()).isEqualTo(2);
    JsonNode allReduce = job.get("collectives").get(0);
    assertThat(allReduce.get("op").asText()).isEqualTo("all-reduce");
    assertThat(allReduce.get("lower_bound_ps").asLong()).isPositive();
    assertThat(allReduce.get("cct_ps").asLong()).isGreaterThanOrEqualTo(allReduce.get("lower_bound_ps").asLong());
  }

  @Test
  void aTruncatedRankFileExitsTwoWithOneLine() throws IOException {
    writeTrace();
    Path f = dir.resolve("t.1.et");
    byte[] b = Files.readAllBytes(f);
    Files.write(f, Arrays.copyOf(b, b.length - 2));
    CliRunner.Outcome o = CliRunner.run("run", dir.resolve("s.yaml").toString(), "--out", dir.resolve("out").toString());
    assertThat(o.code()).isEqualTo(2);
    assertThat(o.err().lines().filter(l -> l.startsWith("error: ")).toList()).containsExactly("error: " + f
        + ": workload.trace: cannot read node 3 of the file (got 'the file ends inside it (truncated: 12 of 14 bytes)'; allowed: "
        + "length-delimited Chakra messages: the global metadata, then nodes)");
    assertThat(dir.resolve("out")).doesNotExist();
  }
}
